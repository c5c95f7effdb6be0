import { isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import { normalise } from './client-address.server';
import { db, rowsOf } from './db/client.server';

/**
 * Counts one attempt for `key` in a fixed window and says whether it is within `max`. The counter
 * lives in the database, so every instance sharing it enforces one limit.
 */
export async function hitRateLimit(
  key: string,
  max: number,
  windowSeconds: number,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const result = await db().execute<{ count: number; wait: number }>(sql`
    INSERT INTO rate_limits (key, count, reset_at)
    VALUES (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
      reset_at = CASE WHEN rate_limits.reset_at <= now()
        THEN now() + make_interval(secs => ${windowSeconds}) ELSE rate_limits.reset_at END
    RETURNING count, ceil(extract(epoch FROM reset_at - now()))::int AS wait`);
  const rows = rowsOf<{ count: number; wait: number }>(result);
  const row = rows[0]!;
  return { allowed: Number(row.count) <= max, retryAfterSeconds: Math.max(1, Number(row.wait)) };
}

/**
 * The client's address for a rate limit. server/app.ts derives it once per request from the TCP
 * peer and the trusted proxy hops (`clientAddressFrom`) and hands it over as the load context's
 * `clientAddress`; headers are not read again here, so the client cannot choose its own key.
 * An IPv6 client counts as its /64 network: one host is normally given a whole /64 and can send
 * from a new address of it every time (Better Auth's own limiter groups them the same way).
 */
export function clientAddress(contextAddress: string | undefined): string {
  // An IPv4 client written as IPv6 is that IPv4 client, not one /64 every IPv4 client would share.
  const address = normalise(contextAddress);
  if (!address) return 'unknown';
  return isIPv6(address) ? `${ipv6Prefix64(address)}::/64` : address;
}

/** The first four groups of an IPv6 address, written out ('2001:db8::1' → '2001:db8:0:0'). */
function ipv6Prefix64(address: string): string {
  const [head = '', tail] = address.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail ('::ffff:1.2.3.4' forms) is two groups; it never reaches the prefix.
  const rightGroups = right.reduce((n, group) => n + (group.includes('.') ? 2 : 1), 0);
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - rightGroups).fill('0'), ...right];
  return groups
    .slice(0, 4)
    .map((group) => (parseInt(group, 16) || 0).toString(16))
    .join(':');
}
