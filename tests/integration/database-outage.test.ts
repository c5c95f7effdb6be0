// The built server on a PostgreSQL server of its own that the test takes away: backends
// terminated (as a restart or failover does), then the server stopped and started again. The shop
// must stay up, answer 503 within 5 s while the database is away (/readyz too; /healthz, the
// process's liveness, stays 200), and recover by itself.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, type BuiltServer } from '../setup/built-server';
import { startPostgres, type PostgresServer } from '../setup/start-postgres';

const enabled = process.env.TEST_DB === 'postgres';
if (!enabled) console.log('database-outage: runs with TEST_DB=postgres (needs its own server)');

let database: PostgresServer;
let server: BuiltServer;
let url: string;

const PAGES = ['/', '/shop', '/products/1', '/login', '/shop.data', '/cart'];
const API = ['/api/v1/products', '/api/v1/sports', '/api/v1/products/1'];

async function timedGet(path: string): Promise<{ status: number; ms: number }> {
  const started = Date.now();
  const res = await fetch(`${server.base}${path}`, { redirect: 'manual' });
  await res.arrayBuffer();
  return { status: res.status, ms: Date.now() - started };
}

async function waitFor(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

const alive = () => server.child.exitCode === null && server.child.signalCode === null;

describe.skipIf(!enabled)('when the database goes away', () => {
  beforeAll(async () => {
    database = await startPostgres();
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query('CREATE DATABASE outage');
    await admin.end();
    url = database.url.replace(/\/[^/]*$/, '/outage');
    server = await startBuiltServer({
      DATABASE_URL: url,
      AUTH_SECRET: 'x'.repeat(40),
      SEED_DEMO: '0',
    });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    database?.stop();
  });

  it('survives terminated backends and keeps answering', async () => {
    for (const path of [...PAGES, ...API]) await timedGet(path); // fill the pool
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const { rowCount } = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = 'outage' AND pid <> pg_backend_pid()`,
    );
    await admin.end();
    expect(rowCount).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 500));
    expect(alive(), server.stderr()).toBe(true);
    expect(await waitFor(async () => (await timedGet('/shop')).status === 200, 10_000)).toBe(true);
    for (const path of ['/', '/api/v1/products']) expect((await timedGet(path)).status).toBe(200);
    expect(alive()).toBe(true);
  }, 60_000);

  it('answers 503 within 5 s while the server is stopped, then recovers without a restart', async () => {
    database.halt();
    try {
      for (const path of [...PAGES, ...API, '/api/auth/get-session']) {
        const { status, ms } = await timedGet(path);
        expect(status, path).toBe(503);
        expect(ms, path).toBeLessThan(5000);
      }
      const page = await fetch(`${server.base}/shop`);
      expect(await page.text()).toContain('briefly unavailable');
      const api = await fetch(`${server.base}/api/v1/products`);
      expect(((await api.json()) as { error: string }).error).toContain('briefly unavailable');
      // Not ready (a load balancer sends no traffic here meanwhile), but alive (no restart).
      const ready = await fetch(`${server.base}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'unavailable', storage: 'ok' },
      });
      expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
      expect(alive(), server.stderr()).toBe(true);
    } finally {
      await database.resume();
    }
    expect(await waitFor(async () => (await timedGet('/shop')).status === 200, 30_000)).toBe(true);
    expect((await timedGet('/readyz')).status).toBe(200);
    for (const path of [...PAGES.filter((p) => p !== '/products/1'), '/api/v1/products']) {
      expect((await timedGet(path)).status, path).toBe(200);
    }
    expect(alive()).toBe(true);
  }, 120_000);

  it('answers 503 also when no connection was open to notice the loss', async () => {
    // The pool closes idle connections after 10 s; then nothing sees the server go.
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const idle = await waitFor(async () => {
      const { rows } = await admin.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = 'outage'`,
      );
      return rows[0]!.n === 0;
    }, 30_000);
    await admin.end();
    expect(idle).toBe(true);
    database.halt();
    try {
      // An enquiry first, as the page sends it with JavaScript (the action alone, no loaders):
      // the action must not turn the lost database into its own 500.
      const started = Date.now();
      const enquiry = await fetch(`${server.base}/cart.data`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.base },
        body: new URLSearchParams({
          intent: 'enquire',
          idempotencyKey: crypto.randomUUID(),
          message: 'Please quote.',
          email: 'buyer@school.example',
          items: JSON.stringify([{ productId: 1, quantity: 1 }]),
        }),
        redirect: 'manual',
      });
      expect(enquiry.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(5000);
      for (const path of ['/shop', '/api/v1/products', '/', '/shop.data']) {
        const { status, ms } = await timedGet(path);
        expect(status, path).toBe(503);
        expect(ms, path).toBeLessThan(5000);
      }
      expect(alive(), server.stderr()).toBe(true);
    } finally {
      await database.resume();
    }
    expect(await waitFor(async () => (await timedGet('/shop')).status === 200, 30_000)).toBe(true);
  }, 120_000);
});
