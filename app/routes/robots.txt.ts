import { env } from '~/services/env.server';

/** `/robots.txt`: everything public may be crawled; the admin and the cart may not. */
export function loader() {
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /cart',
    'Disallow: /api/',
    '',
    `Sitemap: ${env().publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  });
}
