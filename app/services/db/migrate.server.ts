import path from 'node:path';
import { existsSync } from 'node:fs';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
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
