// Restore drill: fill a database, back it up with `npm run backup`'s script, damage the data,
// restore with `npm run restore`'s, and compare every table's row count and a checksum of the
// enquiries with what was there. On the embedded database (a data folder of its own) and, with
// TEST_DB=postgres, on this test file's PostgreSQL database.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { expect, it } from 'vitest';
import { connect, db, type Database } from '~/services/db/client.server';
import { enquiries, enquiryItems, products, sports } from '~/services/db/schema';

const run = promisify(execFile);
const onPostgres = process.env.TEST_DB === 'postgres';
const dataDir = mkdtempSync(path.join(tmpdir(), 'fieldhouse-backup-'));

async function withDatabase<T>(fn: (target: Database) => Promise<T>): Promise<T> {
  if (onPostgres) return fn(db());
  const connection = connect({ kind: 'pglite', dir: path.join(dataDir, 'db') });
  try {
    return await fn(connection.db);
  } finally {
    await connection.close();
  }
}

async function fill(target: Database) {
  const [sport] = await target
    .insert(sports)
    .values({ name: 'Netball', slug: 'netball' })
    .returning();
  const goods = await target
    .insert(products)
    .values([1, 2].map((i) => ({ name: `Post ${i}`, slug: `post-${i}`, sportId: sport!.id })))
    .returning();
  for (let i = 0; i < 25; i++) {
    const [enquiry] = await target
      .insert(enquiries)
      .values({
        reference: `FH-2026-B${String(i).padStart(5, '0')}`,
        contactName: `Buyer ${i}`,
        contactEmail: `buyer${i}@school.example`,
        message: `Quote ${i}, 'quoted' and ünïcode`,
      })
      .returning();
    await target.insert(enquiryItems).values(
      goods.map((p, n) => ({
        enquiryId: enquiry!.id,
        productId: p.id,
        productName: p.name,
        quantity: n + i,
      })),
    );
  }
}

/** Every table's row count and an md5 over the enquiries and their items, in id order. */
async function fingerprint(target: Database) {
  const rowsOf = <T>(r: unknown) => (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];
  const tables = rowsOf<{ name: string }>(
    await target.execute(
      sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    ),
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = rowsOf<{ n: number }>(
      await target.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)}`),
    );
    counts[name] = row!.n;
  }
  const [sum] = rowsOf<{ enquiries: string; items: string }>(
    await target.execute(sql`SELECT
      (SELECT md5(string_agg(e::text, '|' ORDER BY e.id)) FROM enquiries e) AS enquiries,
      (SELECT md5(string_agg(i::text, '|' ORDER BY i.id)) FROM enquiry_items i) AS items`),
  );
  return { counts, ...sum };
}

async function script(...args: string[]) {
  return run('node_modules/.bin/tsx', ['scripts/backup.ts', ...args], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: onPostgres ? process.env.DATABASE_URL : '',
    },
    timeout: 180_000,
  });
}

it('restores exactly what was backed up', async () => {
  const before = await withDatabase(async (target) => {
    if (!onPostgres) await migrate(target, { migrationsFolder: 'drizzle' });
    await fill(target);
    return fingerprint(target);
  });
  expect(before.counts.enquiries).toBe(25);
  expect(before.counts.enquiry_items).toBe(50);

  const file = path.join(dataDir, `drill.${onPostgres ? 'dump' : 'tar.gz'}`);
  const made = await script('backup', '--out', file);
  expect(made.stdout).toContain(file);

  // The disaster: enquiries lost, a product renamed, a stray row added.
  await withDatabase(async (target) => {
    await target.execute(sql`DELETE FROM enquiries WHERE id % 3 = 0`);
    await target.execute(sql`UPDATE products SET name = 'Renamed'`);
    await target.insert(sports).values({ name: 'Stray', slug: 'stray' });
    expect((await fingerprint(target)).enquiries).not.toBe(before.enquiries);
  });

  const refused = await script('restore', file).catch((error: { code: number }) => error);
  expect((refused as { code?: number }).code).toBe(2); // asks for --yes first
  await script('restore', file, '--yes');

  const after = await withDatabase(fingerprint);
  expect(after).toEqual(before);
}, 300_000);
