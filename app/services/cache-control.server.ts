import { GUEST_CART_COOKIE } from '~/lib/cart';

/**
 * Which caches may keep a response: one Cache-Control each, from the rules here.
 *
 * - By address: private pages and token pages (below) are never kept, whatever answers there (a
 *   page, a redirect, a file, a failure). The server sets it on every response to such an address
 *   before React Router runs (`pathCacheControl`, server/headers.ts), and nothing else adds one.
 * - By visitor: elsewhere, a page or a file for a visitor with a session or a guest cart is for
 *   their browser only. entry.server.tsx applies it to every page and `.data` answer, merged with
 *   the route's own value (`cacheControlFor`); a resource route that chooses a value (the sitemap)
 *   passes it through `cacheControlFor` itself.
 */

/**
 * Pages that show one user's data, their `.data` (client navigation) requests and the files their
 * routes send (quotation PDFs, the CSV export).
 */
const PRIVATE_PATH = /^\/(profile|orders|cart|admin|login\/two-factor)(\/|\.data$|$)/i;

/**
 * Pages whose address is itself the key (a guest's enquiry link, a quotation's link, a password reset link), whatever
 * the status (a 404 too).
 */
export const TOKEN_PATH = /^\/(enquiries\/|quotations\/|reset-password(\/|\.data$|$))/i;

/**
 * The path as the routes match it: decoded and in any case (React Router matches `/PROFILE` and
 * `/%70rofile` to /profile), so no spelling of a private page escapes its headers.
 */
export function routedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The Cache-Control every response to this path gets, or null when the address says nothing. */
export function pathCacheControl(path: string): string | null {
  const routed = routedPath(path);
  if (TOKEN_PATH.test(routed)) return 'private, no-store';
  if (PRIVATE_PATH.test(routed)) return 'no-store';
  return null;
}

/** Cookies that make a page this visitor's own (a session, a guest cart). */
export const VISITOR_COOKIE = new RegExp(
  `(?:^|;)\\s*(?:[^=;]*better-auth[^=;]*|${GUEST_CART_COOKIE})=`,
);

/** A page made for one visitor: only their browser may keep it, and must ask again first. */
export const PERSONAL_CACHE_CONTROL = 'private, no-cache';

/** How much a Cache-Control value forbids: nothing stored, only by the browser, or shared. */
const strictness = (value: string) =>
  /no-store/i.test(value) ? 2 : /private|no-cache/i.test(value) ? 1 : 0;

/**
 * The Cache-Control React Router's answer to `request` adds, when its route would send `own`: the
 * stricter of `own` and what the visitor requires (a visitor's `private, no-cache` over the
 * sitemap's `public, max-age=3600`). Null on a private or token address, which has the server's
 * value already (`pathCacheControl`), and null when there is nothing to say.
 */
export function cacheControlFor(request: Request, own?: string | null): string | null {
  if (pathCacheControl(new URL(request.url).pathname)) return null;
  const cookie = request.headers.get('cookie');
  const needed = cookie && VISITOR_COOKIE.test(cookie) ? PERSONAL_CACHE_CONTROL : null;
  if (!own || !needed) return own || needed;
  return strictness(own) > strictness(needed) ? own : needed;
}

/** Puts the one Cache-Control of `headers` for `request` in place (see cacheControlFor). */
export function applyCacheControl(request: Request, headers: Headers): void {
  const value = cacheControlFor(request, headers.get('Cache-Control'));
  if (value) headers.set('Cache-Control', value);
  else headers.delete('Cache-Control');
}
