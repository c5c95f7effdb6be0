import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { env } from '../env.server';
import { isDatabaseMarkedDown, noteDatabaseError } from './availability.server';
import { connect, db, PLANNER_SETTINGS, rowsOf, type Database } from './client.server';

/** Runs `run` with a pool of its own of `size` connections to the test's PostgreSQL. */
async function withPool<T>(size: number, run: (pool: Database) => Promise<T>): Promise<T> {
  const { database } = env();
  if (database.kind !== 'postgres') throw new Error('TEST_DB=postgres without DATABASE_URL');
  const small = connect({ ...database, poolSize: size });
  try {
    return await run(small.db);
  } finally {
    await small.close();
  }
}

it('plans every connection for a catalogue in memory (random_page_cost) and without JIT compiling, on either engine', async () => {
  const result = await db().execute(
    sql`SELECT current_setting('random_page_cost') AS random_page_cost, current_setting('jit') AS jit`,
  );
  expect(rowsOf<{ random_page_cost: string; jit: string }>(result)[0]).toEqual({
    random_page_cost: PLANNER_SETTINGS.random_page_cost,
    jit: 'off',
  });
});

it.runIf(process.env.TEST_DB === 'postgres')(
  'opens no more connections to PostgreSQL than its pool size, however many queries wait',
  () =>
    withPool(2, async (pool) => {
      const backends = await Promise.all(
        Array.from({ length: 6 }, async () => {
          const result = await pool.execute(
            sql`SELECT pg_backend_pid() AS pid, pg_sleep(0.05)::text`,
          );
          return rowsOf<{ pid: number }>(result)[0]!.pid;
        }),
      );
      expect(new Set(backends).size).toBe(2);
    }),
);

it.runIf(process.env.TEST_DB === 'postgres')(
  'answers a query that waited too long for a busy connection 503, without marking the database away',
  () =>
    withPool(1, async (pool) => {
      // Drizzle's queries start when awaited: started now, holding the one connection.
      const held = Promise.resolve(pool.execute(sql`SELECT pg_sleep(3.5)`));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const waited = await pool.execute(sql`SELECT 1`).then(
        () => null,
        (error: unknown) => error,
      );
      expect(String((waited as Error).cause)).toMatch(/timeout exceeded when trying to connect/);
      expect(noteDatabaseError(waited)).toBe(true);
      expect(isDatabaseMarkedDown()).toBe(false);
      await held;
    }),
  10_000,
);

it.runIf(process.env.TEST_DB !== 'postgres')(
  "lets the event loop take a turn before PGlite runs a caller's next query",
  async () => {
    // PGlite runs a query on this thread; without the turn, a query sent as the previous one's
    // answer arrives ran in the same task, ahead of the I/O (new requests) that was ready.
    const order: string[] = [];
    await db().execute(sql`SELECT 1`);
    setImmediate(() => order.push('turn'));
    await db().execute(sql`SELECT 2`);
    order.push('second query');
    expect(order).toEqual(['turn', 'second query']);
    // Transactions too.
    setImmediate(() => order.push('turn'));
    await db().transaction(async (tx) => tx.execute(sql`SELECT 3`));
    order.push('transaction');
    expect(order).toEqual(['turn', 'second query', 'turn', 'transaction']);
  },
);
