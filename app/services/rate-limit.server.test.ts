import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db, rowsOf } from './db/client.server';
import { clientAddress, hitRateLimit, pruneRateLimits, storedKey } from './rate-limit.server';

async function storedKeys(): Promise<string[]> {
  const rows = rowsOf<{ key: string }>(await db().execute(sql`SELECT key FROM rate_limits`));
  return rows.map((r) => r.key);
}

async function insertRow(key: string, resetAt: string) {
  await db().execute(
    sql`INSERT INTO rate_limits (key, count, reset_at) VALUES (${key}, 1, now() + ${resetAt}::interval)`,
  );
}

afterEach(() => vi.useRealTimers());

describe('the rate limits table', () => {
  it('keeps a keyed hash of each key, never the e-mail address in it', async () => {
    const address = `victim-${randomUUID()}@school.example`;
    for (let i = 0; i < 3; i++) await hitRateLimit(`mail:reset:${address}`, 3, 3600);
    expect((await hitRateLimit(`mail:reset:${address}`, 3, 3600)).allowed).toBe(false);
    const keys = await storedKeys();
    expect(keys).toContain(storedKey(`mail:reset:${address}`));
    expect(keys.filter((k) => k.includes('@') || k.includes('victim'))).toEqual([]);
    expect(storedKey(`mail:reset:${address}`)).toMatch(/^mail:[\w-]{43}$/);
    // Not a plain SHA-256 that anyone holding a guessed address could recompute.
    const plain = createHash('sha256').update(`mail:reset:${address}`).digest('base64url');
    expect(storedKey(`mail:reset:${address}`)).not.toContain(plain);
  });

  it('prunes counters dead for a day and keys stored in the clear, and only those', async () => {
    const plain = `mail:reset:old-${randomUUID()}@school.example`;
    const dead = storedKey(`enquiry:${randomUUID()}`);
    const recent = storedKey(`account:${randomUUID()}@school.example`);
    const live = storedKey(`auth:sign-in:${randomUUID()}`);
    await insertRow(plain, '1 hour'); // from before keys were hashed, still within its window
    await insertRow(dead, '-25 hours');
    await insertRow(recent, '-23 hours'); // an account's failures are remembered for a day
    await insertRow(live, '1 minute');
    expect(await pruneRateLimits()).toBeGreaterThanOrEqual(2);
    const keys = await storedKeys();
    expect(keys).not.toContain(plain);
    expect(keys).not.toContain(dead);
    expect(keys).toEqual(expect.arrayContaining([recent, live]));
  });

  it('is pruned by the limits themselves, now and then', async () => {
    const dead = storedKey(`contact:${randomUUID()}`);
    vi.useFakeTimers({ toFake: ['Date'] });
    await hitRateLimit(`test:${randomUUID()}`, 5, 60);
    await insertRow(dead, '-2 days');
    // Within ten minutes of the last pruning: left for the next.
    await hitRateLimit(`test:${randomUUID()}`, 5, 60);
    expect(await storedKeys()).toContain(dead);
    vi.setSystemTime(Date.now() + 11 * 60_000);
    await hitRateLimit(`test:${randomUUID()}`, 5, 60);
    expect(await storedKeys()).not.toContain(dead);
  });
});

describe('clientAddress (the key of a rate limit)', () => {
  it('keeps an IPv4 address as it is, and names a missing one', () => {
    expect(clientAddress('203.0.113.5')).toBe('203.0.113.5');
    // Written as IPv6 by a proxy: still that IPv4 client, not a /64 all of them would share.
    expect(clientAddress('::FFFF:203.0.113.5')).toBe('203.0.113.5');
    expect(clientAddress('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientAddress(undefined)).toBe('unknown');
    expect(clientAddress('')).toBe('unknown');
  });

  it('counts every address of one IPv6 /64 as one client', () => {
    const key = clientAddress('2001:db8:aa:bb:1:2:3:4');
    expect(key).toBe('2001:db8:aa:bb::/64');
    // The same network however the address is written, and whatever its host part.
    for (const address of [
      '2001:db8:aa:bb::1',
      '2001:0db8:00aa:00bb:ffff:ffff:ffff:ffff',
      '2001:DB8:AA:BB:0:0:0:9',
      '2001:db8:aa:bb::1.2.3.4',
      '2001:db8:aa:bb::1%eth0',
    ])
      expect(clientAddress(address), address).toBe(key);
    expect(clientAddress('2001:db8:aa:bc::1')).toBe('2001:db8:aa:bc::/64');
  });

  it('writes out the groups a "::" leaves out of the prefix', () => {
    expect(clientAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddress('::1')).toBe('0:0:0:0::/64');
    expect(clientAddress('2001:db8::7:8:9:a:b')).toBe('2001:db8:0:7::/64');
  });
});
