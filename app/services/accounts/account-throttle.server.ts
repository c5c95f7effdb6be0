import { sql } from 'drizzle-orm';
import { db, rowsOf } from '../db/client.server';
import { storedKey } from '../rate-limit.server';

/**
 * Per-account throttling of password guesses (OWASP Authentication Cheat Sheet, "Protect against
 * automated attacks": lock out by account, for a short time that grows, never for good).
 * The first FREE_FAILURES wrong passwords cost nothing; each one after that locks the account's
 * password checks for 30 s, doubling each time (30 s, 1, 2, 4, 8 min) up to 15 min. A correct
 * password (or a password reset) clears the count, and a count not added to for a day starts
 * over. An attacker who knows an e-mail address can therefore keep its password checks locked
 * only 15 minutes at a time and must keep trying to do so, while a guesser gets about 100 tries a
 * day instead of thousands; the owner can always get in by resetting the password by e-mail.
 */
export const FREE_FAILURES = 5;
export const FIRST_LOCK_SECONDS = 30;
export const MAX_LOCK_SECONDS = 15 * 60;

/** The account's counter in the rate limits' table, stored as a hash like theirs (storedKey). */
const keyOf = (account: string) => storedKey(`account:${account.trim().toLowerCase()}`);

/** Seconds until this account's password may be checked again (0: now). */
export async function accountLockedFor(account: string): Promise<number> {
  const result = await db().execute(sql`
    SELECT ceil(extract(epoch FROM reset_at - now()))::int AS wait FROM rate_limits
     WHERE key = ${keyOf(account)} AND count >= ${FREE_FAILURES} AND reset_at > now()`);
  const row = rowsOf<{ wait: number }>(result)[0];
  return row ? Math.max(1, Number(row.wait)) : 0;
}

/** Counts a wrong password for this account and starts its lock when past the free ones. */
export async function recordFailedPassword(account: string): Promise<void> {
  // The new count, written twice because SET cannot refer to another SET's result.
  const next = sql`CASE WHEN rate_limits.reset_at < now() - interval '1 day' THEN 1
    ELSE rate_limits.count + 1 END`;
  await db().execute(sql`
    INSERT INTO rate_limits (key, count, reset_at) VALUES (${keyOf(account)}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      count = ${next},
      reset_at = now() + make_interval(secs => CASE WHEN ${next} < ${FREE_FAILURES} THEN 0
        ELSE least(${MAX_LOCK_SECONDS}, ${FIRST_LOCK_SECONDS} * power(2, ${next} - ${FREE_FAILURES})) END)`);
}

/** A correct password (or a reset): the account starts afresh. */
export async function clearFailedPasswords(account: string): Promise<void> {
  await db().execute(sql`DELETE FROM rate_limits WHERE key = ${keyOf(account)}`);
}

export function lockedMessage(seconds: number): string {
  const wait = seconds <= 60 ? 'a minute' : `${Math.ceil(seconds / 60)} minutes`;
  return `Too many wrong passwords for this account. Please wait ${wait} and try again, or reset your password.`;
}
