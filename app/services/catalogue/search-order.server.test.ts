// The order of search results against a reference: listProducts reads a search's first
// 1,024 ids in two parts (the matches in name, sport or categories, ranked; then the others, newest
// first) and its later ids by ranking every match. Both must give exactly the order of sorting all
// matches by RANK_TREE's rank, then newest first, then highest id. Runs on both engines.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '~/lib/constants';
import { db } from '../db/client.server';
import { seedDemoCatalogue } from '../seed.server';
import { catalogueChanged } from './cache.server';
import { listProducts } from './products.server';
import { parseSearch, rankOf, searchQueries } from './search.server';

/** Products beyond the demo catalogue: enough that a common word has more than 1,024 matches. */
const EXTRA = 4_000;

beforeAll(async () => {
  await seedDemoCatalogue({ images: false });
  // Like the bench's fill: every description says 'built' and 'schools'; three names in ten hold
  // 'School' (one of them 'Schooling', a prefix match only), one 'Built'; some descriptions say
  // 'court', some only 'Courtside' or 'Singaporean' (prefix matches, ranked after whole words).
  await db().execute(sql`
    INSERT INTO products (name, slug, description, sport_id, created_at)
    SELECT (ARRAY['School Bench','Court Tape','Schooling Mat','Net Post','Post School Kit',
                  'Kit Bag','Built-In Rack','Training Cone','Agility Ladder','Hurdle Set'])[1 + i % 10]
             || ' ' || i,
           'order-' || i,
           CASE WHEN i % 13 = 0 THEN 'Singaporean made, built for schools.' ELSE 'Built for Singapore schools.' END
             || CASE WHEN i % 7 = 0 THEN ' Fits any court.' WHEN i % 11 = 0 THEN ' Courtside use.' ELSE '' END,
           1 + i % 12,
           now() - (i % 400 || ' minutes')::interval
      FROM generate_series(1, ${EXTRA}::int) AS i`);
  // Statistics for the planner, whose estimate tells a broad search (autovacuum would do this).
  await db().execute(sql`ANALYZE products, product_search`);
  await catalogueChanged();
});

/** Every match of `q` in the reference order, from each product's tier tests. */
async function referenceOrder(q: string): Promise<number[]> {
  const queries = searchQueries(parseSearch(q).words)!;
  const tiers = queries.tiers.map(
    (t, i) => sql`p.search_vector @@ ${t}::tsquery AS ${sql.raw(`t${i}`)}`,
  );
  const result = await db().execute(sql`
    SELECT p.id, p.created_at, ${sql.join(tiers, sql`, `)}
      FROM product_search p WHERE p.search_vector @@ ${queries.match}::tsquery`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    id: number;
    created_at: Date | string;
    t0: boolean;
    t1: boolean;
    t2: boolean;
    t3: boolean;
    t4: boolean;
  }[];
  const keyed = rows.map((r) => ({
    id: Number(r.id),
    time: new Date(r.created_at).getTime(),
    rank: rankOf([r.t0, r.t1, r.t2, r.t3, r.t4]),
  }));
  keyed.sort((a, b) => a.rank - b.rank || b.time - a.time || b.id - a.id);
  return keyed.map((r) => r.id);
}

describe('search order', () => {
  // Broad searches (more than 30% of the products, at most half of them in names) read their
  // first page in two parts: 'school' has about 1,200 name matches (more than the first 1,024) of
  // 4,000; 'built' 300, then the descriptions' newest first; 'singapore' only descriptions
  // (walked newest first, whole words, then 'Singaporean'). The others rank every match in one
  // pass: 'court' (too few), 'net'.
  for (const q of ['school', 'schooling', 'built', 'court', 'bench school', 'singapore', 'net']) {
    it(`orders '${q}' as ranking every match would, on the first pages and beyond the 64th`, async () => {
      const expected = await referenceOrder(q);
      const pages = Math.ceil(expected.length / PAGE_SIZE);
      const first = await listProducts({ q, page: 1 });
      expect(first.total).toBe(expected.length);
      for (const page of new Set([1, 2, Math.min(40, pages), Math.min(64, pages), 65, pages])) {
        if (page > pages) continue;
        const { items } = await listProducts({ q, page });
        expect(
          items.map((p) => p.id),
          `'${q}' page ${page}`,
        ).toEqual(expected.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE));
      }
    });
  }
});
