import { and, eq, like } from 'drizzle-orm';
import { db } from '../db/client.server';
import { verification } from '../db/schema';

/**
 * Ends every password reset link of this user still outstanding. Better Auth consumes only the
 * link that was used, so after a reset (or a password change) an older link from the same hour
 * could set the password again: whoever had seen that mail (a shared or forwarded inbox) would
 * take the account back from its owner.
 */
export async function forgetResetLinks(userId: string): Promise<void> {
  await db()
    .delete(verification)
    .where(and(like(verification.identifier, 'reset-password:%'), eq(verification.value, userId)));
}
