import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import {
  pathCacheControl,
  routedPath,
  TOKEN_PATH,
  VISITOR_COOKIE,
} from '~/services/cache-control.server';

/**
 * Pages that vary with the visitor's cookies say so, for any cache in front (not static files,
 * whose caching must not vary by cookie). Which caches may keep them is decided with the page
 * (services/cache-control.server.ts, in entry.server.tsx).
 */
export function varyByVisitor(req: Request, res: Response): void {
  if (req.headers.cookie && VISITOR_COOKIE.test(req.headers.cookie)) res.vary('Cookie');
}

/** No Referer may carry a token page's address elsewhere, and no search engine index it. */
function tokenPageHeaders(res: Response) {
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
}

/** The catalogue's read API (server/api.ts): JSON only. */
const API_PATH = /^\/api\/v1\//;

/** The nonce of this response, made by `securityHeaders` (React Router gets it via the load context). */
export function cspNonce(res: Response): string {
  return String(res.locals.cspNonce ?? '');
}

/**
 * Browser security headers on every response: a Content-Security-Policy whose scripts are this
 * origin's files and the inline scripts that carry this response's nonce, no framing, no MIME
 * sniffing, a strict referrer policy, HSTS when the site is served over https, and no caching of
 * private and token addresses (services/cache-control.server.ts). In development Vite's own inline
 * scripts run, so the policy is left out there.
 */
export function securityHeaders(options: {
  https: boolean;
  development: boolean;
  /** Other origins images load from (the bucket's or CDN's, S3_PUBLIC_URL). */
  imageOrigins?: string[];
}) {
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
  // The catalogue's JSON API has no page to run scripts in, so no nonce.
  const apiHeaders = helmet({
    ...common,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
  });
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
            imgSrc: ["'self'", 'data:', 'blob:', ...(options.imageOrigins ?? [])],
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
    if (API_PATH.test(req.path)) return apiHeaders(req, res, next);
    res.locals.cspNonce = randomBytes(16).toString('base64');
    // Private and token addresses: whatever answers there, no cache keeps it.
    const cacheControl = pathCacheControl(req.path);
    if (cacheControl) res.setHeader('Cache-Control', cacheControl);
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
