import type { Route } from './+types/robots.txt';
import { applyCacheControl } from '~/services/cache-control.server';
import { env } from '~/services/env.server';

/** `/robots.txt`: everything public may be crawled; the admin and the cart may not. */
export function loader({ request }: Route.LoaderArgs) {
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
  const headers = new Headers({
    'Content-Type': 'text/plain; charset=utf-8',
    // An hour in any cache; only the visitor's own for a visitor with a session or cart.
    'Cache-Control': 'public, max-age=3600',
  });
  applyCacheControl(request, headers);
  return new Response(body, { headers });
}
