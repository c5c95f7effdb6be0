import type { NextFunction, Request, Response } from 'express';
import type { AppLoadContext } from 'react-router';
import { copyrightYear } from '~/lib/site';
import { parseShopState, shopHref } from '~/lib/shop-url';
import { catalogueVersion } from '~/services/catalogue/cache.server';
import { requestState, type RequestState } from '~/services/request-state.server';
import { PERSONAL_CACHE_CONTROL, VISITOR_COOKIE } from '~/services/cache-control.server';
import { countPageCache } from '~/services/metrics.server';
import { cspNonce, NONCE_PLACEHOLDER, splitAtNonce } from './headers';

/**
 * The guest page cache (docs/decisions/006-guest-page-cache.md): a guest's `/`, `/shop` (every
 * filter and page) and `/products/:id` documents are the same for every guest, so each is rendered
 * once per catalogue version and served from memory after that. Client-side navigations (`.data`
 * requests, whose form is React Router's own business) are rendered each time.
 *
 * - Only for GET/HEAD without a Better Auth cookie (any `better-auth…` cookie: session, cached
 *   session data, two-factor) and without the guest cart cookie. The render itself is made
 *   without any of the visitor's headers, so it cannot contain anything of theirs.
 * - Only 200 answers without Set-Cookie are kept; anything else is sent once and forgotten.
 * - Rendered with NONCE_PLACEHOLDER as the CSP nonce; each response gets its own nonce back
 *   (the one in its Content-Security-Policy header) where the placeholder was (`splitAtNonce`,
 *   the byte-level `withNonce`).
 * - Keyed by the canonical URL (the shop's state in its canonical order, `q` for the header's
 *   search box); other parameters are dropped from the render, so an unknown parameter costs no
 *   entry. Dropped when the catalogue version moves (read at most once
 *   a second from the database: fresh on every instance sharing it), and bounded in bytes.
 */

/** The pages the cache serves. */
const CACHEABLE = /^\/(?:shop(?:\/(?:sports|category)\/\d{1,9})?|products\/\d{1,9})?$/;

const MAX_BYTES = 16 * 1024 * 1024;
const MAX_ENTRIES = 1000;
/** Longest `q` worth a cache entry (the shop reads at most 100 characters of it). */
const MAX_Q = 100;

/**
 * For a CDN in front: it may keep a guest page for a few seconds and serve it stale while it
 * fetches a new one. The page and its CSP header (with the nonce in both) travel together.
 */
export const GUEST_CACHE_CONTROL = 'public, max-age=0, s-maxage=10, stale-while-revalidate=60';

interface Page {
  status: number;
  headers: [string, string][];
  /** The body cut at each nonce placeholder (splitAtNonce). */
  parts: Buffer[];
  bytes: number;
  /** Made without a part that failed (RequestState.degraded): sent, never kept. */
  degraded: boolean;
  /** Shows the id of the request it was made for (an error page's reference): never kept. */
  personal: boolean;
  setsCookie: boolean;
}

const entries = new Map<string, Page>();
const rendering = new Map<string, Promise<Page | null>>();
let entriesVersion: string | undefined;
let bytes = 0;

/** Counters for tests and the bench: how many pages were rendered into the cache and served. */
export const pageCacheStats = { hits: 0, misses: 0, bypasses: 0 };

const sizeOf = (page: Page) => page.bytes;

function forget(key: string): void {
  const page = entries.get(key);
  if (!page) return;
  entries.delete(key);
  bytes -= sizeOf(page);
}

function store(key: string, page: Page): void {
  forget(key);
  const size = sizeOf(page);
  if (size > MAX_BYTES / 8) return;
  entries.set(key, page);
  bytes += size;
  for (const oldest of entries.keys()) {
    if ((bytes <= MAX_BYTES && entries.size <= MAX_ENTRIES) || oldest === key) break;
    forget(oldest);
  }
}

/**
 * The canonical path and query of a cacheable guest request, or null when it does not qualify.
 * Exported for its test.
 */
export function guestPageKey(req: {
  method: string;
  path: string;
  url: string;
  headers: { cookie?: string };
}): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  if (!CACHEABLE.test(req.path)) return null;
  // Cookies a cached page would ignore but whose owner must get their own page.
  if (req.headers.cookie && VISITOR_COOKIE.test(req.headers.cookie)) return null;
  // An absolute request target with a bad port passes the path's test but is no URL: not ours.
  if (!URL.canParse(req.url, 'http://x')) return null;
  const url = new URL(req.url, 'http://x');
  const q = url.searchParams.get('q') ?? '';
  if (q.length > MAX_Q) return null;
  const params = new URLSearchParams();
  if (req.path.startsWith('/shop')) {
    const state = parseShopState(url);
    new URLSearchParams(shopHref(state).split('?')[1] ?? '').forEach((v, k) => params.set(k, v));
  } else if (q) {
    // The header's search box shows `q` on every page.
    params.set('q', q);
  }
  const query = params.toString();
  return query ? `${req.path}?${query}` : req.path;
}

function send(req: Request, res: Response, page: Page, outcome: 'HIT' | 'MISS' | 'BYPASS') {
  res.status(page.status);
  for (const [name, value] of page.headers) res.append(name, value);
  res.setHeader('X-Cache', outcome);
  res.vary('Cookie');
  if (outcome === 'BYPASS') {
    if (page.setsCookie) res.setHeader('Cache-Control', 'no-store');
    else if (!res.getHeader('Cache-Control'))
      res.setHeader('Cache-Control', PERSONAL_CACHE_CONTROL);
  } else {
    res.setHeader('Cache-Control', GUEST_CACHE_CONTROL);
  }
  // This response's own nonce where the placeholder was: the stored bytes are written as they
  // are, with no per-response copy of the page (corked: one write to the socket).
  const nonce = Buffer.from(cspNonce(res));
  const gaps = page.parts.length - 1;
  res.setHeader('Content-Length', page.bytes + gaps * nonce.length);
  if (req.method === 'HEAD') return void res.end();
  res.cork();
  page.parts.forEach((part, i) => {
    res.write(part);
    if (i < gaps) res.write(nonce);
  });
  res.end();
}

/**
 * The Express middleware in front of React Router's Express handler (server/app.ts). `origin` is
 * the shop's public origin: the render's URL never takes the visitor's Host header.
 */
export function guestPageCache(options: {
  /** React Router's request handler (`createRequestHandler(build)`). */
  handle: (request: globalThis.Request, context: AppLoadContext) => Promise<globalThis.Response>;
  origin: string;
  clientAddress: (req: Request) => string;
  /** The request's id: an error page made for this request shows it (server/observe.ts). */
  requestId?: (req: Request) => string;
}) {
  const { handle } = options;

  async function render(key: string, clientAddress: string, requestId: string): Promise<Page> {
    const state: RequestState = { safeMethod: true };
    const response = await requestState.run(state, () =>
      handle(new Request(`${options.origin}${key}`), {
        clientAddress,
        cspNonce: NONCE_PLACEHOLDER,
        requestId,
      }),
    );
    const headers: [string, string][] = [];
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie' && name !== 'content-length') headers.push([name, value]);
    });
    for (const cookie of response.headers.getSetCookie()) headers.push(['set-cookie', cookie]);
    const parts = splitAtNonce(await response.text());
    return {
      status: response.status,
      headers,
      parts,
      bytes: parts.reduce((sum, part) => sum + part.length, 0),
      setsCookie: response.headers.has('set-cookie'),
      // A part that failed after the 200 went out (the whole body has been read by now).
      degraded: Boolean(state.degraded),
      personal:
        Boolean(requestId) && parts.some((part) => part.includes(`Reference: ${requestId}`)),
    };
  }

  return async (req: Request, res: Response, next: NextFunction) => {
    const key = guestPageKey(req);
    if (!key) {
      if (CACHEABLE.test(req.path)) {
        pageCacheStats.bypasses++;
        countPageCache('bypass');
        // Made for this visitor (entry.server.tsx says which caches may keep it).
        res.vary('Cookie');
        res.setHeader('X-Cache', 'BYPASS');
      }
      return next();
    }
    try {
      // Every page's footer shows the year in Singapore: a new year starts the cache afresh.
      const version = `${await catalogueVersion()}/${copyrightYear(new Date())}`;
      if (version !== entriesVersion) {
        entries.clear();
        bytes = 0;
        entriesVersion = version;
      }
      const hit = entries.get(key);
      if (hit) {
        // Most recently used last (LRU order).
        entries.delete(key);
        entries.set(key, hit);
        pageCacheStats.hits++;
        countPageCache('hit');
        return send(req, res, hit, 'HIT');
      }
      // Concurrent misses for one page share one render.
      const shared = rendering.get(key);
      if (shared) {
        const page = await shared;
        if (page) {
          countPageCache('hit');
          return send(req, res, page, 'HIT');
        }
        pageCacheStats.bypasses++;
        countPageCache('bypass');
        return next();
      }
      const made = render(key, options.clientAddress(req), options.requestId?.(req) ?? '');
      const keep = made.then(
        (page) =>
          page.status === 200 && !page.setsCookie && !page.degraded && !page.personal ? page : null,
        () => null,
      );
      rendering.set(key, keep);
      let page: Page;
      try {
        page = await made;
      } finally {
        rendering.delete(key);
      }
      const kept = await keep;
      // A render that began before the catalogue changed is not kept for the new version.
      if (kept && entriesVersion === version) store(key, kept);
      pageCacheStats.misses++;
      countPageCache(kept ? 'miss' : 'bypass');
      send(req, res, page, kept ? 'MISS' : 'BYPASS');
    } catch (error) {
      next(error);
    }
  };
}
