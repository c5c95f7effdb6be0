// Migration 0022 (the reports' daily totals) on a shop with enquiries made before it: each
// enquiry's first answer is found in its timeline, and the totals per product and category are
// counted from the items already there, on the enquiry's Singapore day.
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
  "counts the enquiries already there and finds each one's first answer",
  async () => {
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsUpTo(21) });
    await client.exec(`
    INSERT INTO sports (id, name, slug) VALUES (1, 'Football', 'football');
    INSERT INTO categories (id, name, slug) VALUES (1, 'Goals', 'goals'), (2, 'Nets', 'nets');
    INSERT INTO products (id, name, slug, sport_id) VALUES (1, 'Goal', 'goal-1', 1), (2, 'Net', 'net-2', 1);
    INSERT INTO products_categories (product_id, category_id) VALUES (1, 1), (2, 1), (2, 2);
    -- 17:30 UTC is 01:30 the next day in Singapore.
    INSERT INTO enquiries (id, reference, contact_name, message, created_at) VALUES
      (1, 'FH-1', 'A', 'm', '2026-05-04T17:30:00Z'),
      (2, 'FH-2', 'B', 'm', '2026-05-05T03:00:00Z');
    INSERT INTO enquiry_items (enquiry_id, product_id, product_name, quantity) VALUES
      (1, 1, 'Goal', 2), (1, 2, 'Net', 1), (2, 2, 'Net', 4), (2, NULL, 'Old Board', 1);
    INSERT INTO enquiry_events (enquiry_id, kind, actor_name, body, created_at) VALUES
      (1, 'note', 'S', 'n', '2026-05-05T01:00:00Z'),
      (1, 'quotation', 'S', NULL, '2026-05-06T02:00:00Z'),
      (1, 'reply', 'S', 'r', '2026-05-05T02:00:00Z');
  `);

    await migrate(db, { migrationsFolder: path.resolve('drizzle') });

    const answered = await client.query(
      `SELECT id, first_answered_at AT TIME ZONE 'UTC' AS at FROM enquiries ORDER BY id`,
    );
    expect(answered.rows).toEqual([
      { id: 1, at: new Date('2026-05-05T02:00:00Z') },
      { id: 2, at: null },
    ]);
    const products = await client.query(
      `SELECT day::text, product_id, product_name, enquiries, quantity
         FROM enquiry_product_days ORDER BY product_name`,
    );
    expect(products.rows).toEqual([
      { day: '2026-05-05', product_id: 1, product_name: 'Goal', enquiries: 1, quantity: 2 },
      { day: '2026-05-05', product_id: 2, product_name: 'Net', enquiries: 2, quantity: 5 },
      { day: '2026-05-05', product_id: null, product_name: 'Old Board', enquiries: 1, quantity: 1 },
    ]);
    const categories = await client.query(
      `SELECT day::text, category_id, enquiries, quantity FROM enquiry_category_days ORDER BY 2`,
    );
    expect(categories.rows).toEqual([
      { day: '2026-05-05', category_id: 1, enquiries: 2, quantity: 7 },
      { day: '2026-05-05', category_id: 2, enquiries: 2, quantity: 5 },
    ]);
  },
);
