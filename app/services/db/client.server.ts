import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { env, type Env } from '../env.server';
import * as schema from './schema';

export type Database = ReturnType<typeof drizzlePglite<typeof schema>>;

interface Connection {
  db: Database;
  close: () => Promise<void>;
}

/** Opens a connection to either engine; both speak the same PostgreSQL dialect. */
export function connect(database: Env['database']): Connection {
  if (database.kind === 'pglite') {
    const client = new PGlite({ dataDir: database.dir ?? undefined, extensions: { pg_trgm } });
    return {
      db: drizzlePglite({ client, schema, casing: 'snake_case' }),
      close: () => client.close(),
    };
  }
  const pool = new pg.Pool({ connectionString: database.url, max: 10 });
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Database;
  return { db, close: () => pool.end() };
}

let connection: Connection | undefined;

/** The one database client of this process. */
export function db(): Database {
  connection ??= connect(env().database);
  return connection.db;
}

export async function closeDb(): Promise<void> {
  const current = connection;
  connection = undefined;
  await current?.close();
}
