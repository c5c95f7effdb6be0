import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db, rowsOf } from '../db/client.server';
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
      sql`UPDATE rate_limits SET reset_at = now() - interval '2 days' WHERE key LIKE 'account:%'`,
    );
    await recordFailedPassword(account);
    expect(await accountLockedFor(account)).toBe(0);
  });

  it('counts an address of any length (the key is its hash, not the text)', async () => {
    // 3,200 random characters do not compress: as the key itself, the index refused them (a 500).
    const long = `${randomBytes(1600).toString('hex')}@school.example`;
    for (let i = 0; i < FREE_FAILURES; i++) await recordFailedPassword(long);
    expect(await accountLockedFor(long.toUpperCase())).toBeGreaterThan(0);
    const keys = await db().execute(sql`SELECT max(length(key)) AS n FROM rate_limits`);
    expect(Number(rowsOf<{ n: number }>(keys)[0]!.n)).toBeLessThan(100);
  });
});
