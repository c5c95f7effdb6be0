// The guest page cache of the built server (server/page-cache.ts) on a PostgreSQL server of its
// own with the demo catalogue, so that the test can change the catalogue behind the server's back
// (as another instance would) and see the change reach the cached pages.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NONCE_PLACEHOLDER } from '../../server/headers';
import { startBuiltServer, type BuiltServer } from '../setup/built-server';
import { startPostgres, type PostgresServer } from '../setup/start-postgres';

// It brings its own PostgreSQL whatever the engine under test, so it runs once: in the PostgreSQL
// suite (which CI requires), not again in the PGlite one.
const enabled = process.env.TEST_DB === 'postgres';
if (!enabled) console.log('page-cache: runs with TEST_DB=postgres (needs its own server)');

let database: PostgresServer;
let server: BuiltServer;
let sql: pg.Client;
let productId: number;
let productName: string;

beforeAll(async () => {
  if (!enabled) return;
  database = await startPostgres();
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  await admin.query('CREATE DATABASE pagecache');
  await admin.end();
  const url = database.url.replace(/\/[^/]*$/, '/pagecache');
  server = await startBuiltServer({
    DATABASE_URL: url,
    AUTH_SECRET: 'x'.repeat(40),
    SEED_DEMO: '1',
  });
  sql = new pg.Client({ connectionString: url });
  await sql.connect();
  const { rows } = await sql.query<{ id: number; name: string }>(
    'SELECT id, name FROM products ORDER BY id LIMIT 1',
  );
  productId = rows[0]!.id;
  productName = rows[0]!.name;
}, 180_000);

afterAll(async () => {
  await sql?.end();
  await server?.stop();
  database?.stop();
});

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  fetch(`${server.base}${path}`, { headers, method, redirect: 'manual' });

/** The nonce of a response's CSP header. */
const nonceOf = (res: Response) =>
  /script-src 'self' 'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];

/** A page body with its nonce taken out, to compare two responses. */
const withoutNonce = (html: string, nonce: string) => html.replaceAll(nonce, 'NONCE');

let unique = 0;
/** A shop URL no other test has asked for: a fresh cache entry. */
const freshShop = () => `/shop?q=cachetest${++unique}`;

async function signUp(email: string): Promise<string> {
  const res = await fetch(`${server.base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: server.base, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery', name: 'Mdm Cached' }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

describe.skipIf(!enabled)('a guest', () => {
  it('gets a miss, then hits with the same page and a fresh nonce matching the CSP header', async () => {
    for (const path of ['/', '/shop', `/products/${productId}`, '/shop?category=1&page=1']) {
      const first = await get(path);
      expect(first.status, path).toBe(200);
      const second = await get(path);
      const third = await get(path);
      expect(second.headers.get('x-cache'), path).toBe('HIT');
      expect(third.headers.get('x-cache'), path).toBe('HIT');
      const bodies = [await first.text(), await second.text(), await third.text()];
      const nonces = [nonceOf(first)!, nonceOf(second)!, nonceOf(third)!];
      expect(new Set(nonces).size, path).toBe(3);
      bodies.forEach((html, i) => {
        expect(html, path).not.toContain(NONCE_PLACEHOLDER);
        // Every executable inline script carries this response's own nonce (the header's).
        const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
        const executable = scripts.filter((a) => !/type="application\/ld\+json"/.test(a));
        expect(executable.length, path).toBeGreaterThan(0);
        for (const attrs of executable) expect(attrs, path).toContain(`nonce="${nonces[i]}"`);
      });
      expect(withoutNonce(bodies[1]!, nonces[1]!)).toBe(withoutNonce(bodies[2]!, nonces[2]!));
      expect(withoutNonce(bodies[0]!, nonces[0]!)).toBe(withoutNonce(bodies[1]!, nonces[1]!));
    }
  });

  it('sends headers a CDN can cache by, and answers HEAD from the cache', async () => {
    await get('/shop');
    const res = await get('/shop');
    expect(res.headers.get('x-cache')).toBe('HIT');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=\d+/);
    expect(res.headers.get('vary') ?? '').toMatch(/Cookie/i);
    expect(res.headers.get('set-cookie')).toBeNull();
    // Compressed like any page, with this response's nonce inside (fetch decompresses).
    const gzip = await get('/shop', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('x-cache')).toBe('HIT');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toContain(`nonce="${nonceOf(gzip)}"`);
    const head = await get('/shop', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('x-cache')).toBe('HIT');
    expect(await head.text()).toBe('');
  });

  it('shares one entry between equivalent URLs, and unknown parameters make none', async () => {
    const path = freshShop();
    expect((await get(`${path}&category=2,1`)).headers.get('x-cache')).toBe('MISS');
    for (const same of [
      `${path}&category=1,2`,
      `${path}&category=1&category=2&page=1`,
      `${path}&utm_source=mail&category=2,1&x=${Math.random()}`,
      `${path}&category=1,2,1`,
    ]) {
      expect((await get(same)).headers.get('x-cache'), same).toBe('HIT');
    }
    // The product page reads only the header's `q`.
    await get(`/products/${productId}`);
    expect((await get(`/products/${productId}?ref=abc`)).headers.get('x-cache')).toBe('HIT');
  });

  it('renders client navigations (.data) each time, and they do not fill the page cache', async () => {
    const data = `/shop.data?q=datatest`;
    for (let i = 0; i < 2; i++) {
      const res = await get(data);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-cache')).toBeNull();
      expect(res.headers.get('cache-control') ?? '').not.toMatch(/public/);
    }
    expect((await get('/shop?q=datatest')).headers.get('x-cache')).toBe('MISS');
  });

  it('is not served a cached 404', async () => {
    const path = '/products/999999999';
    expect((await get(path)).status).toBe(404);
    const again = await get(path);
    expect(again.status).toBe(404);
    expect(again.headers.get('x-cache')).toBe('BYPASS');
  });

  it('sees a catalogue change made elsewhere within about a second', async () => {
    const path = `/products/${productId}`;
    await get(path);
    expect((await get(path)).headers.get('x-cache')).toBe('HIT');
    const renamed = `${productName} Mark II`;
    await sql.query('UPDATE products SET name = $1 WHERE id = $2', [renamed, productId]);
    const started = Date.now();
    for (;;) {
      const html = await (await get(path)).text();
      if (html.includes(renamed)) break;
      expect(Date.now() - started, 'the renamed product in the cached page').toBeLessThan(1500);
      await new Promise((r) => setTimeout(r, 50));
    }
    // The listings were dropped with it.
    expect(await (await get('/shop?q=Mark+II')).text()).toContain(renamed);
  });
});

describe.skipIf(!enabled)('a product taken off the shop', () => {
  it('is a 404 on its cached page and gone from cached listings within about a second, and back when shown', async () => {
    // A product no other test here uses.
    const { rows } = await sql.query<{ id: number; name: string }>(
      'SELECT id, name FROM products ORDER BY id DESC LIMIT 1',
    );
    const { id, name } = rows[0]!;
    const path = `/products/${id}`;
    const listing = `/shop?q=${encodeURIComponent(name)}`;
    const statusWithin = async (status: number, what: string) => {
      const started = Date.now();
      while ((await get(path)).status !== status) {
        expect(Date.now() - started, what).toBeLessThan(1500);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    for (const change of [
      [
        "UPDATE products SET status = 'hidden' WHERE id = $1",
        "UPDATE products SET status = 'published' WHERE id = $1",
      ],
      [
        'UPDATE products SET deleted_at = now() WHERE id = $1',
        'UPDATE products SET deleted_at = NULL WHERE id = $1',
      ],
    ] as const) {
      await get(path);
      expect((await get(path)).headers.get('x-cache')).toBe('HIT');
      expect(await (await get(listing)).text()).toContain(`href="${path}"`);
      await sql.query(change[0], [id]);
      await statusWithin(404, `the page of a product taken off: ${change[0]}`);
      // Its 404 is never kept: asked again, it is made again.
      expect((await get(path)).headers.get('x-cache')).not.toBe('HIT');
      expect(await (await get(listing)).text()).not.toContain(`href="${path}"`);
      await sql.query(change[1], [id]);
      await statusWithin(200, `the page of a product back: ${change[1]}`);
    }
  });
});

describe.skipIf(!enabled)('visitors with their own state', () => {
  it('a signed-in customer never gets a cached page and never fills one', async () => {
    const cookie = await signUp('cached@school.example');
    const path = freshShop();
    const mine = await get(path, { cookie });
    expect(mine.headers.get('x-cache')).toBe('BYPASS');
    expect(mine.headers.get('cache-control')).toBe('private, no-cache');
    expect(await mine.text()).toContain('Mdm Cached');
    // The guest's first request of that URL is still a miss, and has no trace of the customer.
    const guest = await get(path);
    expect(guest.headers.get('x-cache')).toBe('MISS');
    expect(await guest.text()).not.toContain('Mdm Cached');
    // Now cached for guests, still not for the customer.
    const again = await get(path, { cookie });
    expect(again.headers.get('x-cache')).toBe('BYPASS');
    expect(await again.text()).toContain('Mdm Cached');
  });

  it('any Better Auth cookie or the guest cart cookie bypasses the cache', async () => {
    await get('/shop');
    for (const cookie of [
      'better-auth.session_token=forged',
      '__Secure-better-auth.session_token=forged',
      'theme=dark; better-auth.session_data=abc',
      `fh_cart=${encodeURIComponent(JSON.stringify([{ productId, quantity: 1 }]))}`,
    ]) {
      const res = await get('/shop', { cookie });
      expect(res.headers.get('x-cache'), cookie).toBe('BYPASS');
      expect(res.headers.get('cache-control'), cookie).not.toMatch(/public/);
    }
    // An unrelated cookie does not.
    expect((await get('/shop', { cookie: 'theme=dark' })).headers.get('x-cache')).toBe('HIT');
  });

  it('never caches other methods or private pages', async () => {
    const post = await fetch(`${server.base}/shop`, {
      method: 'POST',
      headers: { origin: server.base },
      redirect: 'manual',
    });
    expect(post.headers.get('x-cache')).toBe('BYPASS');
    expect(post.headers.get('cache-control') ?? '').not.toMatch(/public/);
    for (const path of ['/cart', '/login', '/profile']) {
      const res = await get(path);
      expect(res.headers.get('x-cache'), path).toBeNull();
    }
  });
});
