import * as z from 'zod/mini';
import { emailField } from './account';

/** The answer to a confirmation box left unticked: nothing is deleted without it. */
export const CONFIRM_DELETION = 'Tick the box to confirm the deletion.';

const confirmed = z.string(CONFIRM_DELETION).check(z.refine((v) => v === 'yes', CONFIRM_DELETION));

/**
 * Deleting one's own account: the password again, and the box ticked. Its own field names: the
 * profile's other forms answer plain posts on the same page, with `password` and `confirm`.
 */
export const DeleteAccountSchema = z.object({
  accountPassword: z.string().check(z.minLength(1, 'Please enter your password.')),
  deleteConfirm: confirmed,
});

/** Staff: the e-mail address a request for access or deletion is about. */
export const PersonLookupSchema = z.object({ email: emailField });

/** Staff: erasing what the shop holds about an address (a deletion request), confirmed. */
export const ErasePersonSchema = z.object({ email: emailField, confirm: confirmed });
