import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { AWAITING_INVOICE } from '~/lib/orders';
import { workingDaysBetween } from '~/lib/sg-holidays';
import { db, rowsOf } from '../db/client.server';
import { BUYER_WORDS } from '../inbox/events.server';
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
  type EnquiryStatus,
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
  /** When the buyer last wrote (the enquiry, or an answer to a quotation) with no answer since. */
  since: Date;
  workingDays: number;
  /** Waiting more than REPLY_WITHIN_WORKING_DAYS Singapore working days. */
  overdue: boolean;
}

export interface RecentEnquiry {
  id: number;
  reference: string;
  customer: string;
  organisation: string | null;
  status: EnquiryStatus;
  createdAt: Date;
}

/** The quotations sent since the first of this month (Singapore time), and their value. */
export interface QuotedThisMonth {
  from: Date;
  count: number;
  /** After discounts, before GST. */
  excludingGstCents: number;
  /** What the buyers were quoted in all, GST included where it was charged. */
  totalCents: number;
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
  /** Oldest first; `overdue` counts those past the reply time. */
  waiting: { items: WaitingEnquiry[]; total: number; overdue: number };
  toInvoice: { items: OrderToInvoice[]; total: number };
  recent: RecentEnquiry[];
  quotedThisMonth: QuotedThisMonth;
}

/** Midnight on the first of `now`'s month in Singapore (UTC+8 all year). */
export function singaporeMonthStart(now: Date): Date {
  const local = new Date(now.getTime() + 8 * 3_600_000);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - 8 * 3_600_000);
}

/**
 * What the sale needs from staff at `now`: open quotations that expire within the next seven
 * days (soonest first), the enquiries the inbox marks "waiting for us" (since the enquiry or
 * the buyer's last word; longest first, overdue after two Singapore working days), orders with work done or to do and no invoice yet (oldest first), the newest
 * enquiries, and the quotations sent this month with their value.
 */
export async function salesOverview(now = new Date()): Promise<SalesOverview> {
  const horizon = new Date(now.getTime() + EXPIRING_WITHIN_DAYS * 86_400_000);
  const expiringWhere = and(
    inArray(quotations.status, ['sent', 'changes_requested']),
    gt(quotations.validUntil, now),
    lte(quotations.validUntil, horizon),
  );
  const invoiceWhere = inArray(orders.status, [...AWAITING_INVOICE]);
  const monthStart = singaporeMonthStart(now);
  const [[expiringCount], expiring, [invoiceCount], toInvoice, waitingRows, recent, [quoted]] =
    await Promise.all([
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
      // The inbox's own flag says who had the last word (kept with every timeline entry); the
      // wait began at the buyer's last word, or at the enquiry itself. Oldest first, so LIMIT
      // keeps the ones that waited longest, and the window counts them all.
      db().execute(sql`
        SELECT e.id, e.reference, e.contact_name AS customer, e.organisation,
               coalesce((SELECT max(ev.created_at) FROM ${enquiryEvents} ev
                          WHERE ev.enquiry_id = e.id
                            AND ev.kind IN (${sql.join(
                              BUYER_WORDS.map((kind) => sql`${kind}`),
                              sql`, `,
                            )})), e.created_at) AS since,
               count(*) OVER ()::int AS total
          FROM ${enquiries} e
         WHERE e.waiting_for_us AND e.status <> 'closed' AND e.created_at <= ${now}
         ORDER BY since, e.id
         LIMIT 500`),
      db()
        .select({
          id: enquiries.id,
          reference: enquiries.reference,
          customer: enquiries.contactName,
          organisation: enquiries.organisation,
          status: enquiries.status,
          createdAt: enquiries.createdAt,
        })
        .from(enquiries)
        .where(lte(enquiries.createdAt, now))
        .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
        .limit(LIST_LENGTH),
      db()
        .select({
          count: count(),
          totalCents: sql<string>`coalesce(sum(${quotations.totalCents}), 0)::bigint`,
          gstCents: sql<string>`coalesce(sum(${quotations.gstCents}), 0)::bigint`,
        })
        .from(quotations)
        .where(and(gte(quotations.createdAt, monthStart), lte(quotations.createdAt, now))),
    ]);
  const waitingList = rowsOf<{
    id: number;
    reference: string;
    customer: string;
    organisation: string | null;
    since: Date | string;
    total: number;
  }>(waitingRows).map(({ total: _total, ...r }) => {
    const since = new Date(r.since);
    const workingDays = workingDaysBetween(since, now);
    return {
      ...r,
      id: Number(r.id),
      since,
      workingDays,
      overdue: workingDays > REPLY_WITHIN_WORKING_DAYS,
    };
  });
  const totalCents = Number(quoted?.totalCents ?? 0);
  return {
    expiring: { items: expiring, total: Number(expiringCount?.n ?? 0) },
    waiting: {
      items: waitingList.slice(0, LIST_LENGTH),
      total: Number(rowsOf<{ total: number }>(waitingRows)[0]?.total ?? 0),
      overdue: waitingList.filter((w) => w.overdue).length,
    },
    toInvoice: { items: toInvoice, total: Number(invoiceCount?.n ?? 0) },
    recent,
    quotedThisMonth: {
      from: monthStart,
      count: Number(quoted?.count ?? 0),
      excludingGstCents: totalCents - Number(quoted?.gstCents ?? 0),
      totalCents,
    },
  };
}
