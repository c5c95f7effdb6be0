// Migration 0015 (product status and the trash) on a catalogue made before it: every product
// stays published and out of the trash, search rows included, and the activity log's images named
// by a short hash are named by their thumbnail's key where the image is still stored.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it } from 'vitest';
import { migrationsUpTo } from '../../../tests/setup/migrations';

const client = new PGlite({ extensions: { pg_trgm } });
afterAll(() => client.close());

// PGlite of its own whatever the engine under test: it runs once, in the PGlite suite.
it.skipIf(process.env.TEST_DB === 'postgres')(
  'keeps every product published and names still-stored images by their thumbnail',
  async () => {
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsUpTo(14) });
    await client.exec(`
    INSERT INTO sports (id, name, slug) VALUES (1, 'Football', 'football');
    INSERT INTO products (id, name, slug, sport_id) VALUES (1, 'Goal', 'goal-1', 1), (2, 'Net', 'net-2', 1);
    INSERT INTO product_images (product_id, position, key, width, height, variants)
    VALUES (1, 0, 'products/abcdef1234567890abcd.jpg', 800, 800,
      '[{"key": "products/abcdef1234567890abcd-640.webp", "width": 640, "format": "webp"},
        {"key": "products/abcdef1234567890abcd-320.webp", "width": 320, "format": "webp"}]');
    INSERT INTO audit_log (actor_name, entity, entity_id, entity_name, action, changes) VALUES
      ('Ada', 'product', 1, 'Goal', 'update',
       '{"images": {"from": ["99999999", "abcdef12"], "to": ["abcdef12"]}, "name": {"from": "G", "to": "Goal"}}'),
      ('Ada', 'product', 2, 'Net', 'create', '{"images": {"from": null, "to": []}}'),
      ('Ada', 'sport', 1, 'Football', 'create', '{"name": {"from": null, "to": "Football"}}');
  `);

    await migrate(db, { migrationsFolder: path.resolve('drizzle') });

    const products = await client.query(
      'SELECT p.id, p.status, p.deleted_at, s.status AS search FROM products p JOIN product_search s USING (id) ORDER BY p.id',
    );
    expect(products.rows).toEqual([
      { id: 1, status: 'published', deleted_at: null, search: 'published' },
      { id: 2, status: 'published', deleted_at: null, search: 'published' },
    ]);
    const audit = await client.query<{ changes: unknown }>(
      'SELECT changes FROM audit_log ORDER BY id',
    );
    expect(audit.rows.map((r) => r.changes)).toEqual([
      {
        images: {
          from: ['99999999', 'products/abcdef1234567890abcd-320.webp'],
          to: ['products/abcdef1234567890abcd-320.webp'],
        },
        name: { from: 'G', to: 'Goal' },
      },
      { images: { from: null, to: [] } },
      { name: { from: null, to: 'Football' } },
    ]);
    // The new triggers: a product put in the trash leaves the shop's search rows.
    await client.exec('UPDATE products SET deleted_at = now() WHERE id = 2');
    const trashed = await client.query('SELECT status FROM product_search WHERE id = 2');
    expect(trashed.rows).toEqual([{ status: 'trashed' }]);
  },
);
