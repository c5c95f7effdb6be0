import { PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { env, type Env } from '../env.server';
import { log } from '../log.server';
import { markDatabaseDown } from './availability.server';
import * as schema from './schema';

export type Database = ReturnType<typeof drizzlePglite<typeof schema>>;

interface Connection {
  db: Database;
  close: () => Promise<void>;
  /** PostgreSQL's pool: its connections and the queries waiting for one (for the metrics). */
  pool?: () => PoolStats;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * Planner settings of every connection. random_page_cost 1.1 (PostgreSQL's default, 4, models a
 * spinning disk): the catalogue lives in memory or on SSD, where reading the pages that an index
 * points to costs little more than reading pages in order. With 4, a search for a word found in
 * more than about a fifth of 100,000 products read the whole 150 MB table (70–85 ms) instead of
 * the matches' pages through the GIN index (20–30 ms); docs/decisions/005. JIT compilation off:
 * PostgreSQL compiles a query whose estimated cost is high, and a report over a year of
 * enquiries, which estimates millions of rows and reads tens of thousands, spent 490 of its
 * 650 ms compiling (the shop's queries run in milliseconds; none gains from compiling).
 */
export const PLANNER_SETTINGS = { random_page_cost: '1.1', jit: 'off' } as const;

/**
 * PGlite runs inside the server's process: its buffer pool and maintenance memory are part of the
 * server's resident memory, and its WebAssembly memory never shrinks once grown. PostgreSQL's
 * defaults (128 MB and 64 MB) are for a server of its own; here the operating system's file cache
 * keeps the data files warm besides (≤ 400 MB resident after the bench). The pool is
 * 48 MB: about the live search table of the 100k bench (45 MB), so a search that ranks 30,000
 * matches mostly finds its pages in the pool instead of copying each from the file cache (with
 * 32 MB that copying was a sixth of the server's CPU under the search load; 48 MB: 131–135
 * random searches a second against 113–115, 354–367 MB resident after the bench against 337–341;
 * docs/decisions/005, sixth pass).
 */
const PGLITE_MEMORY = [
  '-c',
  'shared_buffers=48MB',
  '-c',
  'maintenance_work_mem=16MB',
  '-c',
  'temp_buffers=2MB',
];

/** Resolves after the event loop's next turn: the I/O that is ready meanwhile is handled first. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * PGlite, fair to the requests that arrive while it works. It runs each query synchronously on
 * the server's one thread, and a query queued behind another starts in the same task as the
 * promise that ends the first, so a burst of queries never returned to the event loop: with ten
 * searches at once on the 100k bench catalogue the loop stalled for 130–250 ms at a time, and a
 * request that arrived then waited for every query of every request already running (random
 * searches p99 460–560 ms). Each query and transaction now first lets the event loop take a turn,
 * so a new request is read and queues its first query beside theirs (p99 300–310 ms, the same
 * throughput; docs/decisions/005, sixth pass). A transaction's own queries (on `tx`) do not wait.
 */
class FairPGlite extends PGlite {
  override async query<T>(
    query: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    await nextTurn();
    return super.query<T>(query, params, options);
  }

  override async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    await nextTurn();
    return super.transaction(callback);
  }
}

/**
 * A data directory (a tar from PGlite's dumpDataDir) that new in-memory PGlite databases start
 * from instead of running initdb: the service tests give each file a fresh database from one
 * migrated copy (tests/setup/database.ts), 0.5 s instead of 3. Unset in the shop.
 */
let pgliteTemplate: Blob | undefined;
export function startInMemoryPgliteFrom(template: Blob | undefined): void {
  pgliteTemplate = template;
}

/** Opens a connection to either engine; both speak the same PostgreSQL dialect. */
export function connect(database: Env['database']): Connection {
  if (database.kind === 'pglite') {
    // Settings as start parameters: in force from the first statement, for the one session.
    const client = new FairPGlite({
      dataDir: database.dir ?? undefined,
      loadDataDir: database.dir ? undefined : pgliteTemplate,
      extensions: { pg_trgm },
      startParams: [
        ...PGlite.defaultStartParams,
        ...PGLITE_MEMORY,
        ...Object.entries(PLANNER_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
      ],
    });
    return {
      db: drizzlePglite({ client, schema, casing: 'snake_case' }),
      close: () => client.close(),
    };
  }
  // Few connections (DATABASE_POOL_SIZE, 4 by default): a query waits in the pool rather than
  // sharing the database's cores with ten others, which stretched a broad search from 30 ms to
  // 200 ms under load (docs/decisions/011).
  // A lost connection (restart, failover, pg_terminate_backend) is an 'error' event on an idle
  // client, relayed by the pool, or on a checked-out one: without listeners it would end the
  // process. The pool drops the broken client and opens a new one on next use. A connection that
  // cannot be made within 3 s fails, so requests are answered 503 instead of waiting.
  const pool = new pg.Pool({
    connectionString: database.url,
    max: database.poolSize,
    connectionTimeoutMillis: 3000,
    // Sent when each connection starts: no extra round trip.
    options: Object.entries(PLANNER_SETTINGS)
      .map(([name, value]) => `-c ${name}=${value}`)
      .join(' '),
  });
  const lost = (error: Error) => {
    markDatabaseDown();
    log().error({ err: error }, 'Database connection lost');
  };
  // Every client's own listener logs; the pool relays an idle client's error as well.
  pool.on('error', markDatabaseDown);
  pool.on('connect', (client) => client.on('error', lost));
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    close: () => pool.end(),
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** The rows of a `db().execute(…)` answer, which is `{ rows }` or a bare array by driver. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

let connection: Connection | undefined;

/** The one database client of this process. */
export function db(): Database {
  connection ??= connect(env().database);
  return connection.db;
}

/** The pool's state on PostgreSQL; null on the embedded database (one session, no pool). */
export function databasePool(): PoolStats | null {
  return connection?.pool?.() ?? null;
}

export async function closeDb(): Promise<void> {
  const current = connection;
  connection = undefined;
  await current?.close();
}
