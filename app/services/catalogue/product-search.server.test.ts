import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCategory, createProduct, createSport } from '../../../tests/factories';
import { db, rowsOf } from '../db/client.server';
import { catalogueChanged } from './cache.server';
import { listProducts } from './products.server';

/**
 * Products whose search row (product_search, migration 0012) is missing or differs from what it
 * is computed from: the vector from the name, description, sport and categories, and the sport
 * and date copied for filtering and ordering.
 */
async function stale(): Promise<number[]> {
  return rowsOf<{ id: number }>(
    await db().execute(sql`
      SELECT p.id FROM products p LEFT JOIN product_search s ON s.id = p.id
       WHERE s.id IS NULL
          OR s.search_vector IS DISTINCT FROM fieldhouse_search_vector(p.id, p.name, p.model_code, p.specifications, p.description, p.sport_id)
          OR s.sport_id <> p.sport_id
          OR s.created_at <> p.created_at`),
  ).map((r) => Number(r.id));
}

async function searchRows(): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db().execute(sql`SELECT count(*)::int AS n FROM product_search`),
  );
  return Number(row!.n);
}

async function found(q: string, filter: { sportIds?: number[] } = {}): Promise<number[]> {
  catalogueChanged();
  return (await listProducts({ q, ...filter })).items.map((p) => p.id);
}

describe('the search rows follow every write to what they are computed from', () => {
  it('new products, edits, links, renames and deletes', async () => {
    const rowing = await createSport({ name: 'Rowing' });
    const sailing = await createSport({ name: 'Sailing' });
    const paddles = await createCategory({ name: 'Paddles' });
    const ropes = await createCategory({ name: 'Ropes' });
    const oar = await createProduct({
      name: 'Carbon Sculling Oar',
      description: 'Adjustable collar.',
      sportId: rowing.id,
      categoryIds: [paddles.id],
    });
    // A bulk insert, as an import would write: one statement, several products.
    await db().execute(sql`
      INSERT INTO products (name, slug, description, sport_id)
      SELECT 'Mooring Line ' || i, 'mooring-' || i, 'Braided.', ${sailing.id}
        FROM generate_series(1, 3) AS i`);
    expect(await stale()).toEqual([]);
    expect(await found('sculling')).toEqual([oar.id]);
    expect(await found('paddles')).toEqual([oar.id]);
    expect(await found('collar')).toEqual([oar.id]);
    expect(await found('mooring braided')).toHaveLength(3);

    // The name, the description, the sport and the date of the product itself.
    await db().execute(sql`UPDATE products SET name = 'Carbon Sweep Oar' WHERE id = ${oar.id}`);
    expect(await found('sculling')).toEqual([]);
    expect(await found('sweep')).toEqual([oar.id]);
    await db().execute(sql`UPDATE products SET description = 'Fixed blade.' WHERE id = ${oar.id}`);
    expect(await found('collar')).toEqual([]);
    expect(await found('blade')).toEqual([oar.id]);
    await db().execute(sql`UPDATE products SET sport_id = ${sailing.id} WHERE id = ${oar.id}`);
    expect(await found('oar', { sportIds: [rowing.id] })).toEqual([]);
    expect(await found('oar', { sportIds: [sailing.id] })).toEqual([oar.id]);
    expect(await found('sailing')).toContain(oar.id);
    await db().execute(
      sql`UPDATE products SET created_at = now() + interval '1 day' WHERE id = ${oar.id}`,
    );
    expect((await found('sailing'))[0]).toBe(oar.id);
    expect(await stale()).toEqual([]);

    // Its categories: linked, unlinked, renamed.
    await db().execute(
      sql`INSERT INTO products_categories (product_id, category_id) VALUES (${oar.id}, ${ropes.id})`,
    );
    expect(await found('ropes')).toEqual([oar.id]);
    await db().execute(sql`DELETE FROM products_categories WHERE category_id = ${paddles.id}`);
    expect(await found('paddles')).toEqual([]);
    await db().execute(sql`UPDATE categories SET name = 'Rigging' WHERE id = ${ropes.id}`);
    expect(await found('ropes')).toEqual([]);
    expect(await found('rigging')).toEqual([oar.id]);
    // Its sport renamed.
    await db().execute(sql`UPDATE sports SET name = 'Yachting' WHERE id = ${sailing.id}`);
    expect(await found('sailing')).toEqual([]);
    expect(await found('yachting')).toHaveLength(4);
    expect(await stale()).toEqual([]);

    // Deleted: its search row goes with it.
    const before = await searchRows();
    await db().execute(sql`DELETE FROM products WHERE id = ${oar.id}`);
    expect(await searchRows()).toBe(before - 1);
    expect(await found('rigging')).toEqual([]);
    expect(await stale()).toEqual([]);
  });

  it('orders a search by name and matches a literal from the products rows', async () => {
    const curling = await createSport({ name: 'Curling' });
    for (const name of ['Zeta Curling Stone', 'Alpha Curling Stone', 'Mid 50% Curling Stone'])
      await createProduct({ name, sportId: curling.id });
    catalogueChanged();
    const byName = await listProducts({ q: 'curling stone', sort: 'name' });
    expect(byName.items.map((p) => p.name)).toEqual([
      'Alpha Curling Stone',
      'Mid 50% Curling Stone',
      'Zeta Curling Stone',
    ]);
    expect((await listProducts({ q: '50%' })).items.map((p) => p.name)).toEqual([
      'Mid 50% Curling Stone',
    ]);
    expect((await listProducts({ q: '50% curling', sort: 'name' })).total).toBe(1);
  });
});
