import type { Route } from './+types/sitemap.xml';
import { listProductIndex } from '~/services/catalogue/products.server';
import { listCategories, listSports } from '~/services/catalogue/taxonomy.server';
import { applyCacheControl } from '~/services/cache-control.server';
import { env } from '~/services/env.server';

const STATIC_PAGES = [
  '/',
  '/shop',
  '/about-us',
  '/contact-us',
  '/portfolio',
  '/napfa',
  '/terms',
  '/privacy',
];

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** `/sitemap.xml`: every static page, sport, category and product. */
export async function loader({ request }: Route.LoaderArgs) {
  const origin = env().publicUrl;
  const [products, sports, categories] = await Promise.all([
    listProductIndex(),
    listSports(),
    listCategories(),
  ]);
  const url = (path: string, lastmod?: Date) =>
    `<url><loc>${escapeXml(origin + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`;
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...STATIC_PAGES.map((p) => url(p)),
    ...sports.map((s) => url(`/shop/sports/${s.id}`)),
    ...categories.map((c) => url(`/shop/category/${c.id}`)),
    ...products.map((p) => url(`/products/${p.id}`, new Date(p.updatedAt))),
    '</urlset>',
  ].join('\n');
  const headers = new Headers({
    'Content-Type': 'application/xml; charset=utf-8',
    // An hour in any cache; only the visitor's own for a visitor with a session or cart.
    'Cache-Control': 'public, max-age=3600',
  });
  applyCacheControl(request, headers);
  return new Response(body, { headers });
}
