// POST /api/rum over real HTTP: the endpoint on an Express app of its own, against the real
// database and rate-limit service.
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '~/services/db/client.server';
import { rateLimits, rumDaily } from '~/services/db/schema';
import { rumEndpoint, shopRoutePatterns } from '../../server/rum';

let base: string;
let close: () => void;
const FLOOD_MAX = 5;

const patterns = new Map([
  ['routes/products.$productId', '/products/:productId'],
  ['shop', '/shop'],
]);

beforeAll(async () => {
  const app = express();
  app.use(
    '/api/rum',
    rumEndpoint({
      patternOf: (id) => patterns.get(id),
      addressOf: (req) => String(req.headers['x-test-address'] ?? ''),
      max: FLOOD_MAX,
      windowSeconds: 600,
    }),
  );
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/rum`;
  close = () => server.close();
});
afterAll(() => close());
beforeEach(async () => {
  await db().delete(rumDaily);
  await db().delete(rateLimits);
});

let nextAddress = 1;
/** Each test's reports come from an address of their own, so no test fills another's limit. */
const freshAddress = () => `203.0.113.${nextAddress++}`;

const good = {
  route: 'routes/products.$productId',
  device: 'mobile',
  connection: '4g',
  metrics: [
    { name: 'LCP', value: 1830.5 },
    { name: 'CLS', value: 0.04 },
    { name: 'INP', value: 96 },
    { name: 'TTFB', value: 310 },
  ],
};

function post(body: string, address = freshAddress(), type = 'text/plain;charset=UTF-8') {
  return fetch(base, {
    method: 'POST',
    headers: { 'Content-Type': type, 'X-Test-Address': address },
    body,
  });
}

const stored = () =>
  db()
    .select({ route: rumDaily.route, metric: rumDaily.metric, count: rumDaily.count })
    .from(rumDaily);

describe('POST /api/rum', () => {
  it('counts a well-formed report under its route pattern and answers 204', async () => {
    const response = await post(JSON.stringify(good));
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    const rows = await stored();
    expect(rows.map((r) => r.metric).sort()).toEqual(['CLS', 'INP', 'LCP', 'TTFB']);
    expect(rows.every((r) => r.route === '/products/:productId' && r.count === 1)).toBe(true);
    // Sent as JSON too.
    expect((await post(JSON.stringify(good), freshAddress(), 'application/json')).status).toBe(204);
  });

  it.each([
    ['not JSON', 'LCP=1830'],
    ['an array', JSON.stringify([good])],
    ['a field more', JSON.stringify({ ...good, url: '/products/12' })],
    ['an unknown route', JSON.stringify({ ...good, route: 'routes/admin.reports' })],
    ['an address for a route', JSON.stringify({ ...good, route: '/products/12?x=1' })],
    ['an unknown metric', JSON.stringify({ ...good, metrics: [{ name: 'FID', value: 10 }] })],
    ['a negative value', JSON.stringify({ ...good, metrics: [{ name: 'LCP', value: -1 }] })],
    ['a value out of range', JSON.stringify({ ...good, metrics: [{ name: 'CLS', value: 11 }] })],
    ['a value as text', JSON.stringify({ ...good, metrics: [{ name: 'LCP', value: '900' }] })],
    ['no metrics', JSON.stringify({ ...good, metrics: [] })],
    ['too many metrics', JSON.stringify({ ...good, metrics: Array(9).fill(good.metrics[0]) })],
    ['an unknown device', JSON.stringify({ ...good, device: 'tablet' })],
    ['an unknown connection', JSON.stringify({ ...good, connection: '5g' })],
  ])('refuses %s with 400 and stores nothing', async (_case, body) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: expect.any(String) });
    expect(await stored()).toEqual([]);
  });

  it('refuses an oversized report with 413 before reading it', async () => {
    const padded = JSON.stringify({ ...good, route: 'shop', pad: 'x'.repeat(4000) });
    const response = await post(padded);
    expect(response.status).toBe(413);
    expect((await response.json()).error).toMatch(/too large/);
    expect(await stored()).toEqual([]);
  });

  it('refuses a flood from one address with 429, and still counts another address', async () => {
    const flooder = freshAddress();
    const answers: number[] = [];
    for (let i = 0; i < FLOOD_MAX + 3; i++)
      answers.push((await post(JSON.stringify(good), flooder)).status);
    expect(answers).toEqual([...Array(FLOOD_MAX).fill(204), 429, 429, 429]);
    const refused = await post(JSON.stringify(good), flooder);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // Malformed reports count against the limit too: a flood of garbage is still a flood.
    expect((await post('garbage', flooder)).status).toBe(429);
    expect((await post(JSON.stringify(good))).status).toBe(204);
    const lcp = (await stored()).filter((r) => r.metric === 'LCP');
    expect(lcp).toEqual([{ route: '/products/:productId', metric: 'LCP', count: FLOOD_MAX + 1 }]);
  });
});

describe('the routes a report may name', () => {
  it('are the shop pages of the build, with their URL patterns; not the back office', () => {
    const route = (id: string, parentId: string | undefined, path?: string, page = true) => ({
      id,
      parentId,
      path,
      module: page ? { default: () => null } : {},
    });
    const routes = Object.fromEntries(
      [
        route('root', undefined, ''),
        route('routes/home', 'root'),
        route('routes/products.$productId', 'root', 'products/:productId'),
        route('shop-sport', 'root', 'shop/sports/:sportsId'),
        route('routes/sitemap.xml', 'root', 'sitemap.xml', false),
        route('routes/admin', 'root', 'admin'),
        route('routes/admin.reports', 'routes/admin', 'reports'),
      ].map((r) => [r.id, r]),
    ) as unknown as ServerBuild['routes'];
    expect(Object.fromEntries(shopRoutePatterns(routes))).toEqual({
      'routes/home': '/',
      'routes/products.$productId': '/products/:productId',
      'shop-sport': '/shop/sports/:sportsId',
    });
  });
});
