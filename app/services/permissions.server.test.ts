import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCustomer, signIn } from '../../tests/factories';
import { createOrPromoteAdmin } from './accounts/admins.server';
import { auth } from './auth.server';
import { db } from './db/client.server';
import { session, user } from './db/schema';
import { getUser, requireAdmin, requireUser } from './permissions.server';
import { requestState } from './request-state.server';

const page = (cookie?: string) =>
  new Request('http://localhost:3000/admin/list?tab=1', { headers: cookie ? { cookie } : {} });

/** The session cookie's name, token and signature (`token.signature`, URL-encoded). */
function cookieParts(cookie: string) {
  const pair = cookie.split('; ').find((c) => c.includes('session_token='))!;
  const [name, raw] = pair.split('=') as [string, string];
  const [token, signature] = decodeURIComponent(raw).split('.') as [string, string];
  return { name, token, signature };
}

const sign = (token: string, secret: string) =>
  `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error('expected a thrown Response');
}

describe('permissions', () => {
  it('lets an admin made by the admin command through requireAdmin after signing in over HTTP', async () => {
    expect(
      await createOrPromoteAdmin({
        email: 'Boss@Example.com',
        name: 'Boss',
        password: 'admin-pass-123',
      }),
    ).toBe('created');
    const cookie = await signIn('boss@example.com', 'admin-pass-123');
    const admin = await requireAdmin(page(cookie));
    expect(admin).toMatchObject({ email: 'boss@example.com', name: 'Boss', role: 'admin' });
  });

  it('answers 403 to a signed-in customer', async () => {
    const { cookie } = await createCustomer();
    expect((await requireUser(page(cookie))).role).toBe('customer');
    const response = await thrown(requireAdmin(page(cookie)));
    expect(response.status).toBe(403);
  });

  it('sends a guest to sign in, coming back afterwards', async () => {
    const response = await thrown(requireAdmin(page()));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(
      `/login?redirectTo=${encodeURIComponent('/admin/list?tab=1')}`,
    );
    expect(await getUser(page())).toBeNull();
  });

  it('ignores a forged session cookie: only a token signed with the secret reads', async () => {
    expect(await getUser(page('better-auth.session_token=forged.value'))).toBeNull();
    const customer = await createCustomer();
    const other = await createCustomer();
    const { name, token, signature } = cookieParts(customer.cookie);
    const flipped = token.slice(0, -1) + (token.endsWith('a') ? 'b' : 'a');
    const forged = [
      `${name}=${encodeURIComponent(`${flipped}.${signature}`)}`, // token changed, old signature
      `${name}=${encodeURIComponent(`${cookieParts(other.cookie).token}.${signature}`)}`,
      `${name}=${encodeURIComponent(sign(token, 'another-secret-0123456789abcdef0123'))}`,
      `${name}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`,
      `${name}=${token}`, // unsigned
      `${name}=%E0%A4%A`, // not decodable
      `${name}=`,
    ];
    for (const cookie of forged) expect(await getUser(page(cookie)), cookie).toBeNull();
    // The genuine cookie, sent unencoded as some clients do, still reads.
    expect(await getUser(page(`${name}=${token}.${signature}`))).toMatchObject({
      id: customer.id,
    });
  });

  it('ignores an expired session, which Better Auth then deletes', async () => {
    const customer = await createCustomer();
    const { token } = cookieParts(customer.cookie);
    expect(await getUser(page(customer.cookie))).toMatchObject({ id: customer.id });
    await db()
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, token));
    expect(await getUser(page(customer.cookie))).toBeNull();
    expect(await db().select().from(session).where(eq(session.token, token))).toEqual([]);
  });

  it('reads no one with the cookie of a session signed out, here or on another device', async () => {
    const customer = await createCustomer();
    const elsewhere = await signIn(customer.email, customer.password);
    await auth().api.signOut({ headers: new Headers({ cookie: customer.cookie }) });
    expect(await getUser(page(customer.cookie))).toBeNull();
    expect(await getUser(page(elsewhere))).toMatchObject({ id: customer.id });
    // Every session ended (a password reset does this): the other device is out on its next request.
    await db().delete(session).where(eq(session.userId, customer.id));
    expect(await getUser(page(elsewhere))).toBeNull();
  });

  it('promotes an existing customer and leaves an admin unchanged', async () => {
    const { email, cookie } = await createCustomer();
    expect(await createOrPromoteAdmin({ email, name: 'x' })).toBe('promoted');
    expect((await requireAdmin(page(cookie))).role).toBe('admin');
    expect(await createOrPromoteAdmin({ email, name: 'x' })).toBe('unchanged');
  });

  it('reads the role on every request: an admin demoted mid-session is refused at once', async () => {
    const { email, cookie } = await createCustomer();
    await createOrPromoteAdmin({ email, name: 'x' });
    expect((await requireAdmin(page(cookie))).role).toBe('admin');
    await db().update(user).set({ role: 'user' }).where(eq(user.email, email));
    expect((await thrown(requireAdmin(page(cookie)))).status).toBe(403);
  });

  it('refuses to create an admin without a password', async () => {
    await expect(createOrPromoteAdmin({ email: 'nobody@example.com', name: 'N' })).rejects.toThrow(
      /password/,
    );
  });

  it('reads the user once per GET request (each loader has its own Request), not across an action', async () => {
    const { cookie } = await createCustomer();
    const [id] = await db()
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, (await requireUser(page(cookie))).email));
    const rename = (name: string) => db().update(user).set({ name }).where(eq(user.id, id!.id));

    // A GET: the root, layout and route loaders get one answer, even if the row changed between.
    await requestState.run({ safeMethod: true }, async () => {
      const first = await getUser(page(cookie));
      await rename('Renamed Meanwhile');
      expect(await getUser(page(cookie))).toBe(first);
      // Another cookie in the same request is read for itself.
      expect(await getUser(page())).toBeNull();
    });

    // A POST: the action may rename the user or end the session; the loaders after it read again.
    await requestState.run({ safeMethod: false }, async () => {
      expect((await getUser(page(cookie)))?.name).toBe('Renamed Meanwhile');
      await rename('Renamed By The Action');
      expect((await getUser(page(cookie)))?.name).toBe('Renamed By The Action');
    });
  });
});
