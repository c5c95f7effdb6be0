import { and, eq, inArray, isNotNull, notInArray, or, sql } from 'drizzle-orm';
import { db, type Database } from '../db/client.server';
import {
  attachments,
  contactMessageEvents,
  contactMessages,
  enquiries,
  enquiryEvents,
  orders,
  pendingMail,
  quotationDrafts,
  quotationResponses,
  quotations,
  user,
  verification,
} from '../db/schema';
import { UserError } from '../errors.server';
import { log } from '../log.server';
import { privateStorage } from '../media/storage.server';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What an erased enquiry or message shows where the person's name was. */
export const ANONYMISED_NAME = 'Anonymised';
/** What an erased enquiry, message, reply or note shows where its words were. */
export const REMOVED_TEXT = '[removed]';

/** Timeline entries whose words are the buyer's or written to them (status changes are not). */
const WORDED_EVENTS = ['note', 'reply', 'accepted', 'declined', 'changes_requested'] as const;

/**
 * Erases the personal data of these enquiries, in the caller's transaction, and returns the
 * storage keys of the files to delete once it commits. Every enquiry loses its contact's name,
 * e-mail, phone and address, its message, its link to an account, its guest link, the words of
 * its timeline (replies, notes, the buyer's answers) and the files the buyer sent or was sent.
 * It keeps its reference, dates, status, organisation and items (the company's figures).
 *
 * An enquiry that became an order also keeps the record of that sale, which the law requires:
 * the order, its quotations as sent (PDFs included), the acceptance with its PO and PO file, and
 * the tax invoices and credit notes (which never change). Any other enquiry's quotations lose
 * the name and address they were addressed to, their PDF and the buyer's answers' details.
 */
export async function anonymiseEnquiries(
  tx: Tx,
  ids: readonly number[],
  now: Date,
): Promise<string[]> {
  if (!ids.length) return [];
  const list = [...ids];
  const sold = new Set(
    (
      await tx
        .selectDistinct({ id: orders.enquiryId })
        .from(orders)
        .where(inArray(orders.enquiryId, list))
    ).map((r) => r.id),
  );
  const unsold = list.filter((id) => !sold.has(id));
  await tx
    .update(enquiries)
    .set({
      contactName: ANONYMISED_NAME,
      contactEmail: null,
      contactPhone: null,
      address: null,
      message: REMOVED_TEXT,
      userId: null,
      accessTokenHash: null,
      anonymisedAt: now,
    })
    .where(inArray(enquiries.id, list));
  await tx
    .update(enquiryEvents)
    .set({ body: REMOVED_TEXT })
    .where(
      and(
        inArray(enquiryEvents.enquiryId, list),
        inArray(enquiryEvents.kind, [...WORDED_EVENTS]),
        isNotNull(enquiryEvents.body),
      ),
    );
  await tx.delete(quotationDrafts).where(inArray(quotationDrafts.enquiryId, list));
  const quotationIds = tx
    .select({ id: quotations.id })
    .from(quotations)
    .where(inArray(quotations.enquiryId, list));
  // Nobody acts on a quotation through its e-mailed link any more, and no address is kept.
  await tx
    .update(quotations)
    .set({ actionTokenHash: null })
    .where(inArray(quotations.enquiryId, list));
  await tx
    .update(quotationResponses)
    .set({ clientAddress: null })
    .where(inArray(quotationResponses.quotationId, quotationIds));
  if (unsold.length) {
    await tx
      .update(quotations)
      .set({ attentionName: null, attentionAddress: null, pdf: Buffer.alloc(0) })
      .where(inArray(quotations.enquiryId, unsold));
    await tx
      .update(quotationResponses)
      .set({ name: null, designation: null, message: null })
      .where(
        inArray(
          quotationResponses.quotationId,
          tx
            .select({ id: quotations.id })
            .from(quotations)
            .where(inArray(quotations.enquiryId, unsold)),
        ),
      );
  }
  const removed = await tx
    .delete(attachments)
    .where(
      and(
        inArray(attachments.enquiryId, list),
        // A sale's purchase order stays with it.
        sold.size
          ? or(
              notInArray(attachments.enquiryId, [...sold]),
              inArray(attachments.owner, ['enquiry', 'reply']),
            )
          : undefined,
      ),
    )
    .returning({ key: attachments.storageKey });
  return removed.map((r) => r.key);
}

/**
 * Erases the sender's name, e-mail, phone and words from these contact messages and the replies
 * sent to them, in the caller's transaction. The messages stay, dated, for the company's figures.
 */
export async function anonymiseContactMessages(
  tx: Tx,
  ids: readonly number[],
  now: Date,
): Promise<void> {
  if (!ids.length) return;
  await tx
    .update(contactMessages)
    .set({ name: ANONYMISED_NAME, email: '', phone: '', message: REMOVED_TEXT, anonymisedAt: now })
    .where(inArray(contactMessages.id, [...ids]));
  await tx
    .update(contactMessageEvents)
    .set({ body: REMOVED_TEXT })
    .where(
      and(inArray(contactMessageEvents.messageId, [...ids]), isNotNull(contactMessageEvents.body)),
    );
}

/** Deletes stored files after the transaction that forgot them committed; a failure is logged. */
export async function deleteFiles(keys: readonly string[]): Promise<void> {
  for (const key of keys)
    await privateStorage()
      .delete(key)
      .catch((error: unknown) =>
        log().error({ err: error, key }, 'Could not delete a private file'),
      );
}

/** The enquiries and contact messages of one person: their account's and their e-mail's. */
export async function personRecordIds(
  tx: Tx | Database,
  who: { email: string; userId: string | null },
): Promise<{ enquiryIds: number[]; messageIds: number[] }> {
  const email = who.email.trim().toLowerCase();
  const [enquiryRows, messageRows] = await Promise.all([
    tx
      .select({ id: enquiries.id })
      .from(enquiries)
      .where(
        or(
          sql`lower(${enquiries.contactEmail}) = ${email}`,
          who.userId ? eq(enquiries.userId, who.userId) : undefined,
        ),
      ),
    tx
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(sql`lower(${contactMessages.email}) = ${email}`),
  ]);
  return { enquiryIds: enquiryRows.map((r) => r.id), messageIds: messageRows.map((r) => r.id) };
}

/** What erasing a person's data did. */
export interface ErasureResult {
  enquiries: number;
  messages: number;
  /** Enquiries that became orders: their sale's records are kept. */
  sales: number;
  accountDeleted: boolean;
}

/**
 * Erases everything the shop holds about one person, at once and in one transaction: their
 * enquiries and contact messages are anonymised (see anonymiseEnquiries), the mail queued to or
 * about them is deleted (rate-limit counters hold no address: only keyed hashes), and their account,
 * if there is one, is deleted with its sessions (signed out everywhere), sign-in methods,
 * two-factor secret and cart. A staff account is refused: staff records (who issued an invoice)
 * must not lose their author, and staff leave through the admin CLI. Files go after the commit.
 */
export async function erasePerson(
  email: string,
  now = new Date(),
  /** Runs in the same transaction once the erasure is done (the activity log's entry). */
  record?: (tx: Tx, result: ErasureResult) => Promise<void>,
): Promise<ErasureResult> {
  const address = email.trim().toLowerCase();
  const { keys, result } = await db().transaction(async (tx) => {
    const [account] = await tx
      .select({ id: user.id, role: user.role })
      .from(user)
      .where(sql`lower(${user.email}) = ${address}`)
      .for('update');
    if (account?.role === 'admin')
      throw new UserError(
        'This address belongs to a staff account. Remove its admin role first (npm run admin).',
        409,
      );
    const ids = await personRecordIds(tx, { email: address, userId: account?.id ?? null });
    const keys = await anonymiseEnquiries(tx, ids.enquiryIds, now);
    await anonymiseContactMessages(tx, ids.messageIds, now);
    const [sales] = ids.enquiryIds.length
      ? await tx
          .select({ n: sql<number>`count(DISTINCT ${orders.enquiryId})::int` })
          .from(orders)
          .where(inArray(orders.enquiryId, ids.enquiryIds))
      : [{ n: 0 }];
    await tx
      .delete(pendingMail)
      .where(
        or(
          sql`lower(${pendingMail.to}) = ${address}`,
          sql`lower(${pendingMail.replyTo}) = ${address}`,
        ),
      );
    if (account) {
      await tx
        .delete(verification)
        .where(or(eq(verification.value, account.id), eq(verification.identifier, address)));
      // Sessions, sign-in methods, the two-factor secret and the cart go with it (foreign keys).
      await tx.delete(user).where(eq(user.id, account.id));
    }
    const result = {
      enquiries: ids.enquiryIds.length,
      messages: ids.messageIds.length,
      sales: Number(sales?.n ?? 0),
      accountDeleted: Boolean(account),
    };
    await record?.(tx, result);
    return { keys, result };
  });
  await deleteFiles(keys);
  return result;
}
