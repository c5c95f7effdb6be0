// The session read without Better Auth's endpoint (session-read.server.ts) against Better Auth's
// own getSession: wherever the short reading answers, Better Auth answers the same; every other
// case is handed to Better Auth, which then does what it always did (deletes an expired session,
// extends one due for refresh).
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCustomer } from '../../../tests/factories';
import { auth } from '../auth.server';
import { db } from '../db/client.server';
import { session, user } from '../db/schema';
import { getUser } from '../permissions.server';
import { readSession } from './session-read.server';

const DAY = 24 * 60 * 60 * 1000;

const headersOf = (cookie: string) => new Headers(cookie ? { cookie } : {});

/** Better Auth's answer, as the ids and fields getUser reads. */
async function betterAuthUser(cookie: string) {
  const found = await auth().api.getSession({ headers: headersOf(cookie) });
  return found ? { id: found.user.id, email: found.user.email } : null;
}

async function shortUser(cookie: string) {
  const reading = await readSession(headersOf(cookie));
  return reading.kind === 'user'
    ? { id: reading.user.id, email: reading.user.email }
    : reading.kind === 'none'
      ? null
      : reading.kind;
}

/** The session cookie's token, its signature and the cookie's name. */
function parts(cookie: string) {
  const pair = cookie.split('; ').find((c) => c.includes('session_token='))!;
  const [name, raw] = pair.split('=') as [string, string];
  const [token, signature] = decodeURIComponent(raw).split('.') as [string, string];
  return { name, token, signature };
}

const sign = (token: string, secret: string) =>
  `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;

async function setExpiry(token: string, expiresAt: Date) {
  await db().update(session).set({ expiresAt }).where(eq(session.token, token));
}

async function expiryOf(token: string) {
  const [row] = await db()
    .select({ expiresAt: session.expiresAt })
    .from(session)
    .where(eq(session.token, token));
  return row?.expiresAt ?? null;
}

describe('reading the session without Better Auth', () => {
  it('finds a live session and its user, as Better Auth does, with the stored role and fields', async () => {
    const customer = await createCustomer({ phone: '+65 9123 4567' });
    const reading = await readSession(headersOf(customer.cookie));
    expect(reading).toEqual({
      kind: 'user',
      user: {
        id: customer.id,
        email: customer.email,
        name: 'Test Customer',
        role: 'customer',
        phone: '+65 9123 4567',
        twoFactorEnabled: false,
      },
    });
    expect(await betterAuthUser(customer.cookie)).toEqual({
      id: customer.id,
      email: customer.email,
    });
    // A role changed in the database counts at once: nothing is kept between requests.
    await db().update(user).set({ role: 'admin' }).where(eq(user.id, customer.id));
    expect(
      await getUser(new Request('http://x/', { headers: { cookie: customer.cookie } })),
    ).toMatchObject({ id: customer.id, role: 'admin' });
  });

  it('answers only with a signature made with the secret: anything else goes to Better Auth, which refuses it', async () => {
    const customer = await createCustomer();
    const { name, token, signature } = parts(customer.cookie);
    const other = await createCustomer();
    const otherToken = parts(other.cookie).token;
    const flipped = token.slice(0, -1) + (token.endsWith('a') ? 'b' : 'a');
    const forged = [
      `${name}=${encodeURIComponent(`${flipped}.${signature}`)}`, // token changed, old signature
      `${name}=${encodeURIComponent(`${otherToken}.${signature}`)}`, // another session's token
      `${name}=${encodeURIComponent(sign(token, 'another-secret-0123456789abcdef0123'))}`,
      `${name}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`,
      `${name}=${token}`, // unsigned
      `${name}=${encodeURIComponent(`${token}.${signature}`)}x`,
      `${name}=%E0%A4%A`, // not decodable
      `${name}=`,
    ];
    for (const cookie of forged) {
      expect(await shortUser(cookie), cookie).toBe('ask-better-auth');
      expect(await betterAuthUser(cookie), cookie).toBeNull();
    }
    // The genuine one, sent unencoded as some clients do, still reads.
    const plain = `${name}=${token}.${signature}`;
    expect(await shortUser(plain)).toEqual({ id: customer.id, email: customer.email });
    expect(await betterAuthUser(plain)).toEqual({ id: customer.id, email: customer.email });
  });

  it('says "no one" only when there is no session cookie at all', async () => {
    const customer = await createCustomer();
    const { name, token, signature } = parts(customer.cookie);
    for (const cookie of ['', 'fh_cart=abc; theme=dark', `x${name}=1`.replace(name, 'other')]) {
      expect(await shortUser(cookie), cookie).toBeNull();
      expect(await betterAuthUser(cookie), cookie).toBeNull();
    }
    // A name that merely contains the cookie's, or the cookie twice: Better Auth decides.
    const signed = encodeURIComponent(`${token}.${signature}`);
    for (const cookie of [`x${name}=${signed}`, `${name}=${signed}; ${name}=${signed}`])
      expect(await shortUser(cookie), cookie).toBe('ask-better-auth');
  });

  it('hands a signed-out, an expired and a due-for-refresh session to Better Auth, which deletes or extends it', async () => {
    // Signed out: the session row is gone.
    const gone = await createCustomer();
    await db()
      .delete(session)
      .where(eq(session.token, parts(gone.cookie).token));
    expect(await shortUser(gone.cookie)).toBe('ask-better-auth');
    expect(
      await getUser(new Request('http://x/', { headers: { cookie: gone.cookie } })),
    ).toBeNull();

    // Expired: Better Auth deletes the row when asked.
    const expired = await createCustomer();
    const expiredToken = parts(expired.cookie).token;
    await setExpiry(expiredToken, new Date(Date.now() - 1000));
    expect(await shortUser(expired.cookie)).toBe('ask-better-auth');
    expect(
      await getUser(new Request('http://x/', { headers: { cookie: expired.cookie } })),
    ).toBeNull();
    expect(await expiryOf(expiredToken)).toBeNull();

    // Six days left of seven: older than a day (updateAge), so Better Auth extends it.
    const due = await createCustomer();
    const dueToken = parts(due.cookie).token;
    await setExpiry(dueToken, new Date(Date.now() + 6 * DAY - 60_000));
    expect(await shortUser(due.cookie)).toBe('ask-better-auth');
    expect(
      await getUser(new Request('http://x/', { headers: { cookie: due.cookie } })),
    ).toMatchObject({ id: due.id });
    expect((await expiryOf(dueToken))!.getTime()).toBeGreaterThan(Date.now() + 7 * DAY - 60_000);
    // Extended: the next request reads it without Better Auth.
    expect(await shortUser(due.cookie)).toEqual({ id: due.id, email: due.email });
  });

  it("leaves a 'don't remember me' sign-in to Better Auth", async () => {
    const customer = await createCustomer();
    const context = await auth().$context;
    const cookie = `${customer.cookie}; ${context.authCookies.dontRememberToken.name}=x`;
    expect(await shortUser(cookie)).toBe('ask-better-auth');
    expect(await getUser(new Request('http://x/', { headers: { cookie } }))).toMatchObject({
      id: customer.id,
    });
  });
});
