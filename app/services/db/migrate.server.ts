import path from 'node:path';
import { existsSync } from 'node:fs';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { env } from '../env.server';
import { db } from './client.server';

/** The committed migrations folder, found from the working directory (the project root). */
function migrationsFolder(): string {
  const folder = path.resolve('drizzle');
  if (!existsSync(folder)) throw new Error(`Migrations folder not found at ${folder}`);
  return folder;
}

/** Applies every pending migration to the configured database. */
export async function migrateDatabase(): Promise<void> {
  const config = { migrationsFolder: migrationsFolder() };
  if (env().database.kind === 'pglite') await migratePglite(db(), config);
  else await migratePg(db() as unknown as NodePgDatabase, config);
}

/** The advisory lock's key: any number no other code uses (the shop's name in ASCII). */
const BOOT_LOCK = 0x46_69_65_6c_64_68; // "Fieldh"

/**
 * Runs `fn` (migrations, the seed, the configured admin) while holding a PostgreSQL advisory
 * lock, so machines started at the same time take turns: the first migrates and seeds, the
 * others then find it done. Without it two would apply the same migration (one failing on what
 * the other created) or create the same admin. On its own connection, so the pool is free for
 * `fn`; the lock goes with the connection if the process dies. The embedded database has one
 * process and needs none.
 */
export async function underBootLock<T>(fn: () => Promise<T>): Promise<T> {
  const database = env().database;
  if (database.kind !== 'postgres') return fn();
  const client = new pg.Client({ connectionString: database.url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [BOOT_LOCK]);
    return await fn();
  } finally {
    await client.end();
  }
}
