import { CONTACT_MESSAGES, ContactFormSchema } from '~/lib/schemas/contact';
import { cleanName } from '~/lib/schemas/name';
import { db } from '../db/client.server';
import { contactMessages } from '../db/schema';
import { env } from '../env.server';
import { UserError } from '../errors.server';
import { parseInput, ValidationError } from '../forms.server';
import { mayAcknowledge } from '../mail/acknowledgements.server';
import { deliverSoon, queueMail } from '../mail/queue.server';
import { hitRateLimit } from '../rate-limit.server';
import { siteInfo } from '../site.server';
import { contactMails } from './mails.server';
import { log } from '../log.server';
import { privacyNoticeVersionOf } from '../privacy/notice.server';

export interface ContactSubmission {
  /** The form's fields as posted: name, email, phone, message, the privacy notice's version. */
  values: unknown;
  /** The hidden `website` field: only bots fill it. */
  honeypot?: string;
  /** The client's address (`clientAddress`), for the rate limit. */
  address: string;
}

/**
 * - `sent`: stored, and its e-mails queued (the acknowledgement only within its inbox's cap).
 * - `stored`: stored, but the e-mails could not be queued: staff still see the message in their
 *   inbox; the sender is told sending failed.
 * - `dropped`: the honeypot was filled; nothing stored, and the bot is told it worked.
 */
export type ContactOutcome =
  { status: 'sent'; id: number } | { status: 'stored'; id: number } | { status: 'dropped' };

/**
 * Takes a Contact Us message. Throws a ValidationError for invalid fields and a 429 UserError
 * over the rate limit (which only valid messages count against). The message is stored first, in a statement of its own, so nothing a visitor
 * wrote is lost whatever happens to the mail; then the staff notification (Reply-To the sender)
 * and the sender's acknowledgement are queued, and delivery starts after the response.
 */
export async function submitContactMessage(input: ContactSubmission): Promise<ContactOutcome> {
  // A bot fills every field, the hidden one too: answer as if it worked, store nothing.
  if (input.honeypot) return { status: 'dropped' };

  // Checked first: a message refused for a typo costs nothing of the limit (as an enquiry).
  // The name as staff see it (cleanName): one line, so it cannot forge one in the staff mail, and
  // no control or direction characters (an override shows 'fdp.exe' as 'exe.pdf').
  const parsed = parseInput(ContactFormSchema, input.values);
  const fields = { ...parsed, name: cleanName(parsed.name) };
  if (!fields.name) throw new ValidationError({ name: CONTACT_MESSAGES.name });
  const privacyNoticeVersion = privacyNoticeVersionOf(input.values as Record<string, unknown>);
  const config = env();
  // The enquiry limit's numbers on a key of its own: a school that has just sent enquiries from
  // its shared address can still write to us, and the other way round.
  const limit = await hitRateLimit(
    `contact:${input.address}`,
    config.ENQUIRY_RATE_LIMIT_MAX,
    config.ENQUIRY_RATE_LIMIT_WINDOW,
  );
  if (!limit.allowed) {
    const minutes = Math.ceil(limit.retryAfterSeconds / 60);
    throw new UserError(
      `Too many messages from your network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or call us.`,
      429,
    );
  }

  const [stored] = await db()
    .insert(contactMessages)
    .values({ ...fields, privacyNoticeVersion })
    .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
  const { id, createdAt } = stored!;

  const site = siteInfo();
  try {
    const acknowledge = await mayAcknowledge(fields.email);
    await queueMail(
      db(),
      contactMails({
        id,
        createdAt,
        ...fields,
        companyEmail: config.ENQUIRY_EMAIL,
        siteName: site.name,
        sitePhone: site.phone,
        acknowledge,
      }),
    );
  } catch (error) {
    // The message is safe in the inbox; only the e-mails are missing. Say so in the log for the
    // operator, and let the sender know, as the form's failure message does.
    // The database's own reason (Drizzle's wrapper would repeat the message's text in the log).
    const reason = error instanceof Error && error.cause ? error.cause : error;
    log().error(
      { contactMessageId: id, err: reason },
      'Contact message stored, but its e-mails could not be queued',
    );
    return { status: 'stored', id };
  }
  deliverSoon();
  return { status: 'sent', id };
}
