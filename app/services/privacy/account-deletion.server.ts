import { confirmPassword, signOutHeaders } from '../accounts/accounts.server';
import type { SessionUser } from '../permissions.server';
import { erasePerson, type ErasureResult } from './erase.server';

/**
 * A signed-in customer deletes their own account: the password is checked again (Better Auth),
 * then everything about them is erased in one transaction (erasePerson: the account and its
 * sessions deleted, their enquiries and messages anonymised, the records of their purchases
 * kept), and the answer's headers clear this browser's session cookie.
 */
export async function deleteOwnAccount(
  request: Request,
  person: SessionUser,
  password: string,
): Promise<{ headers: Headers; result: ErasureResult }> {
  await confirmPassword(request, password);
  const result = await erasePerson(person.email);
  return { headers: await signOutHeaders(request), result };
}
