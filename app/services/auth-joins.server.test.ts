// Better Auth reads a session with its user, and a user with their accounts, in one query each
// (`advanced.database.joins` over schema.ts's relations): through its public API, both joins
// find what they should, and a session whose user is gone finds nothing.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCustomer, signIn } from '../../tests/factories';
import { auth } from './auth.server';
import { db } from './db/client.server';
import { account, user } from './db/schema';

describe('Better Auth joins', () => {
  it('reads a session with its user, as getSession does', async () => {
    const customer = await createCustomer({ name: 'Joined Reader' });
    const found = await auth().api.getSession({
      headers: new Headers({ cookie: customer.cookie }),
    });
    expect(found?.user).toMatchObject({ id: customer.id, name: 'Joined Reader', role: 'customer' });
    expect(found?.session.userId).toBe(customer.id);
  });

  it('signs in a user who also has a Google account, and lists both accounts', async () => {
    const customer = await createCustomer();
    await db()
      .insert(account)
      .values({
        id: randomUUID(),
        accountId: `google-${randomUUID()}`,
        providerId: 'google',
        userId: customer.id,
      });
    // The sign-in's own lookup is the user with their accounts (the password one and Google's).
    const cookie = await signIn(customer.email, customer.password);
    const accounts = await auth().api.listUserAccounts({ headers: new Headers({ cookie }) });
    expect(accounts.map((a) => a.providerId).sort()).toEqual(['credential', 'google']);
  });

  it('finds no session once its user is deleted', async () => {
    const customer = await createCustomer();
    await db().delete(user).where(eq(user.id, customer.id));
    const found = await auth().api.getSession({
      headers: new Headers({ cookie: customer.cookie }),
    });
    expect(found).toBeNull();
  });
});
