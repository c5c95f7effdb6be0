import { and, asc, count, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { AWAITING_INVOICE } from '~/lib/orders';
import { workingDaysBetween } from '~/lib/sg-holidays';
import { db, rowsOf } from '../db/client.server';
import {
  categories,
  contactMessages,
  enquiries,
  enquiryEvents,
  orders,
  productImages,
  products,
  quotations,
  sports,
  type OrderStatus,
} from '../db/schema';

/** What the back office's navigation shows next to Enquiries and Messages. */
export interface InboxCounts {
  newEnquiries: number;
  openMessages: number;
}

/**
 * New enquiries and messages not yet handled: two index-backed counts for every admin page, in
 * one round trip.
 */
export async function inboxCounts(): Promise<InboxCounts> {
  const result = await db().execute(sql`
    SELECT (SELECT count(*)::int FROM ${enquiries} WHERE ${enquiries.status} = 'new') AS e,
           (SELECT count(*)::int FROM ${contactMessages} WHERE ${contactMessages.handled} = false) AS m`);
  const [row] = rowsOf<{ e: number; m: number }>(result);
  return { newEnquiries: Number(row?.e ?? 0), openMessages: Number(row?.m ?? 0) };
}

/** The dashboard's figures: the catalogue's size and what needs attention. */
export async function catalogueOverview(): Promise<{
  products: number;
  sports: number;
  categories: number;
  withoutImages: number;
}> {
  const [[p], [s], [c], [w]] = await Promise.all([
    db().select({ n: count() }).from(products),
    db().select({ n: count() }).from(sports),
    db().select({ n: count() }).from(categories),
    db()
      .select({ n: count() })
      .from(products)
      .leftJoin(
        productImages,
        and(eq(productImages.productId, products.id), eq(productImages.position, 0)),
      )
      .where(isNull(productImages.id)),
  ]);
  return {
    products: Number(p?.n ?? 0),
    sports: Number(s?.n ?? 0),
    categories: Number(c?.n ?? 0),
    withoutImages: Number(w?.n ?? 0),
  };
}

/** How long ahead the dashboard looks for quotations about to expire. */
export const EXPIRING_WITHIN_DAYS = 7;
/** Working days after which an enquiry without an answer is overdue. */
export const REPLY_WITHIN_WORKING_DAYS = 2;
/** Rows each dashboard list shows (with the total beside it). */
const LIST_LENGTH = 8;

export interface ExpiringQuotation {
  id: number;
  number: string;
  enquiryId: number;
  customer: string;
  validUntil: Date;
  totalCents: number;
}

export interface WaitingEnquiry {
  id: number;
  reference: string;
  customer: string;
  organisation: string | null;
  /** When the buyer last wrote (the enquiry, or a request for changes) with no answer since. */
  since: Date;
  workingDays: number;
}

export interface OrderToInvoice {
  id: number;
  number: string;
  customer: string;
  status: OrderStatus;
  totalCents: number;
  createdAt: Date;
}

/** The dashboard's lists of what needs doing, each with how many there are in all. */
export interface SalesOverview {
  expiring: { items: ExpiringQuotation[]; total: number };
  waiting: { items: WaitingEnquiry[]; total: number };
  toInvoice: { items: OrderToInvoice[]; total: number };
}

/**
 * What the sale needs from staff at `now`: open quotations that expire within the next seven
 * days (soonest first), enquiries whose buyer has waited more than two Singapore working days
 * for an answer (a reply or a quotation, since the enquiry or their last request for changes;
 * longest first), and orders with work done or to do and no invoice yet (oldest first).
 */
export async function salesOverview(now = new Date()): Promise<SalesOverview> {
  const horizon = new Date(now.getTime() + EXPIRING_WITHIN_DAYS * 86_400_000);
  const expiringWhere = and(
    inArray(quotations.status, ['sent', 'changes_requested']),
    gt(quotations.validUntil, now),
    lte(quotations.validUntil, horizon),
  );
  const invoiceWhere = inArray(orders.status, [...AWAITING_INVOICE]);
  const [[expiringCount], expiring, [invoiceCount], toInvoice, waitingRows] = await Promise.all([
    db().select({ n: count() }).from(quotations).where(expiringWhere),
    db()
      .select({
        id: quotations.id,
        number: quotations.number,
        enquiryId: quotations.enquiryId,
        customer: sql<string>`coalesce(${quotations.attentionName}, ${enquiries.contactName})`,
        validUntil: quotations.validUntil,
        totalCents: quotations.totalCents,
      })
      .from(quotations)
      .innerJoin(enquiries, eq(enquiries.id, quotations.enquiryId))
      .where(expiringWhere)
      .orderBy(asc(quotations.validUntil), asc(quotations.id))
      .limit(LIST_LENGTH),
    db().select({ n: count() }).from(orders).where(invoiceWhere),
    db()
      .select({
        id: orders.id,
        number: orders.number,
        customer: sql<string>`coalesce(${quotations.attentionName}, ${enquiries.contactName})`,
        status: orders.status,
        totalCents: quotations.totalCents,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .innerJoin(quotations, eq(quotations.id, orders.quotationId))
      .innerJoin(enquiries, eq(enquiries.id, orders.enquiryId))
      .where(invoiceWhere)
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(LIST_LENGTH),
    // Two working days are at least two calendar days: only those can be overdue.
    db().execute(sql`
      SELECT id, reference, customer, organisation, since FROM (
        SELECT e.id, e.reference, e.contact_name AS customer, e.organisation,
               greatest(e.created_at, (SELECT max(c.created_at) FROM ${enquiryEvents} c
                                        WHERE c.enquiry_id = e.id AND c.kind = 'changes_requested')) AS since
          FROM ${enquiries} e
         WHERE e.status <> 'closed') waiting
       WHERE since <= ${new Date(now.getTime() - REPLY_WITHIN_WORKING_DAYS * 86_400_000)}
         AND NOT EXISTS (SELECT 1 FROM ${enquiryEvents} a
                          WHERE a.enquiry_id = waiting.id AND a.kind IN ('reply', 'quotation')
                            AND a.created_at >= waiting.since)
       ORDER BY since, id
       LIMIT 500`),
  ]);
  const waiting = rowsOf<{
    id: number;
    reference: string;
    customer: string;
    organisation: string | null;
    since: Date | string;
  }>(waitingRows)
    .map((r) => {
      const since = new Date(r.since);
      return { ...r, id: Number(r.id), since, workingDays: workingDaysBetween(since, now) };
    })
    .filter((r) => r.workingDays > REPLY_WITHIN_WORKING_DAYS);
  return {
    expiring: { items: expiring, total: Number(expiringCount?.n ?? 0) },
    waiting: { items: waiting.slice(0, LIST_LENGTH), total: waiting.length },
    toInvoice: { items: toInvoice, total: Number(invoiceCount?.n ?? 0) },
  };
}
