import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { GUEST_CART_COOKIE } from '~/lib/cart';

/**
 * Pages that show one user's data: never stored by a browser or a shared cache, nor their
 * `.data` (client navigation) requests, nor the files their routes send (quotation PDFs, the CSV
 * export), which therefore set no Cache-Control of their own (oneCacheControl would keep this one).
 */
const PRIVATE_PATH = /^\/(profile|orders|cart|admin|login\/two-factor)(\/|\.data$|$)/i;

/**
 * The path as the routes match it: decoded and in any case (React Router matches `/PROFILE` and
 * `/%70rofile` to /profile), so no spelling of a private page escapes its headers.
 */
function routedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export function isPrivatePath(path: string): boolean {
  return PRIVATE_PATH.test(routedPath(path));
}

/**
 * Pages whose address is itself the key (a guest's enquiry link, a quotation's link, a password
 * reset link): no Referer may carry it elsewhere, no cache keep it, no search engine index it,
 * whatever the status (a 404 too).
 */
const TOKEN_PATH = /^\/(enquiries\/|quotations\/|reset-password(\/|\.data$|$))/i;

/** Cookies that make a page this visitor's own (a session, a guest cart). */
export const VISITOR_COOKIE = new RegExp(
  `(?:^|;)\\s*(?:[^=;]*better-auth[^=;]*|${GUEST_CART_COOKIE})=`,
);
/** A page made for one visitor: only their browser may keep it, and must ask again first. */
export const PERSONAL_CACHE_CONTROL = 'private, no-cache';

/**
 * Any page a signed-in visitor (or one with a guest cart) gets may show their name or cart: unless
 * it says more already (a private page's no-store), no shared cache may keep it. Pages only, not
 * static files, whose caching must not vary by cookie.
 */
export function personalPageHeaders(req: Request, res: Response): void {
  if (res.hasHeader('Cache-Control') || !req.headers.cookie) return;
  if (!VISITOR_COOKIE.test(req.headers.cookie)) return;
  res.setHeader('Cache-Control', PERSONAL_CACHE_CONTROL);
  res.vary('Cookie');
}

/** How much a Cache-Control value forbids: nothing stored, only by the browser, or shared. */
const strictness = (value: string) =>
  /no-store/i.test(value) ? 2 : /private|no-cache/i.test(value) ? 1 : 0;

/**
 * Keeps one Cache-Control on the response, the stricter, when a route sets its own on top of the
 * server's (a private page's no-store, a visitor's private, no-cache): React Router's Express
 * adapter appends, and both were sent (`private, no-cache` with `public, max-age=3600` on the
 * sitemap for a visitor with a cookie, which caches may read either way).
 */
export function oneCacheControl(res: Response): void {
  const append = res.append.bind(res);
  res.append = (field: string, value?: string[] | string) => {
    const current = res.getHeader('Cache-Control');
    if (field.toLowerCase() !== 'cache-control' || current === undefined || value === undefined)
      return append(field, value);
    const next = String(value);
    if (strictness(next) > strictness(String(current))) res.setHeader('Cache-Control', next);
    return res;
  };
}

function tokenPageHeaders(res: Response) {
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
}

/** The catalogue's read API (server/api.ts): JSON only. */
const API_PATH = /^\/api\/v1\//;

/** The headers a header-setting middleware sets, found by running it once on a stand-in. */
function fixedHeaders(
  middleware: (req: Request, res: Response, next: (error?: unknown) => void) => void,
): [string, string][] {
  const set = new Map<string, string>();
  const res = {
    locals: {},
    setHeader: (name: string, value: unknown) => set.set(name, String(value)),
    removeHeader: (name: string) => set.delete(name),
  };
  middleware({ headers: {} } as Request, res as unknown as Response, (error) => {
    if (error) throw error;
  });
  return [...set];
}

/** The nonce of this response, made by `securityHeaders` (React Router gets it via the load context). */
export function cspNonce(res: Response): string {
  return String(res.locals.cspNonce ?? '');
}

/**
 * Browser security headers on every response: a Content-Security-Policy whose scripts are this
 * origin's files and the inline scripts that carry this response's nonce, no framing, no MIME
 * sniffing, a strict referrer policy, HSTS when the site is served over https, and `no-store` on
 * private pages. In development Vite's own inline scripts run, so the policy is left out there.
 */
export function securityHeaders(options: { https: boolean; development: boolean }) {
  const nonce = (_req: unknown, res: unknown) => `'nonce-${cspNonce(res as Response)}'`;
  const common = {
    strictTransportSecurity: options.https
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Google sign-in opens in the same window; the default would be fine, say it explicitly.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  } as const;
  // The catalogue's JSON API has no page to run scripts in, so no nonce: one fixed set of
  // headers, worked out once instead of per response (its hot path, issue 17).
  const apiHeaders = fixedHeaders(
    helmet({
      ...common,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      },
    }),
  );
  const headers = helmet({
    ...common,
    contentSecurityPolicy: options.development
      ? false
      : {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", nonce],
            scriptSrcAttr: ["'none'"],
            // Style attributes and the toast library's injected <style>: styles cannot run code.
            styleSrc: ["'self'", "'unsafe-inline'"],
            // The two-factor QR code is a data: URL; the back office previews and crops a chosen
            // picture from a blob: URL before it is uploaded.
            imgSrc: ["'self'", 'data:', 'blob:'],
            fontSrc: ["'self'"],
            connectSrc: ["'self'"],
            objectSrc: ["'none'"],
            baseUri: ["'none'"],
            frameAncestors: ["'none'"],
            ...(options.https ? { upgradeInsecureRequests: [] } : {}),
          },
        },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    if (API_PATH.test(req.path)) {
      for (const [name, value] of apiHeaders) res.setHeader(name, value);
      return next();
    }
    res.locals.cspNonce = randomBytes(16).toString('base64');
    if (isPrivatePath(req.path)) res.setHeader('Cache-Control', 'no-store');
    if (!TOKEN_PATH.test(routedPath(req.path))) return headers(req, res, next);
    // After helmet, whose strict-origin-when-cross-origin would still send this site's origin.
    headers(req, res, (error?: unknown) => {
      tokenPageHeaders(res);
      next(error);
    });
  };
}

/**
 * For the cache of guest pages: render once with this placeholder as the nonce, store the HTML,
 * and put each response's own nonce in its place with `withNonce` before sending it. Random per
 * process: a visitor who types it (a search for it) must not get a real nonce into the page.
 */
export const NONCE_PLACEHOLDER = `__FIELDHOUSE_CSP_NONCE_${randomBytes(12).toString('hex')}__`;

export function withNonce(html: string, nonce: string): string {
  return html.replaceAll(NONCE_PLACEHOLDER, nonce);
}

/**
 * The same for a page sent many times: the HTML cut at each placeholder, once, as bytes. Sending
 * writes the parts with the response's nonce between them (see `server/page-cache.ts`), so a
 * cached page costs no new copy of itself per response.
 */
export function splitAtNonce(html: string): Buffer[] {
  return html.split(NONCE_PLACEHOLDER).map((part) => Buffer.from(part));
}
