import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { db } from '../db/client.server';
import { enquiryEvents, quotations } from '../db/schema';
import {
  enquiryQuotations,
  enquiryTimeline,
  type QuotationSummary,
  type TimelineEvent,
} from './enquiries.server';

/**
 * What a customer sees of the work on their enquiry: status changes, staff replies and
 * quotations, never the staff notes. The caller has already checked that the enquiry is theirs.
 */
export async function customerEnquiryActivity(enquiry: {
  id: number;
  createdAt: Date;
  contactName: string;
}): Promise<{ timeline: TimelineEvent[]; quotations: QuotationSummary[] }> {
  const [timeline, quotes] = await Promise.all([
    enquiryTimeline(enquiry, { includeNotes: false }),
    enquiryQuotations(enquiry.id),
  ]);
  return { timeline, quotations: quotes };
}

/** The buyer's own words in the timeline: their answers to a quotation. */
const BUYER_WORDS = new Set(['changes_requested', 'declined', 'accepted']);

/**
 * What the guest's link shows of the work on their enquiry: the same replies and quotations as
 * the signed-in customer sees. Masked (whoever holds the link, not the browser that sent it), the
 * buyer's own words stay out as the confirmation's do: what they wrote when asking for changes or
 * declining, and the name they accepted under.
 */
export async function guestEnquiryActivity(
  enquiry: { id: number; createdAt: Date; contactName: string },
  masked: boolean,
): Promise<{ timeline: TimelineEvent[]; quotations: QuotationSummary[] }> {
  const activity = await customerEnquiryActivity(enquiry);
  if (!masked) return activity;
  return {
    ...activity,
    timeline: activity.timeline.map((e) =>
      BUYER_WORDS.has(e.kind)
        ? {
            ...e,
            body: null,
            actorName: null,
            acceptance: e.acceptance && { ...e.acceptance, designation: null },
          }
        : e,
    ),
  };
}

/** Per enquiry: how many staff replies and the latest quotation's number (for /orders). */
export async function customerActivitySummary(
  enquiryIds: number[],
): Promise<Record<number, { replies: number; latestQuotation: string | null }>> {
  const out: Record<number, { replies: number; latestQuotation: string | null }> = {};
  if (!enquiryIds.length) return out;
  for (const id of enquiryIds) out[id] = { replies: 0, latestQuotation: null };
  const [replies, quotes] = await Promise.all([
    db()
      .select({ id: enquiryEvents.enquiryId, n: count() })
      .from(enquiryEvents)
      .where(and(inArray(enquiryEvents.enquiryId, enquiryIds), eq(enquiryEvents.kind, 'reply')))
      .groupBy(enquiryEvents.enquiryId),
    db()
      .select({ id: quotations.enquiryId, number: quotations.number })
      .from(quotations)
      .where(inArray(quotations.enquiryId, enquiryIds))
      .orderBy(asc(quotations.sequence)),
  ]);
  for (const r of replies) out[r.id]!.replies = Number(r.n);
  for (const q of quotes) out[q.id]!.latestQuotation = q.number;
  return out;
}
