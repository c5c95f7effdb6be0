// The guest page cache's rules (server/page-cache.ts) in this process, on the test database: what
// it keeps and what it never keeps. React Router's handler is replaced by a small one whose
// answers the test chooses (a page that sets a cookie, a 404, a slow page), the catalogue version
// is the real one.
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { catalogueChanged } from '~/services/catalogue/cache.server';
import { db } from '~/services/db/client.server';
import { sports } from '~/services/db/schema';
import { noteDegraded } from '~/services/request-state.server';
import { guestPageCache, guestPageKey } from '../../server/page-cache';
import { NONCE_PLACEHOLDER, securityHeaders } from '../../server/headers';

/** What the stand-in handler answers per path, and how often it rendered each. */
const answers = new Map<string, () => Response | Promise<Response>>();
const renders = new Map<string, number>();
let base = '';
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.use(securityHeaders({ https: false, development: false }));
  app.use(
    guestPageCache({
      origin: 'http://shop.example',
      clientAddress: () => '127.0.0.1',
      handle: async (request, context) => {
        const url = new URL(request.url);
        expect(request.headers.get('cookie')).toBeNull();
        expect(context.cspNonce).toBe(NONCE_PLACEHOLDER);
        renders.set(url.pathname + url.search, (renders.get(url.pathname + url.search) ?? 0) + 1);
        const answer = answers.get(url.pathname);
        if (answer) return answer();
        return new Response(`<script nonce="${context.cspNonce}">${url.search}</script>`, {
          headers: { 'Content-Type': 'text/html' },
        });
      },
    }),
  );
  app.use((_req, res) => void res.status(299).send('rendered by the app'));
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close?.());

const get = (path: string) => fetch(`${base}${path}`);

describe('the guest page cache', () => {
  it('never keeps a page that sets a cookie, and does not send it on to others', async () => {
    answers.set('/products/7', () => {
      const headers = new Headers({ 'Content-Type': 'text/html' });
      headers.append('Set-Cookie', 'a=1; Path=/');
      headers.append('Set-Cookie', 'b=2; Path=/');
      return new Response('<p>with cookies</p>', { headers });
    });
    for (let i = 0; i < 2; i++) {
      const res = await get('/products/7');
      expect(res.headers.get('x-cache')).toBe('BYPASS');
      expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect(renders.get('/products/7')).toBe(2);
  });

  it('never keeps a non-200 answer', async () => {
    answers.set('/products/8', () => new Response('gone', { status: 404 }));
    expect((await get('/products/8')).status).toBe(404);
    expect((await get('/products/8')).headers.get('x-cache')).toBe('BYPASS');
    expect(renders.get('/products/8')).toBe(2);
  });

  it('sends but never keeps a page that lost a part after its 200 (a failed count, a timeout)', async () => {
    answers.set('/products/10', () => {
      // What the shop's loader and entry.server's onError note while the page streams.
      noteDegraded();
      return new Response('<p>without its counts</p>', {
        headers: { 'Content-Type': 'text/html' },
      });
    });
    for (let i = 0; i < 2; i++) {
      const res = await get('/products/10');
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('<p>without its counts</p>');
      expect(res.headers.get('x-cache')).toBe('BYPASS');
    }
    expect(renders.get('/products/10')).toBe(2);
  });

  it('renders a page once for concurrent guests', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    answers.set('/products/9', async () => {
      await gate;
      return new Response('<p>slow</p>', { headers: { 'Content-Type': 'text/html' } });
    });
    const all = Promise.all(Array.from({ length: 5 }, () => get('/products/9')));
    await new Promise((r) => setTimeout(r, 100));
    release();
    const results = await all;
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(renders.get('/products/9')).toBe(1);
  });

  it('puts each response its own nonce, the one of its CSP header', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await get('/shop?q=nonce');
      const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy')!)![1];
      expect(await res.text()).toBe(`<script nonce="${nonce}">?q=nonce</script>`);
    }
    expect(renders.get('/shop?q=nonce')).toBe(1);
  });

  it('drops its pages when the catalogue changes', async () => {
    await get('/shop?q=version');
    expect((await get('/shop?q=version')).headers.get('x-cache')).toBe('HIT');
    const [sport] = await db()
      .insert(sports)
      .values({ name: 'Sepak Takraw', slug: 'sepak-takraw' })
      .returning();
    catalogueChanged(); // what the admin services call after a write
    expect((await get('/shop?q=version')).headers.get('x-cache')).toBe('MISS');
    await db().delete(sports).where(eq(sports.id, sport!.id));
  });

  it('passes other pages and methods on to the app', async () => {
    expect((await get('/cart')).status).toBe(299);
    expect((await get('/about-us')).status).toBe(299);
    const post = await fetch(`${base}/shop`, { method: 'POST' });
    expect(post.status).toBe(299);
    expect(post.headers.get('x-cache')).toBe('BYPASS');
  });
});

describe('guestPageKey', () => {
  const key = (url: string, cookie?: string, method = 'GET') =>
    guestPageKey({ method, url, path: url.split('?')[0]!, headers: { cookie } });

  it('puts equivalent shop URLs under one key', () => {
    expect(key('/shop?page=1&category=3,1&q=%20net%20&utm=x')).toBe('/shop?q=net&category=1%2C3');
    expect(key('/shop?category=1&category=3&q=net')).toBe('/shop?q=net&category=1%2C3');
    expect(key('/shop/sports/2?page=2&sport=')).toBe('/shop/sports/2?page=2');
    expect(key('/?x=1')).toBe('/');
    expect(key('/products/5?q=hoop&ref=1')).toBe('/products/5?q=hoop');
  });

  it('refuses what is not a cacheable guest request', () => {
    expect(key('/shop', undefined, 'POST')).toBeNull();
    expect(key('/cart')).toBeNull();
    expect(key('/products/abc')).toBeNull();
    // Client-side navigations are React Router's own protocol: rendered each time.
    expect(key('/shop.data?q=net')).toBeNull();
    expect(key('/products/5.data')).toBeNull();
    expect(key('/_root.data')).toBeNull();
    expect(key('/shop', 'better-auth.session_token=x')).toBeNull();
    expect(key('/shop', 'a=1; __Secure-better-auth.session_data=x')).toBeNull();
    expect(key('/shop', 'fh_cart=1')).toBeNull();
    expect(key(`/shop?q=${'a'.repeat(101)}`)).toBeNull();
    expect(key('/shop', 'theme=dark; not_fh_cart=1')).toBe('/shop');
  });
});
