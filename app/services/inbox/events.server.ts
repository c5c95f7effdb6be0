import { eq, sql } from 'drizzle-orm';
import { enquiries, enquiryEvents, type EnquiryEventKind } from '../db/schema';
import type { Tx } from './shared.server';

/** The buyer's words: after one of these, the enquiry waits for staff. */
export const BUYER_WORDS: readonly EnquiryEventKind[] = [
  'accepted',
  'declined',
  'changes_requested',
  'message',
];
/** Staff's answers to the buyer: after one of these, the enquiry no longer waits for staff. */
const STAFF_ANSWERS: readonly EnquiryEventKind[] = [
  'reply',
  'quotation',
  'order',
  'invoice',
  'credit_note',
];

/**
 * Adds an entry to an enquiry's timeline and keeps the inbox's order with it in the same
 * transaction: the enquiry's last activity becomes now, and whether it waits for staff follows
 * who had the last word (a closed enquiry waits for nobody). Notes, assignments and other
 * status changes leave the last word where it was.
 */
export async function recordEnquiryEvent(
  tx: Tx,
  event: typeof enquiryEvents.$inferInsert,
): Promise<{ id: number }> {
  const [row] = await tx.insert(enquiryEvents).values(event).returning({ id: enquiryEvents.id });
  const waiting = BUYER_WORDS.includes(event.kind)
    ? true
    : STAFF_ANSWERS.includes(event.kind) || event.toStatus === 'closed'
      ? false
      : undefined;
  await tx
    .update(enquiries)
    .set({
      lastActivityAt: sql`now()`,
      ...(waiting === undefined ? {} : { waitingForUs: waiting }),
    })
    .where(eq(enquiries.id, event.enquiryId));
  return row!;
}
