import { eq } from 'drizzle-orm';
import { auth } from '../auth.server';
import { db } from '../db/client.server';
import { user } from '../db/schema';

export type AdminResult = 'created' | 'promoted' | 'unchanged';

/**
 * Makes `email` an admin: promotes an existing account, or creates one with `password`
 * (Better Auth hashes it). Creating without a password is refused.
 */
export async function createOrPromoteAdmin(input: {
  email: string;
  name: string;
  password?: string;
}): Promise<AdminResult> {
  const email = input.email.trim().toLowerCase();
  const [existing] = await db()
    .select({ id: user.id, role: user.role })
    .from(user)
    .where(eq(user.email, email));
  if (existing) {
    if (existing.role === 'admin') return 'unchanged';
    await db().update(user).set({ role: 'admin' }).where(eq(user.id, existing.id));
    return 'promoted';
  }
  if (!input.password)
    throw new Error(`No account for ${email}: a password is needed to create it.`);
  const created = await auth().api.signUpEmail({
    body: { email, name: input.name, password: input.password },
  });
  await db().update(user).set({ role: 'admin' }).where(eq(user.id, created.user.id));
  return 'created';
}

/** Whether an account exists for this e-mail. */
export async function accountExists(email: string): Promise<boolean> {
  const [row] = await db()
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, email.trim().toLowerCase()));
  return Boolean(row);
}

/** Whether the account for this e-mail exists and is an admin. */
export async function isAdmin(email: string): Promise<boolean> {
  const [row] = await db()
    .select({ role: user.role })
    .from(user)
    .where(eq(user.email, email.trim().toLowerCase()));
  return row?.role === 'admin';
}
