import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { EnquiryStatus, OrderStatus, QuotationStatus } from '../db/schema';
import { customerKeyOf, enquiries, enquiryItems, orders, quotations, user } from '../db/schema';
import { db, rowsOf } from '../db/client.server';
import { likePattern } from '../inbox/shared.server';

/** Customers per page of the back office's list. */
export const CUSTOMERS_PAGE_SIZE = 25;

/** An account's key: the same as the key of the enquiries sent from its address. */
const accountKey = (email: SQL) => sql`md5(lower(${email}))`;

export interface CustomerRow {
  /** The customer's key (an MD5 in hex): the address of their page. */
  key: string;
  name: string;
  email: string | null;
  phone: string | null;
  organisation: string | null;
  /** Whether they have an account here (signed in to send, or registered with the address). */
  account: boolean;
  enquiries: number;
  quotations: number;
  /** The total of their accepted quotations, in cents. */
  acceptedCents: number;
  lastActivity: Date;
}

/** A search typed into the list: `%` and `_` are literal; blank is none. */
export interface CustomerFilter {
  q?: string;
  page: number;
}

/**
 * The back office's customer list: accounts and guests grouped by e-mail address (or phone, for
 * an enquiry without one), each with their latest name and organisation, how many enquiries and
 * quotations, the value of the quotations they accepted and their last activity, most recent
 * first. Accounts that never sent an enquiry are listed too. One grouped query (the quotations and
 * the timeline are summed per enquiry first, through their enquiry_id indexes); anonymised
 * enquiries are no one's. The search covers name, e-mail, phone and organisation of any of the
 * customer's enquiries, and the account's name and e-mail.
 */
export async function listCustomers(filter: CustomerFilter): Promise<{
  items: CustomerRow[];
  total: number;
  page: number;
  pages: number;
}> {
  const pattern = filter.q ? likePattern(filter.q) : null;
  const key = customerKeyOf(sql`e.contact_email`, sql`e.contact_phone`);
  const enquiryMatch = pattern
    ? sql`HAVING bool_or(e.contact_name ILIKE ${pattern} OR e.contact_email ILIKE ${pattern}
                         OR e.contact_phone ILIKE ${pattern} OR e.organisation ILIKE ${pattern}
                         OR u.email ILIKE ${pattern} OR u.name ILIKE ${pattern})`
    : sql``;
  const accountMatch = pattern
    ? sql`AND (u.email ILIKE ${pattern} OR u.name ILIKE ${pattern})`
    : sql``;
  const offset = (filter.page - 1) * CUSTOMERS_PAGE_SIZE;
  // The groups carry only what sums cheaply; the page's 25 customers then get their latest
  // name, address, phone and organisation from their newest enquiry (the customer key's index).
  const result = await db().execute(sql`
    WITH quotes AS (
      SELECT q.enquiry_id, count(*)::int AS n,
             coalesce(sum(q.total_cents) FILTER (WHERE q.status = 'accepted'), 0)::bigint AS accepted,
             max(q.created_at) AS last_at
        FROM ${quotations} q GROUP BY q.enquiry_id
    ), people AS (
      SELECT ${key} AS key,
             bool_or(e.user_id IS NOT NULL) AS account,
             count(*)::int AS enquiries,
             coalesce(sum(qs.n), 0)::int AS quotations,
             coalesce(sum(qs.accepted), 0)::bigint AS accepted_cents,
             greatest(max(e.updated_at), max(qs.last_at)) AS last_activity
        FROM ${enquiries} e
        LEFT JOIN quotes qs ON qs.enquiry_id = e.id
        ${pattern ? sql`LEFT JOIN ${user} u ON u.id = e.user_id` : sql``}
       WHERE e.anonymised_at IS NULL
         AND (e.contact_email IS NOT NULL OR e.contact_phone IS NOT NULL)
       GROUP BY 1
       ${enquiryMatch}
    ), everyone AS (
      SELECT key, NULL::text AS name, NULL::text AS email, NULL::text AS phone, account,
             enquiries, quotations, accepted_cents, last_activity
        FROM people
      UNION ALL
      SELECT ${accountKey(sql`u.email`)}, u.name, u.email, u.phone, true, 0, 0, 0, u.created_at
        FROM ${user} u
       WHERE u.role <> 'admin' ${accountMatch}
         AND NOT EXISTS (SELECT 1 FROM ${enquiries} e
                          WHERE ${key} = ${accountKey(sql`u.email`)} AND e.anonymised_at IS NULL)
    ), page AS (
      SELECT *, count(*) OVER ()::int AS total
        FROM everyone
       ORDER BY last_activity DESC, key
       LIMIT ${CUSTOMERS_PAGE_SIZE} OFFSET ${offset}
    )
    SELECT page.key, page.account, page.enquiries, page.quotations, page.accepted_cents,
           page.last_activity, page.total,
           coalesce(latest.contact_name, page.name) AS name,
           coalesce(latest.contact_email, page.email) AS email,
           coalesce(latest.contact_phone, page.phone) AS phone,
           latest.organisation
      FROM page
      LEFT JOIN LATERAL (
        SELECT e.contact_name, e.contact_email, e.contact_phone,
               (SELECT o.organisation FROM ${enquiries} o
                 WHERE ${customerKeyOf(sql`o.contact_email`, sql`o.contact_phone`)} = page.key
                   AND o.organisation IS NOT NULL AND o.anonymised_at IS NULL
                 ORDER BY o.created_at DESC, o.id DESC LIMIT 1) AS organisation
          FROM ${enquiries} e
         WHERE ${key} = page.key AND e.anonymised_at IS NULL
         ORDER BY e.created_at DESC, e.id DESC
         LIMIT 1) latest ON true
     ORDER BY page.last_activity DESC, page.key`);
  const rows = rowsOf<{
    key: string;
    name: string;
    email: string | null;
    phone: string | null;
    organisation: string | null;
    account: boolean;
    enquiries: number;
    quotations: number;
    accepted_cents: number | string;
    last_activity: Date | string;
    total: number;
  }>(result);
  let total = Number(rows[0]?.total ?? 0);
  // A page past the end has no rows to carry the total: count without the window.
  if (!rows.length && filter.page > 1) total = (await listCustomers({ ...filter, page: 1 })).total;
  return {
    items: rows.map((r) => ({
      key: r.key,
      name: r.name,
      email: r.email,
      phone: r.phone,
      organisation: r.organisation,
      account: Boolean(r.account),
      enquiries: Number(r.enquiries),
      quotations: Number(r.quotations),
      acceptedCents: Number(r.accepted_cents),
      lastActivity: new Date(r.last_activity),
    })),
    total,
    page: filter.page,
    pages: Math.max(1, Math.ceil(total / CUSTOMERS_PAGE_SIZE)),
  };
}

/** A customer key as the page's address gives it: 32 hex digits, or nothing. */
export function parseCustomerKey(text: string | undefined): string | null {
  return text && /^[0-9a-f]{32}$/.test(text) ? text : null;
}

export interface CustomerDetail {
  key: string;
  name: string;
  email: string | null;
  phone: string | null;
  organisations: string[];
  account: { name: string; email: string; since: Date } | null;
  enquiries: {
    id: number;
    reference: string;
    createdAt: Date;
    status: EnquiryStatus;
    organisation: string | null;
    items: number;
  }[];
  quotations: {
    id: number;
    enquiryId: number;
    number: string;
    createdAt: Date;
    status: QuotationStatus;
    validUntil: Date;
    totalCents: number;
    gstRegistered: boolean;
  }[];
  orders: {
    id: number;
    number: string;
    createdAt: Date;
    status: OrderStatus;
    totalCents: number;
  }[];
  /** Totals in cents: every quotation's latest revision, the accepted ones, the orders not cancelled. */
  values: { quotedCents: number; acceptedCents: number; orderedCents: number };
}

/**
 * One customer's page: their enquiries (newest first), quotations and orders with the values.
 * Null when no enquiry and no account has this key.
 */
export async function getCustomer(key: string): Promise<CustomerDetail | null> {
  const [sent, [account]] = await Promise.all([
    db()
      .select({
        id: enquiries.id,
        reference: enquiries.reference,
        createdAt: enquiries.createdAt,
        status: enquiries.status,
        organisation: enquiries.organisation,
        contactName: enquiries.contactName,
        contactEmail: enquiries.contactEmail,
        contactPhone: enquiries.contactPhone,
        items: sql<number>`(select count(*)::int from ${enquiryItems} where ${enquiryItems.enquiryId} = ${enquiries.id})`,
      })
      .from(enquiries)
      .where(
        and(
          sql`${customerKeyOf(sql`${enquiries.contactEmail}`, sql`${enquiries.contactPhone}`)} = ${key}`,
          isNull(enquiries.anonymisedAt),
        ),
      )
      .orderBy(desc(enquiries.createdAt), desc(enquiries.id)),
    db()
      .select({ name: user.name, email: user.email, phone: user.phone, since: user.createdAt })
      .from(user)
      .where(and(sql`${accountKey(sql`${user.email}`)} = ${key}`, sql`${user.role} <> 'admin'`)),
  ]);
  if (!sent.length && !account) return null;
  const ids = sent.map((e) => e.id);
  const [quotes, sales] = ids.length
    ? await Promise.all([
        db()
          .select({
            id: quotations.id,
            enquiryId: quotations.enquiryId,
            number: quotations.number,
            createdAt: quotations.createdAt,
            status: quotations.status,
            validUntil: quotations.validUntil,
            totalCents: quotations.totalCents,
            gstRegNo: quotations.gstRegNo,
          })
          .from(quotations)
          .where(inArray(quotations.enquiryId, ids))
          .orderBy(desc(quotations.createdAt), desc(quotations.id)),
        db()
          .select({
            id: orders.id,
            number: orders.number,
            createdAt: orders.createdAt,
            status: orders.status,
            totalCents: quotations.totalCents,
          })
          .from(orders)
          .innerJoin(quotations, eq(quotations.id, orders.quotationId))
          .where(inArray(orders.enquiryId, ids))
          .orderBy(desc(orders.createdAt), asc(orders.id)),
      ])
    : [[], []];
  const latest = sent[0];
  // A revision replaces the one before: an enquiry is quoted at its newest revision's total.
  const newestPerEnquiry = new Map<number, number>();
  for (const q of quotes)
    if (!newestPerEnquiry.has(q.enquiryId)) newestPerEnquiry.set(q.enquiryId, q.totalCents);
  return {
    key,
    name: latest?.contactName ?? account!.name,
    email: sent.find((e) => e.contactEmail)?.contactEmail ?? account?.email ?? null,
    phone: sent.find((e) => e.contactPhone)?.contactPhone ?? account?.phone ?? null,
    organisations: [...new Set(sent.map((e) => e.organisation).filter((o): o is string => !!o))],
    account: account ? { name: account.name, email: account.email, since: account.since } : null,
    enquiries: sent.map(({ id, reference, createdAt, status, organisation, items }) => ({
      id,
      reference,
      createdAt,
      status,
      organisation,
      items: Number(items),
    })),
    quotations: quotes.map(({ gstRegNo, ...q }) => ({ ...q, gstRegistered: gstRegNo !== null })),
    orders: sales,
    values: {
      quotedCents: [...newestPerEnquiry.values()].reduce((a, b) => a + b, 0),
      acceptedCents: quotes
        .filter((q) => q.status === 'accepted')
        .reduce((a, q) => a + q.totalCents, 0),
      orderedCents: sales
        .filter((o) => o.status !== 'cancelled')
        .reduce((a, o) => a + o.totalCents, 0),
    },
  };
}

/** The key of an enquiry's customer, for the link from the enquiry to them (null: anonymised). */
export async function customerKeyOfEnquiry(enquiryId: number): Promise<string | null> {
  const [row] = await db()
    .select({ key: customerKeyOf(sql`${enquiries.contactEmail}`, sql`${enquiries.contactPhone}`) })
    .from(enquiries)
    .where(and(eq(enquiries.id, enquiryId), isNull(enquiries.anonymisedAt)));
  return row?.key ?? null;
}
