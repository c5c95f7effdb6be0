// The read API over real HTTP: an Express app with the API router on an ephemeral port.
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueApi } from '../../server/api';
import { catalogueChanged } from '~/services/catalogue/cache.server';
import { createCategory, createProduct, createSport } from '../factories';

let base: string;
let close: () => void;
const ids: Record<string, number> = {};

beforeAll(async () => {
  const sport = await createSport({ name: 'Netball' });
  const other = await createSport({ name: 'Athletics' });
  const cat = await createCategory({ name: 'Posts' });
  const cat2 = await createCategory({ name: 'NAPFA Equipment' });
  ids.sport = sport.id;
  ids.other = other.id;
  ids.cat = cat.id;
  ids.cat2 = cat2.id;
  ids.post = (
    await createProduct({ name: 'Netball Post Set', sportId: sport.id, categoryIds: [cat.id] })
  ).id;
  ids.mat = (
    await createProduct({ name: 'Sit and Reach Box', sportId: other.id, categoryIds: [cat2.id] })
  ).id;
  for (let i = 0; i < 17; i++) await createProduct({ name: `Hurdle ${i}`, sportId: other.id });
  catalogueChanged();
  const app = express();
  app.use('/api/v1', catalogueApi());
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  close = () => server.close();
});
afterAll(() => close());

const get = (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers });

describe('GET /api/v1/products', () => {
  it('returns a page of items with the exact total in the documented shape', async () => {
    const response = await get('/products');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ total: 19, page: 1, pageSize: 16 });
    expect(body.items).toHaveLength(16);
    expect(Object.keys(body.items[0]).sort()).toEqual(
      ['categories', 'description', 'id', 'imageUrl', 'name', 'sport'].sort(),
    );
    const second = await (await get('/products?page=2')).json();
    expect(second.items).toHaveLength(3);
  });

  it('searches and filters like the listing', async () => {
    const byQuery = await (await get('/products?q=netbal')).json();
    expect(byQuery.items[0]).toMatchObject({
      id: ids.post,
      sport: { id: ids.sport, name: 'Netball' },
    });
    const byCategories = await (await get(`/products?category=${ids.cat},${ids.cat2}`)).json();
    expect(byCategories.total).toBe(2);
    const bySport = await (await get(`/products?sport=${ids.other}&category=${ids.cat2}`)).json();
    expect(bySport.items.map((p: { id: number }) => p.id)).toEqual([ids.mat]);
    const absent = await (
      await get('/products?sport=undefined&category=undefined&q=undefined')
    ).json();
    expect(absent.total).toBe(19);
  });

  it.each([
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['sport=x', 'sport'],
    // Id 0 names nothing: left unchecked, it would list the whole catalogue.
    ['sport=0', 'sport'],
    ['category=3,0', 'category'],
    ['category=1,,2', 'category'],
    [`q=${'a'.repeat(101)}`, 'q'],
  ])('answers 400 with a JSON error for %s', async (query, field) => {
    const response = await get(`/products?${query}`);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(new RegExp(`^${field} `));
  });

  it('answers a repeated address from its cached bytes, bad input included', async () => {
    const first = await get('/products?q=hurdle&page=2');
    const again = await get('/products?q=hurdle&page=2');
    expect(again.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    const bytes = await again.arrayBuffer();
    expect(Buffer.from(bytes)).toEqual(Buffer.from(await first.arrayBuffer()));
    expect(Number(again.headers.get('content-length'))).toBe(bytes.byteLength);
    expect(JSON.parse(Buffer.from(bytes).toString())).toMatchObject({ total: 17, page: 2 });
    for (let i = 0; i < 2; i++) {
      const bad = await get('/products?page=0');
      expect(bad.status).toBe(400);
      expect(bad.headers.get('etag')).toBeNull();
      expect((await bad.json()).error).toMatch(/^page /);
    }
  });

  it('revalidates with an ETag: 304 until the catalogue changes', async () => {
    const first = await get('/products?q=post');
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toContain('must-revalidate');
    const again = await get('/products?q=post', { 'if-none-match': tag });
    expect(again.status).toBe(304);
    await createProduct({ name: 'Goal Post Pads', sportId: ids.sport });
    catalogueChanged();
    const changed = await get('/products?q=post', { 'if-none-match': tag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(tag);
  });
});

describe('other endpoints', () => {
  it('returns one product, 404 for a missing one and 400 for a malformed id', async () => {
    const product = await (await get(`/products/${ids.post}`)).json();
    expect(product).toMatchObject({
      id: ids.post,
      name: 'Netball Post Set',
      categories: [{ name: 'Posts' }],
    });
    const missing = await get('/products/999999');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Product not found' });
    expect((await get('/products/abc')).status).toBe(400);
  });

  it('lists sports and categories alphabetically', async () => {
    const sports = await (await get('/sports')).json();
    expect(sports.items.map((s: { name: string }) => s.name)).toEqual(['Athletics', 'Netball']);
    const categories = await (await get('/categories')).json();
    expect(categories.items.map((c: { name: string }) => c.name)).toEqual([
      'NAPFA Equipment',
      'Posts',
    ]);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await get('/nothing');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Not found' });
  });
});
