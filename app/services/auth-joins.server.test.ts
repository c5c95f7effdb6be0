// Better Auth reads a session with its user, and a Google account with its user, in one query
// each (`advanced.database.joins` over schema.ts's relations): both joins find what they should,
// and a session whose user is gone finds nothing.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCustomer } from '../../tests/factories';
import { auth } from './auth.server';
import { db } from './db/client.server';
import { account, session, user } from './db/schema';

describe('Better Auth joins', () => {
  it('reads a session with its user, as getSession does', async () => {
    const customer = await createCustomer({ name: 'Joined Reader' });
    const found = await auth().api.getSession({
      headers: new Headers({ cookie: customer.cookie }),
    });
    expect(found?.user).toMatchObject({ id: customer.id, name: 'Joined Reader', role: 'customer' });
    const [row] = await db().select().from(session).where(eq(session.userId, customer.id));
    const context = await auth().$context;
    const direct = await context.internalAdapter.findSession(row!.token);
    expect(direct?.user.email).toBe(customer.email);
    expect(direct?.session.userId).toBe(customer.id);
  });

  it('finds a Google account with its user, and nothing for an unknown one', async () => {
    const customer = await createCustomer();
    const accountId = `google-${randomUUID()}`;
    await db().insert(account).values({
      id: randomUUID(),
      accountId,
      providerId: 'google',
      userId: customer.id,
    });
    const context = await auth().$context;
    const owner = await context.internalAdapter.findAccountOwnerByKey({
      providerId: 'google',
      accountId,
    });
    expect(owner).toMatchObject({
      kind: 'owned',
      user: { id: customer.id, email: customer.email },
      account: { accountId },
    });
    expect(
      await context.internalAdapter.findAccountOwnerByKey({ providerId: 'google', accountId: 'x' }),
    ).toBeNull();
    // The sign-in's own lookup: the user with its accounts (the password one and Google's).
    const withAccounts = await context.internalAdapter.findUserByEmail(customer.email, {
      includeAccounts: true,
    });
    expect(withAccounts?.accounts.map((a) => a.providerId).sort()).toEqual([
      'credential',
      'google',
    ]);
  });

  it('finds no session once its user is deleted', async () => {
    const customer = await createCustomer();
    const [row] = await db().select().from(session).where(eq(session.userId, customer.id));
    await db().delete(user).where(eq(user.id, customer.id));
    const context = await auth().$context;
    expect(await context.internalAdapter.findSession(row!.token)).toBeNull();
  });
});
