import * as z from 'zod/mini';
import { charactersOrFewer } from './limits';
import { cleanName } from './name';

/** A purchase order sent with an acceptance: at most 10 MB (a scanned PO of a few pages). */
export const PO_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** The form field that carries the purchase order file. */
export const PO_FILE_FIELD = 'poFile';

/** What the file chooser offers (a courtesy: the server decides by the file's content). */
export const PO_FILE_ACCEPT = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png';

/** The reasons a buyer picks from when declining; "Other" leaves it to their own words. */
export const DECLINE_REASONS = [
  'Price',
  'Timing',
  'Went with another supplier',
  'Project cancelled',
  'Other',
] as const;

export const RESPONSE_MESSAGES = {
  name: 'Enter the name of the person accepting.',
  designation: 'Enter their designation, such as Head of Department (PE).',
  changes: 'Tell us what you would like changed.',
  reason: 'Choose a reason from the list.',
  poFileType: 'The purchase order must be a PDF, JPEG or PNG file.',
  poFileSize: 'The purchase order file must be 10 MB or smaller.',
  poFileDamaged: 'The purchase order file could not be read: it is damaged or incomplete.',
  poFilePassword:
    'The purchase order PDF is protected by a password. Please send it without one, or send its number only.',
  unknownIntent: 'This action is not known. Please reload the page.',
} as const;

const tooLong = (max: number) => `Keep it to ${charactersOrFewer(max)}.`;

const required = (max: number, message: string) =>
  z.string().check(z.overwrite(cleanName), z.minLength(1, message), z.maxLength(max, tooLong(max)));

/**
 * A NUL character cannot be stored in a text column and means nothing in a message: dropped.
 * (These forms take a file, so the server's check of plain forms for one does not run on them.)
 */
const withoutNul = (v: string) => v.replaceAll('\u0000', '');

const optional = (max: number) =>
  z.optional(z.string().check(z.overwrite(withoutNul), z.trim(), z.maxLength(max, tooLong(max))));

/**
 * Accepting a revision: who accepts (name and designation, as a school's approval records them)
 * and, when the school has one, its PO number. The PO file travels beside these fields and is
 * checked on the server by its content.
 */
export const AcceptQuotationSchema = z.object({
  name: required(120, RESPONSE_MESSAGES.name),
  designation: required(120, RESPONSE_MESSAGES.designation),
  poNumber: optional(60),
});

/** Declining: a reason from the list and/or the buyer's own words, both optional. */
export const DeclineQuotationSchema = z.object({
  // '' is the list's "Choose a reason" (none chosen).
  reason: z.optional(z.enum(['', ...DECLINE_REASONS], RESPONSE_MESSAGES.reason)),
  details: optional(1000),
});

/** Asking for changes: what to change, in the buyer's words. */
export const RequestChangesSchema = z.object({
  message: z
    .string()
    .check(
      z.overwrite(withoutNul),
      z.trim(),
      z.minLength(1, RESPONSE_MESSAGES.changes),
      z.maxLength(5000, tooLong(5000)),
    ),
});

export type AcceptQuotationInput = z.infer<typeof AcceptQuotationSchema>;
export type DeclineQuotationInput = z.infer<typeof DeclineQuotationSchema>;
export type RequestChangesInput = z.infer<typeof RequestChangesSchema>;

/** A decline's reason as stored and shown: the choice, the words, or both ("Price: …"). */
export function declineMessage(input: DeclineQuotationInput): string | null {
  const reason = input.reason && input.reason !== 'Other' ? input.reason : '';
  const details = input.details?.trim() ?? '';
  if (reason && details) return `${reason}: ${details}`;
  return reason || details || null;
}

/**
 * The browser's check of a chosen PO file (the server checks its content again): its size and,
 * from its name or declared type, that it claims to be one of the three kinds. Null when fine.
 */
export function poFileProblem(file: { size: number; name: string; type: string }): string | null {
  if (file.size > PO_FILE_MAX_BYTES) return RESPONSE_MESSAGES.poFileSize;
  const kind =
    /\.(pdf|jpe?g|png)$/i.test(file.name) ||
    /^(application\/pdf|image\/(jpeg|png))$/.test(file.type);
  return kind ? null : RESPONSE_MESSAGES.poFileType;
}
