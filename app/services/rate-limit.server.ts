import { createHmac } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import { normalise } from './client-address.server';
import { db, rowsOf, type Database } from './db/client.server';
import { env } from './env.server';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A stored key: its kind, then the key's keyed hash (43 characters of base64url). */
const STORED_KEY = '^[a-z-]{1,20}:[A-Za-z0-9_-]{43}$';

/**
 * The form a limit's key is stored in: its kind (the text before the first ':', such as 'mail' or
 * 'auth') readable for an operator looking at the table, then an HMAC-SHA256 of the whole key by
 * the server's secret. Keys hold e-mail addresses and client addresses, and the table keeps
 * neither. Keyed, not a plain SHA-256: addresses are easy to guess, and whoever has a copy of
 * the table could confirm a guessed address against a plain hash. A new secret only restarts the
 * counters, which are short-lived anyway. The hash also bounds the key's length, whatever was typed.
 */
export function storedKey(key: string): string {
  const kind = /^[a-z-]{1,20}(?=:)/.exec(key)?.[0] ?? 'key';
  const hash = createHmac('sha256', env().authSecret).update(key).digest('base64url');
  return `${kind}:${hash}`;
}

/**
 * Counts one attempt for `key` in a fixed window and says whether it is within `max`. The counter
 * lives in the database, so every instance sharing it enforces one limit. Inside a transaction
 * (`tx`), the attempt counts only if the transaction commits.
 */
export async function hitRateLimit(
  key: string,
  max: number,
  windowSeconds: number,
  tx?: Tx,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const result = await (tx ?? db()).execute<{ count: number; wait: number }>(sql`
    INSERT INTO rate_limits (key, count, reset_at)
    VALUES (${storedKey(key)}, 1, now() + make_interval(secs => ${windowSeconds}))
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
      reset_at = CASE WHEN rate_limits.reset_at <= now()
        THEN now() + make_interval(secs => ${windowSeconds}) ELSE rate_limits.reset_at END
    RETURNING count, ceil(extract(epoch FROM reset_at - now()))::int AS wait`);
  const rows = rowsOf<{ count: number; wait: number }>(result);
  const row = rows[0]!;
  // Not inside the caller's transaction: it would hold the caller's locks while it runs.
  if (!tx && Date.now() - lastPruned > PRUNE_EVERY_MS) {
    lastPruned = Date.now();
    await pruneRateLimits();
  }
  return { allowed: Number(row.count) <= max, retryAfterSeconds: Math.max(1, Number(row.wait)) };
}

/** How often one process clears out dead counters, and at most how many each time. */
const PRUNE_EVERY_MS = 10 * 60_000;
const PRUNE_BATCH = 1000;
let lastPruned = 0;

/**
 * Deletes up to PRUNE_BATCH dead rows: those whose window ended more than a day ago (a window's
 * counter restarts once its reset_at passes, and an account's failed passwords are forgotten a
 * day after the last one: account-throttle.server.ts), and any key not in the stored form
 * (storedKey), such as the plain e-mail addresses kept before keys were hashed. Run now and then
 * by hitRateLimit, so the table holds what the live limits need, whatever the traffic was.
 * Returns how many rows went.
 */
export async function pruneRateLimits(): Promise<number> {
  const result = await db().execute<{ key: string }>(sql`
    DELETE FROM rate_limits WHERE key IN (
      SELECT key FROM rate_limits
       WHERE reset_at < now() - interval '1 day' OR key !~ ${STORED_KEY}
       LIMIT ${PRUNE_BATCH})
    RETURNING key`);
  return rowsOf<{ key: string }>(result).length;
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
