import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createCategory, createProduct, createSport } from '../../../tests/factories';
import { db } from '../db/client.server';
import {
  cached,
  cacheUsage,
  catalogueChanged,
  catalogueVersion,
  ENTRY_BYTES,
} from './cache.server';
import { countFilterOptions, countProducts, getProduct, listProducts } from './products.server';
import { listSports } from './taxonomy.server';

let football: { id: number };
let basketball: { id: number };
let goalposts: { id: number };
let nets: { id: number };
const ids: Record<string, number> = {};

beforeAll(async () => {
  football = await createSport({ name: 'Football' });
  basketball = await createSport({ name: 'Basketball' });
  goalposts = await createCategory({ name: 'Goalposts' });
  nets = await createCategory({ name: 'Nets' });
  const day = 86_400_000;
  const base = Date.now() - 100 * day;
  const make = async (key: string, data: Parameters<typeof createProduct>[0], age: number) => {
    ids[key] = (await createProduct({ ...data, createdAt: new Date(base + age * day) })).id;
  };
  await make(
    'goal',
    { name: 'Aluminium Football Goalposts', sportId: football.id, categoryIds: [goalposts.id] },
    1,
  );
  await make(
    'goalNet',
    {
      name: 'Football Goal Net 3mm',
      description: 'Knotless polyethylene.',
      sportId: football.id,
      categoryIds: [nets.id],
    },
    2,
  );
  await make(
    'hoop',
    {
      name: 'Portable Basketball Hoop',
      description: 'Includes a net and padding.',
      sportId: basketball.id,
      categoryIds: [goalposts.id, nets.id],
    },
    3,
  );
  await make('percent', { name: 'Line Marking 100% Coverage', sportId: basketball.id }, 4);
  await make('under', { name: 'Court_Tape Roll', sportId: basketball.id }, 5);
  for (let i = 0; i < 20; i++)
    await make(`ball${i}`, { name: `Match Ball ${i}`, sportId: basketball.id }, 10 + i);
  catalogueChanged();
});

describe('listProducts', () => {
  it('lists the newest first, 16 a page, with the exact total', async () => {
    const first = await listProducts({});
    expect(first.total).toBe(25);
    expect(first.pageSize).toBe(16);
    expect(first.items).toHaveLength(16);
    expect(first.items[0]!.id).toBe(ids.ball19);
    const second = await listProducts({ page: 2 });
    expect(second.items).toHaveLength(9);
    expect(second.items.at(-1)!.id).toBe(ids.goal);
    expect(new Set([...first.items, ...second.items].map((p) => p.id)).size).toBe(25);
    const beyond = await listProducts({ page: 9 });
    expect(beyond).toMatchObject({ items: [], total: 25, page: 9 });
  });

  it('filters by sports and by categories (any of), combined', async () => {
    expect((await listProducts({ sportIds: [football.id] })).total).toBe(2);
    expect((await listProducts({ sportIds: [football.id, basketball.id] })).total).toBe(25);
    const inNets = await listProducts({ categoryIds: [nets.id] });
    expect(inNets.items.map((p) => p.id).sort()).toEqual([ids.goalNet, ids.hoop].sort());
    expect((await listProducts({ categoryIds: [nets.id, goalposts.id] })).total).toBe(3);
    const both = await listProducts({ sportIds: [basketball.id], categoryIds: [goalposts.id] });
    expect(both.items.map((p) => p.id)).toEqual([ids.hoop]);
    expect(both.items[0]!.categories.map((c) => c.name)).toEqual(['Goalposts', 'Nets']);
    expect(both.items[0]!.sport).toEqual({ id: basketball.id, name: 'Basketball' });
  });

  it('searches name, description, sport and category names, ignoring case, name matches first', async () => {
    const net = await listProducts({ q: 'NET' });
    // The name match first; the hoop matches by description and by its category.
    expect(net.items.map((p) => p.id)).toEqual([ids.goalNet, ids.hoop]);
    expect((await listProducts({ q: 'football' })).total).toBe(2);
    expect((await listProducts({ q: 'goalposts' })).items[0]!.id).toBe(ids.goal);
    expect((await listProducts({ q: 'knotless' })).items.map((p) => p.id)).toEqual([ids.goalNet]);
  });

  it('tolerates small typos', async () => {
    expect((await listProducts({ q: 'goalpst' })).items[0]!.id).toBe(ids.goal);
    expect((await listProducts({ q: 'basketbal hop' })).items[0]!.id).toBe(ids.hoop);
  });

  it('gives each card its first image, variants as a srcset, or none', async () => {
    const variants = JSON.stringify([
      { key: 'first-320.webp', width: 320, height: 240, format: 'webp' },
      { key: 'first-640.webp', width: 640, height: 480, format: 'webp' },
    ]);
    await db()
      .execute(sql`INSERT INTO product_images (product_id, position, key, width, height, variants)
      VALUES (${ids.goalNet}, 1, 'second.webp', 800, 600, '[]'::jsonb),
             (${ids.goalNet}, 0, 'first.webp', 1200, 900, ${variants}::jsonb)`);
    catalogueChanged();
    try {
      const [card] = (await listProducts({ q: 'knotless' })).items;
      const detail = await getProduct(ids.goalNet!);
      expect(card!.image).toEqual(detail!.images[0]);
      expect(card!.image).toMatchObject({ width: 1200, height: 900 });
      expect(card!.image!.src).toMatch(/first\.webp$/);
      expect(card!.image!.srcSet).toMatch(/first-320\.webp 320w, .*first-640\.webp 640w$/);
      expect((await listProducts({ q: 'hoop' })).items[0]!.image).toBeNull();
    } finally {
      await db().execute(sql`DELETE FROM product_images WHERE product_id = ${ids.goalNet}`);
      catalogueChanged();
    }
  });

  it('lists only the products without an image when asked, searching them as usual', async () => {
    await db().execute(sql`INSERT INTO product_images (product_id, position, key, width, height)
      VALUES (${ids.goalNet}, 0, 'net.webp', 800, 600)`);
    catalogueChanged();
    try {
      const all = await listProducts({});
      const bare = await listProducts({ withoutImages: true });
      expect(bare.total).toBe(all.total - 1);
      expect(bare.items.map((p) => p.id)).not.toContain(ids.goalNet);
      // The same ranked, typo-tolerant search as the shop's ('knotles' is 'knotless').
      expect((await listProducts({ q: 'knotles' })).items.map((p) => p.id)).toEqual([ids.goalNet]);
      expect(await listProducts({ q: 'knotles', withoutImages: true })).toMatchObject({
        items: [],
        total: 0,
      });
      const found = async (filter: Parameters<typeof listProducts>[0]) =>
        (await listProducts({ ...filter, withoutImages: true })).items.map((p) => p.id);
      expect(await found({ q: 'net' })).toEqual([ids.hoop]);
      expect((await found({ q: 'goal post' }))[0]).toBe(ids.goal);
      // The name's match first, then the hoop by its category, Goalposts.
      expect(await found({ q: 'goalpst' })).toEqual([ids.goal, ids.hoop]);
      expect(await found({ categoryIds: [nets.id] })).toEqual([ids.hoop]);
    } finally {
      await db().execute(sql`DELETE FROM product_images WHERE product_id = ${ids.goalNet}`);
      catalogueChanged();
    }
  });

  it('matches % and _ literally', async () => {
    expect((await listProducts({ q: '100%' })).items.map((p) => p.id)).toEqual([ids.percent]);
    expect((await listProducts({ q: '%' })).items.map((p) => p.id)).toEqual([ids.percent]);
    expect((await listProducts({ q: 'court_tape' })).items.map((p) => p.id)).toEqual([ids.under]);
    expect((await listProducts({ q: '_' })).items.map((p) => p.id)).toEqual([ids.under]);
  });

  it('finds model codes as written, however PostgreSQL splits them', async () => {
    // PostgreSQL's parser reads 'GP-2000' as 'gp' and '-2000', '21e2f7' as '21e2' (a number in
    // scientific notation) and 'f7', '1.5e3kg' as '1.5e3' and 'kg'; a search splits text its
    // own way, and must still find every word of the text it was typed from.
    const clock = await createProduct({
      name: 'Shot Clock GP-2000',
      description: 'Serial 21e2f7, bracket 1.5e3kg.',
      sportId: basketball.id,
    });
    const spare = await createProduct({
      name: 'Spare Fuse',
      description: 'Fits the GP-2000 shot clock.',
      sportId: basketball.id,
    });
    const timer = await createProduct({ name: 'Possession Timer SC24', sportId: basketball.id });
    catalogueChanged();
    try {
      const found = async (q: string) => (await listProducts({ q })).items.map((p) => p.id);
      // The name's match first, then the description's.
      expect(await found('GP-2000')).toEqual([clock.id, spare.id]);
      expect(await found('gp 2000')).toEqual([clock.id, spare.id]);
      expect(await found('2000 clock')).toEqual([clock.id, spare.id]);
      expect(await found('21e2f7')).toEqual([clock.id]);
      expect(await found('1.5e3kg')).toEqual([clock.id]);
      // A code's letters and number meet written together, apart or hyphenated, as in the name.
      expect(await found('gp2000')).toEqual([clock.id]);
      expect(await found('sc24')).toEqual([timer.id]);
      expect(await found('sc 24')).toEqual([timer.id]);
      expect(await found('SC-24 timer')).toEqual([timer.id]);
    } finally {
      await db().execute(
        sql`DELETE FROM products WHERE id IN (${clock.id}, ${spare.id}, ${timer.id})`,
      );
      catalogueChanged();
    }
  });

  it('combines search with filters and finds nothing for nonsense', async () => {
    expect(
      (await listProducts({ q: 'net', sportIds: [football.id] })).items.map((p) => p.id),
    ).toEqual([ids.goalNet]);
    expect(await listProducts({ q: 'zzqxv' })).toMatchObject({ items: [], total: 0 });
  });
});

describe('counts and pages', () => {
  it('counts a filter once per catalogue version and shares the count with all its pages', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      catalogueChanged();
      const first = await listProducts({ sportIds: [basketball.id] });
      // Another instance adds a product: the version moves in the database, and this instance
      // reads it at most once a second, so page 2 (asked at once) must reuse page 1's count.
      await db().execute(
        sql`INSERT INTO products (name, slug, sport_id) VALUES ('Other Instance Ball', 'other-instance-ball', ${basketball.id})`,
      );
      const second = await listProducts({ sportIds: [basketball.id], page: 2 });
      expect(second.total).toBe(first.total);
      expect(await countProducts({ sportIds: [basketball.id] })).toBe(first.total);
      vi.setSystemTime(Date.now() + 5_000);
      const later = await listProducts({ sportIds: [basketball.id], page: 2 });
      expect(later.total).toBe(first.total + 1);
      await db().execute(sql`DELETE FROM products WHERE slug = 'other-instance-ball'`);
    } finally {
      vi.useRealTimers();
      catalogueChanged();
    }
  });

  it('never keeps a page built from the count of the version before a change', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const filter = { sportIds: [basketball.id], sort: 'name' as const };
    try {
      catalogueChanged();
      const before = await countProducts(filter);
      // Another instance adds a product; this instance's version check has not expired yet.
      await db().execute(
        sql`INSERT INTO products (name, slug, sport_id) VALUES ('Race Ball', 'race-ball', ${basketball.id})`,
      );
      // The page's ids are not cached: while their query runs, the second passes, so the next
      // lookup reads the new version. What was counted before must not outlive it.
      const database = db();
      const execute = database.execute.bind(database);
      const slowed = async (query: Parameters<typeof execute>[0]) => {
        const result = await execute(query);
        vi.setSystemTime(Date.now() + 5_000);
        return result;
      };
      // Drizzle's execute returns a lazy query; a promise of its result serves the caller's await.
      const spy = vi
        .spyOn(database, 'execute')
        .mockImplementationOnce(slowed as unknown as typeof execute);
      await listProducts(filter);
      spy.mockRestore();
      expect((await listProducts(filter)).total).toBe(before + 1);
    } finally {
      vi.useRealTimers();
      await db().execute(sql`DELETE FROM products WHERE slug = 'race-ball'`);
      catalogueChanged();
    }
  });

  it("searches a typo as its correction, sharing the correction's cached count and ids", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      catalogueChanged();
      const exact = await listProducts({ q: 'goalposts' });
      // Another instance adds a goalpost; this instance has not seen the version move yet, so
      // only a result cached before the insert can still leave it out.
      await db().execute(
        sql`INSERT INTO products (name, slug, sport_id) VALUES ('Steel Goalposts', 'other-instance-goalposts', ${football.id})`,
      );
      const typo = await listProducts({ q: 'goalpsts' });
      expect(typo.total).toBe(exact.total);
      expect(typo.items.map((p) => p.id)).toEqual(exact.items.map((p) => p.id));
      vi.setSystemTime(Date.now() + 5_000);
      expect((await listProducts({ q: 'goalpsts' })).total).toBe(exact.total + 1);
      await db().execute(sql`DELETE FROM products WHERE slug = 'other-instance-goalposts'`);
    } finally {
      vi.useRealTimers();
      catalogueChanged();
    }
  });

  it('sorts by name A–Z or newest, and by relevance only when searching', async () => {
    const byName = await listProducts({ sort: 'name', page: 1 });
    const names = byName.items.map((p) => p.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(byName.total).toBe((await listProducts({})).total);
    const newest = await listProducts({ q: 'net', sort: 'newest' });
    expect(newest.items.map((p) => p.id)).toEqual([ids.hoop, ids.goalNet]);
    const relevant = await listProducts({ q: 'net' });
    expect(relevant.items.map((p) => p.id)).toEqual([ids.goalNet, ids.hoop]);
  });
});

describe('countFilterOptions', () => {
  it('counts what each sport and category option would list, ignoring its own dimension', async () => {
    const all = await countFilterOptions({});
    expect(all.sports.get(football.id)).toBe(2);
    expect(all.sports.get(basketball.id)).toBe(23);
    expect(all.categories.get(goalposts.id)).toBe(2);
    expect(all.categories.get(nets.id)).toBe(2);

    const search = await countFilterOptions({ q: 'net' });
    expect(Object.fromEntries(search.sports)).toEqual({ [football.id]: 1, [basketball.id]: 1 });

    const inFootball = await countFilterOptions({ sportIds: [football.id], page: 3 });
    expect(inFootball.sports.get(basketball.id)).toBe(23);
    expect(Object.fromEntries(inFootball.categories)).toEqual({
      [goalposts.id]: 1,
      [nets.id]: 1,
    });

    // The corrected search: 'goalpost' is in the goal's name and the hoop's category.
    const typo = await countFilterOptions({ q: 'goalpst', categoryIds: [nets.id] });
    expect(Object.fromEntries(typo.sports)).toEqual({ [basketball.id]: 1 });
    expect(Object.fromEntries(typo.categories)).toEqual({ [goalposts.id]: 2, [nets.id]: 1 });
  });

  it('counts a filter once per catalogue version, whatever the page and the sort', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      catalogueChanged();
      const first = await countFilterOptions({ q: 'net', sort: 'relevance', page: 1 });
      // Another instance adds a matching product: this instance sees the new version at most once
      // a second, so the same filter on another page and in another order must reuse the counts.
      await db().execute(
        sql`INSERT INTO products (name, slug, sport_id) VALUES ('Spare Net', 'spare-net', ${basketball.id})`,
      );
      for (const other of [
        { q: 'net', sort: 'name' as const, page: 4 },
        { q: ' NET ', sort: 'newest' as const, page: 2 },
      ])
        expect(await countFilterOptions(other)).toEqual(first);
      vi.setSystemTime(Date.now() + 5_000);
      const later = await countFilterOptions({ q: 'net', page: 9 });
      expect(later.sports.get(basketball.id)).toBe((first.sports.get(basketball.id) ?? 0) + 1);
      await db().execute(sql`DELETE FROM products WHERE slug = 'spare-net'`);
    } finally {
      vi.useRealTimers();
      catalogueChanged();
    }
  });
});

describe('the catalogue cache', () => {
  it('sees writes made through this process at once', async () => {
    const before = (await listProducts({})).total;
    await createProduct({ name: 'Fresh Product', sportId: football.id });
    catalogueChanged();
    expect((await listProducts({})).total).toBe(before + 1);
  });

  it('sees writes made by another instance once its version check expires', async () => {
    const sports = await listSports();
    const version = await catalogueVersion();
    // Another instance writes straight to the shared database: the trigger bumps the version.
    await db().execute(
      sql`INSERT INTO sports (name, slug) VALUES ('Zumba', 'zumba-other-instance')`,
    );
    expect(await catalogueVersion(Date.now() + 5_000)).toBeGreaterThan(version);
    const after = await listSports();
    expect(after).toHaveLength(sports.length + 1);
    expect(after.at(-1)!.name).toBe('Zumba');
  });

  it('counts every entry against its byte bound: a declared size, or ENTRY_BYTES', async () => {
    catalogueChanged();
    await cached('test:unsized', async () => 1);
    await cached(
      'test:sized',
      async () => 'x',
      () => 5000,
    );
    // Sizes are counted once the value has resolved (a turn after it is returned).
    await new Promise((r) => setTimeout(r, 0));
    const key = (k: string) => k.length * 2;
    expect(cacheUsage()).toEqual({
      entries: 2,
      bytes: ENTRY_BYTES + key('test:unsized') + 5000 + key('test:sized'),
    });
    await listProducts({});
    await new Promise((r) => setTimeout(r, 0));
    // The list's count, ids and page: each counted.
    expect(cacheUsage().entries).toBeGreaterThan(2);
    expect(cacheUsage().bytes).toBeGreaterThan(ENTRY_BYTES * 2 + 5000);
    catalogueChanged();
    expect(cacheUsage()).toEqual({ entries: 0, bytes: 0 });
  });

  it('re-indexes search text when a category is renamed', async () => {
    await db().execute(sql`UPDATE categories SET name = 'Rebounders' WHERE id = ${nets.id}`);
    catalogueChanged();
    expect((await listProducts({ q: 'rebounders' })).total).toBe(2);
  });
});

describe('getProduct', () => {
  it('returns a product with its sport and categories, or null', async () => {
    const product = await getProduct(ids.hoop!);
    expect(product).toMatchObject({
      name: 'Portable Basketball Hoop',
      sport: { name: 'Basketball' },
    });
    expect(await getProduct(999_999)).toBeNull();
  });
});
