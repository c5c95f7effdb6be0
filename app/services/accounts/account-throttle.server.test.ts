import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../db/client.server';
import {
  accountLockedFor,
  clearFailedPasswords,
  FREE_FAILURES,
  MAX_LOCK_SECONDS,
  recordFailedPassword,
} from './account-throttle.server';

describe('per-account password throttle', () => {
  it('lets five wrong passwords pass, then locks for 30 s doubling up to 15 min', async () => {
    const account = 'Backoff@School.example';
    for (let i = 0; i < FREE_FAILURES - 1; i++) await recordFailedPassword(account);
    expect(await accountLockedFor(account)).toBe(0);
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      await recordFailedPassword(account);
      waits.push(await accountLockedFor('backoff@school.example'));
    }
    expect(waits.slice(0, 6)).toEqual([30, 60, 120, 240, 480, 900]);
    expect(Math.max(...waits)).toBe(MAX_LOCK_SECONDS);
  });

  it('starts over after a correct password, and after a quiet day', async () => {
    const account = 'quiet@school.example';
    for (let i = 0; i < FREE_FAILURES; i++) await recordFailedPassword(account);
    expect(await accountLockedFor(account)).toBeGreaterThan(0);
    await clearFailedPasswords(account);
    expect(await accountLockedFor(account)).toBe(0);

    for (let i = 0; i < FREE_FAILURES + 3; i++) await recordFailedPassword(account);
    await db().execute(
      sql`UPDATE rate_limits SET reset_at = now() - interval '2 days' WHERE key = ${`account:${account}`}`,
    );
    await recordFailedPassword(account);
    expect(await accountLockedFor(account)).toBe(0);
  });
});
