import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { db, PLANNER_SETTINGS } from './client.server';

it('plans every connection for a catalogue in memory (random_page_cost), on either engine', async () => {
  const result = await db().execute<{ random_page_cost: string }>(sql`SHOW random_page_cost`);
  const rows = (Array.isArray(result) ? result : result.rows) as { random_page_cost: string }[];
  expect(rows[0]!.random_page_cost).toBe(PLANNER_SETTINGS.random_page_cost);
});
