import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  ne,
  notInArray,
  sql,
  type SQL,
} from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import { recordEnquiryEvent } from './events.server';
import { STATUS_LABELS, type EnquiryFilter } from '~/lib/schemas/inbox';
import { db } from '../db/client.server';
import {
  attachments,
  enquiries,
  enquiryEvents,
  enquiryItems,
  enquirySearchText,
  invoices,
  orders,
  products,
  quotationResponses,
  quotations,
  user,
  type EnquiryEventKind,
  type EnquirySource,
  type EnquiryStatus,
  type InvoiceKind,
  type OrderStatus,
  type QuotationStatus,
} from '../db/schema';
import {
  recordAttachments,
  withStoredAttachments,
  type CheckedAttachment,
} from '../attachments/attachments.server';
import { UserError } from '../errors.server';
import { deliverSoon, queueMail } from '../mail/queue.server';
import { enquiryReplyMail, isUnwrittenReply, orderUrl } from './mails.server';
import { likePattern, singaporeDayStart, type Actor, type Tx } from './shared.server';

/** Enquiries per page in the inbox. */
export const INBOX_PAGE_SIZE = 25;

/** One row of the inbox list. */
export interface InboxEnquiry {
  id: number;
  reference: string;
  createdAt: Date;
  status: EnquiryStatus;
  contactName: string;
  contactEmail: string | null;
  organisation: string | null;
  guest: boolean;
  /** The buyer had the last word and staff have not answered (nor closed it). */
  waitingForUs: boolean;
  lastActivityAt: Date;
  assigneeName: string | null;
  items: { name: string; quantity: number }[];
}

/**
 * The WHERE clause for a filter: status, assignee and date range use their indexes. The search
 * reads the enquiry's fields and message, its items' names and its timeline's texts (replies,
 * notes, the buyer's answers), each through a trigram index, as one list of ids.
 */
function filterWhere(filter: Omit<EnquiryFilter, 'page'>, viewerId?: string): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(enquiries.status, filter.status));
  if (filter.assigned === 'unassigned') conditions.push(isNull(enquiries.assigneeId));
  // Without a viewer (the CSV export has one too) "mine" is nobody's.
  if (filter.assigned === 'mine') conditions.push(eq(enquiries.assigneeId, viewerId ?? ''));
  if (filter.from) conditions.push(gte(enquiries.createdAt, singaporeDayStart(filter.from)));
  if (filter.to) {
    const end = singaporeDayStart(filter.to);
    end.setUTCDate(end.getUTCDate() + 1);
    conditions.push(lt(enquiries.createdAt, end));
  }
  if (filter.q) {
    const pattern = likePattern(filter.q);
    conditions.push(
      sql`${enquiries.id} in (${union(
        db()
          .select({ id: enquiries.id })
          .from(enquiries)
          .where(ilike(enquirySearchText(enquiries), pattern)),
        db()
          .select({ id: enquiryItems.enquiryId })
          .from(enquiryItems)
          .where(ilike(enquiryItems.productName, pattern)),
        db()
          .select({ id: enquiryEvents.enquiryId })
          .from(enquiryEvents)
          .where(ilike(enquiryEvents.body, pattern)),
      )})`,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * The staff inbox: enquiries matching the filter, a page at a time, with the total for the
 * pagination. Those waiting for us (the buyer had the last word) come first, then by last
 * activity, latest first. Search covers reference, name, e-mail, organisation, PO / GeBIZ
 * reference, the buyer's message, the product names as sent and the timeline's texts (replies,
 * notes, the buyer's answers); `%` and `_` are literal. `viewerId` is who "mine" means.
 */
export async function searchEnquiries(
  filter: EnquiryFilter,
  viewerId?: string,
): Promise<{
  items: InboxEnquiry[];
  total: number;
  page: number;
  pages: number;
}> {
  const where = filterWhere(filter, viewerId);
  const waiting = and(eq(enquiries.waitingForUs, true), ne(enquiries.status, 'closed'));
  const [[{ n } = { n: 0 }], rows] = await Promise.all([
    db().select({ n: count() }).from(enquiries).where(where),
    db()
      .select({
        id: enquiries.id,
        reference: enquiries.reference,
        createdAt: enquiries.createdAt,
        status: enquiries.status,
        contactName: enquiries.contactName,
        contactEmail: enquiries.contactEmail,
        organisation: enquiries.organisation,
        userId: enquiries.userId,
        waitingForUs: sql<boolean>`${waiting}`,
        lastActivityAt: enquiries.lastActivityAt,
        assigneeName: sql<string | null>`coalesce(nullif(trim(${user.name}), ''), ${user.email})`,
      })
      .from(enquiries)
      .leftJoin(user, eq(user.id, enquiries.assigneeId))
      .where(where)
      // As the indexes are declared (DESC NULLS LAST), so that they serve the order.
      .orderBy(
        sql`${enquiries.waitingForUs} desc nulls last`,
        sql`${enquiries.lastActivityAt} desc nulls last`,
        sql`${enquiries.id} desc nulls last`,
      )
      .limit(INBOX_PAGE_SIZE)
      .offset((filter.page - 1) * INBOX_PAGE_SIZE),
  ]);
  const items = rows.length
    ? await db()
        .select({
          enquiryId: enquiryItems.enquiryId,
          name: enquiryItems.productName,
          quantity: enquiryItems.quantity,
        })
        .from(enquiryItems)
        .where(
          inArray(
            enquiryItems.enquiryId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(enquiryItems.id)
    : [];
  const total = Number(n);
  return {
    items: rows.map(({ userId, ...r }) => ({
      ...r,
      guest: !userId,
      items: items
        .filter((i) => i.enquiryId === r.id)
        .map((i) => ({ name: i.name, quantity: i.quantity })),
    })),
    total,
    page: filter.page,
    pages: Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE)),
  };
}

/** One CSV row: an enquired item with its enquiry's details. */
export interface ExportRow {
  reference: string;
  createdAt: Date;
  status: EnquiryStatus;
  contactName: string;
  contactEmail: string | null;
  contactPhone: string | null;
  organisation: string | null;
  poReference: string | null;
  address: string | null;
  promoCode: string | null;
  guest: boolean;
  productName: string;
  quantity: number;
}

/** The export's ceiling: a spreadsheet's worth, far above a year of enquiries. */
export const EXPORT_MAX_ROWS = 100_000;

/** Every item of every enquiry in the filter (all pages), newest enquiry first. */
export async function exportEnquiryRows(
  filter: Omit<EnquiryFilter, 'page'>,
  viewerId?: string,
): Promise<ExportRow[]> {
  const rows = await db()
    .select({
      reference: enquiries.reference,
      createdAt: enquiries.createdAt,
      status: enquiries.status,
      contactName: enquiries.contactName,
      contactEmail: enquiries.contactEmail,
      contactPhone: enquiries.contactPhone,
      organisation: enquiries.organisation,
      poReference: enquiries.poReference,
      address: enquiries.address,
      promoCode: enquiries.promoCode,
      userId: enquiries.userId,
      productName: enquiryItems.productName,
      quantity: enquiryItems.quantity,
    })
    .from(enquiries)
    .innerJoin(enquiryItems, eq(enquiryItems.enquiryId, enquiries.id))
    .where(filterWhere(filter, viewerId))
    .orderBy(desc(enquiries.createdAt), desc(enquiries.id), asc(enquiryItems.id))
    .limit(EXPORT_MAX_ROWS);
  return rows.map(({ userId, ...r }) => ({ ...r, guest: !userId }));
}

/** An entry of an enquiry's timeline. */
export interface TimelineEvent {
  id: number;
  kind: EnquiryEventKind;
  actorName: string | null;
  fromStatus: EnquiryStatus | null;
  toStatus: EnquiryStatus | null;
  body: string | null;
  quotation: { id: number; number: string; totalCents: number } | null;
  /** The order an event is about, and its status before and after a change. */
  order: { id: number; number: string } | null;
  fromOrderStatus: OrderStatus | null;
  toOrderStatus: OrderStatus | null;
  /** The tax invoice or credit note an event issued. */
  invoice: { id: number; number: string; kind: InvoiceKind; totalCents: number } | null;
  /** An acceptance's details (kind 'accepted'): the designation, the PO and its file. */
  acceptance: {
    designation: string | null;
    poNumber: string | null;
    file: { id: number; fileName: string; size: number } | null;
  } | null;
  createdAt: Date;
}

/** A quotation as lists show it. */
export interface QuotationSummary {
  id: number;
  number: string;
  sequence: number;
  validityDays: number;
  subtotalCents: number;
  gstCents: number;
  totalCents: number;
  gstRateBasisPoints: number;
  /** Whether the company was GST-registered when it was sent (else its total has no GST). */
  gstRegistered: boolean;
  actorName: string;
  /** Stored status and valid-until date: app/lib/quotation-state.ts reads the state from them. */
  status: QuotationStatus;
  validUntil: Date;
  createdAt: Date;
}

/** One enquiry as staff see it: contact, items, timeline (notes included) and quotations. */
export interface EnquiryCase {
  id: number;
  reference: string;
  status: EnquiryStatus;
  createdAt: Date;
  contactName: string;
  contactEmail: string | null;
  contactPhone: string | null;
  organisation: string | null;
  poReference: string | null;
  /** Where the goods go or the work is done, as the buyer gave it (optional). */
  address: string | null;
  promoCode: string | null;
  message: string;
  source: EnquirySource;
  /** The contact-form message it was made from. */
  contactMessageId: number | null;
  assigneeId: string | null;
  waitingForUs: boolean;
  /** The privacy notice's version the form was sent with; null for enquiries from before. */
  privacyNoticeVersion: string | null;
  account: { email: string } | null;
  /** Where replies and quotations are e-mailed, or null (a guest who left only a phone number). */
  replyTo: string | null;
  items: { id: number; productId: number | null; name: string; quantity: number }[];
  timeline: TimelineEvent[];
  quotations: QuotationSummary[];
}

/** Whether a quotation was sent while the company was GST-registered: its total includes GST. */
export const sentWithGst = sql<boolean>`${quotations.gstRegNo} is not null`;

export const quotationColumns = {
  id: quotations.id,
  number: quotations.number,
  sequence: quotations.sequence,
  validityDays: quotations.validityDays,
  subtotalCents: quotations.subtotalCents,
  gstCents: quotations.gstCents,
  totalCents: quotations.totalCents,
  gstRateBasisPoints: quotations.gstRateBasisPoints,
  gstRegistered: sentWithGst,
  actorName: quotations.actorName,
  status: quotations.status,
  validUntil: quotations.validUntil,
  createdAt: quotations.createdAt,
};

/**
 * An enquiry's timeline, oldest first: its creation (from the enquiry's own date, with the
 * customer as the actor) and then every stored event. `includeNotes: false` is the customer's view.
 */
export async function enquiryTimeline(
  enquiry: { id: number; createdAt: Date; contactName: string },
  { includeNotes }: { includeNotes: boolean },
): Promise<TimelineEvent[]> {
  const rows = await db()
    .select({
      id: enquiryEvents.id,
      kind: enquiryEvents.kind,
      actorName: enquiryEvents.actorName,
      fromStatus: enquiryEvents.fromStatus,
      toStatus: enquiryEvents.toStatus,
      body: enquiryEvents.body,
      createdAt: enquiryEvents.createdAt,
      quotationId: quotations.id,
      quotationNumber: quotations.number,
      quotationTotal: quotations.totalCents,
      fromOrderStatus: enquiryEvents.fromOrderStatus,
      toOrderStatus: enquiryEvents.toOrderStatus,
      orderId: orders.id,
      orderNumber: orders.number,
      invoiceId: invoices.id,
      invoiceNumber: invoices.number,
      invoiceKind: invoices.kind,
      invoiceTotal: invoices.totalCents,
      designation: quotationResponses.designation,
      poNumber: quotationResponses.poNumber,
      fileId: attachments.id,
      fileName: attachments.fileName,
      fileSize: attachments.size,
    })
    .from(enquiryEvents)
    .leftJoin(quotations, eq(quotations.id, enquiryEvents.quotationId))
    .leftJoin(orders, eq(orders.id, enquiryEvents.orderId))
    .leftJoin(invoices, eq(invoices.id, enquiryEvents.invoiceId))
    // An acceptance's details: one accepted response per revision (a unique index says so).
    .leftJoin(
      quotationResponses,
      and(
        eq(enquiryEvents.kind, 'accepted'),
        eq(quotationResponses.quotationId, enquiryEvents.quotationId),
        eq(quotationResponses.kind, 'accepted'),
      ),
    )
    .leftJoin(
      attachments,
      and(
        eq(attachments.responseId, quotationResponses.id),
        eq(attachments.owner, 'purchase_order'),
      ),
    )
    .where(
      and(
        eq(enquiryEvents.enquiryId, enquiry.id),
        // Only the synthetic creation below stands for 'created' (no double entry if one is stored).
        sql`${enquiryEvents.kind} <> 'created'`,
        // The customer's view leaves out what only concerns staff: notes, who has it, who entered
        // it, and their own contact message (its words are the enquiry's message).
        includeNotes ? undefined : notInArray(enquiryEvents.kind, STAFF_ONLY_EVENTS),
      ),
    )
    .orderBy(asc(enquiryEvents.createdAt), asc(enquiryEvents.id));
  const created: TimelineEvent = {
    id: 0,
    kind: 'created',
    actorName: enquiry.contactName,
    fromStatus: null,
    toStatus: 'new',
    body: null,
    quotation: null,
    order: null,
    fromOrderStatus: null,
    toOrderStatus: null,
    invoice: null,
    acceptance: null,
    createdAt: enquiry.createdAt,
  };
  const events: TimelineEvent[] = rows.map(
    ({
      quotationId,
      quotationNumber,
      quotationTotal,
      orderId,
      orderNumber,
      invoiceId,
      invoiceNumber,
      invoiceKind,
      invoiceTotal,
      designation,
      poNumber,
      fileId,
      fileName,
      fileSize,
      ...r
    }) => ({
      ...r,
      quotation:
        quotationId !== null
          ? { id: quotationId, number: quotationNumber!, totalCents: quotationTotal! }
          : null,
      order: orderId !== null ? { id: orderId, number: orderNumber! } : null,
      invoice:
        invoiceId !== null
          ? {
              id: invoiceId,
              number: invoiceNumber!,
              kind: invoiceKind!,
              totalCents: invoiceTotal!,
            }
          : null,
      acceptance:
        r.kind === 'accepted'
          ? {
              designation,
              poNumber,
              file: fileId !== null ? { id: fileId, fileName: fileName!, size: fileSize! } : null,
            }
          : null,
    }),
  );
  // What came before the enquiry (the contact message it was made from) stays before it.
  const before = events.filter((e) => e.createdAt < enquiry.createdAt);
  return [...before, created, ...events.slice(before.length)];
}

const STAFF_ONLY_EVENTS: EnquiryEventKind[] = ['note', 'assigned', 'entered', 'message'];

/** An enquiry's quotations, oldest first (each stays readable after a revision). */
export async function enquiryQuotations(enquiryId: number): Promise<QuotationSummary[]> {
  return db()
    .select(quotationColumns)
    .from(quotations)
    .where(eq(quotations.enquiryId, enquiryId))
    .orderBy(asc(quotations.sequence));
}

/** One enquiry for the staff page, or null when there is none with this id. */
export async function getEnquiryCase(id: number): Promise<EnquiryCase | null> {
  const [row] = await db()
    .select({
      id: enquiries.id,
      reference: enquiries.reference,
      status: enquiries.status,
      createdAt: enquiries.createdAt,
      contactName: enquiries.contactName,
      contactEmail: enquiries.contactEmail,
      contactPhone: enquiries.contactPhone,
      organisation: enquiries.organisation,
      poReference: enquiries.poReference,
      address: enquiries.address,
      promoCode: enquiries.promoCode,
      message: enquiries.message,
      source: enquiries.source,
      contactMessageId: enquiries.contactMessageId,
      assigneeId: enquiries.assigneeId,
      waitingForUs: sql<boolean>`${enquiries.waitingForUs} and ${enquiries.status} <> 'closed'`,
      privacyNoticeVersion: enquiries.privacyNoticeVersion,
      accountEmail: user.email,
    })
    .from(enquiries)
    .leftJoin(user, eq(user.id, enquiries.userId))
    .where(eq(enquiries.id, id));
  if (!row) return null;
  const [items, timeline, quotes] = await Promise.all([
    db()
      .select({
        id: enquiryItems.id,
        // The product's id only while it still exists (the name is the snapshot either way).
        productId: products.id,
        name: enquiryItems.productName,
        quantity: enquiryItems.quantity,
      })
      .from(enquiryItems)
      .leftJoin(products, eq(products.id, enquiryItems.productId))
      .where(eq(enquiryItems.enquiryId, id))
      .orderBy(asc(enquiryItems.id)),
    enquiryTimeline(row, { includeNotes: true }),
    enquiryQuotations(id),
  ]);
  const { accountEmail, ...rest } = row;
  return {
    ...rest,
    account: accountEmail ? { email: accountEmail } : null,
    replyTo: row.contactEmail ?? accountEmail ?? null,
    items,
    timeline,
    quotations: quotes,
  };
}

/** Locks the enquiry row for the rest of the transaction (one writer per case at a time). */
export async function lockEnquiry(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      id: enquiries.id,
      reference: enquiries.reference,
      status: enquiries.status,
      contactName: enquiries.contactName,
      contactEmail: enquiries.contactEmail,
      contactPhone: enquiries.contactPhone,
      organisation: enquiries.organisation,
      poReference: enquiries.poReference,
      userId: enquiries.userId,
    })
    .from(enquiries)
    .where(eq(enquiries.id, id))
    .for('update');
  if (!row) throw new UserError('This enquiry no longer exists.', 404);
  let accountEmail: string | null = null;
  if (row.userId) {
    const [account] = await tx
      .select({ email: user.email })
      .from(user)
      .where(eq(user.id, row.userId));
    accountEmail = account?.email ?? null;
  }
  return { ...row, replyTo: row.contactEmail ?? accountEmail };
}

async function recordStatus(
  tx: Tx,
  actor: Actor,
  enquiryId: number,
  from: EnquiryStatus,
  to: EnquiryStatus,
) {
  await tx.update(enquiries).set({ status: to }).where(eq(enquiries.id, enquiryId));
  await recordEnquiryEvent(tx, {
    enquiryId,
    kind: 'status',
    actorId: actor.id,
    actorName: actor.name,
    fromStatus: from,
    toStatus: to,
  });
}

/**
 * Moves an enquiry to another status (any of the four: staff may reopen a closed case), recorded
 * in the timeline with who and when. Choosing the status it already has changes nothing. `seen`
 * is the status the admin's page showed: if someone else has moved the enquiry since (sent a
 * quotation, closed it), the change is refused with 409 instead of silently undoing theirs.
 */
export async function changeEnquiryStatus(
  actor: Actor,
  enquiryId: number,
  status: EnquiryStatus,
  seen?: EnquiryStatus,
): Promise<{ changed: boolean }> {
  return db().transaction(async (tx) => {
    const enquiry = await lockEnquiry(tx, enquiryId);
    if (enquiry.status === status) return { changed: false };
    if (seen && enquiry.status !== seen) {
      throw new UserError(
        `Someone else has just moved this enquiry to ${STATUS_LABELS[enquiry.status]}. Reload the page to see what changed, then choose again.`,
        409,
      );
    }
    await recordStatus(tx, actor, enquiryId, enquiry.status, status);
    return { changed: true };
  });
}

/** Adds a private staff note to the timeline (never shown to the customer). */
export async function addEnquiryNote(actor: Actor, enquiryId: number, body: string): Promise<void> {
  await db().transaction(async (tx) => {
    await lockEnquiry(tx, enquiryId);
    await recordEnquiryEvent(tx, {
      enquiryId,
      kind: 'note',
      actorId: actor.id,
      actorName: actor.name,
      body,
    });
  });
}

/** A reply box sent with only its greeting and signature. */
export const unwritten = () =>
  new UserError('Write your reply between the greeting and the signature.', 400, 'body');

/**
 * E-mails a reply to the customer through the mail queue (in the same transaction as the
 * timeline entry, which keeps the e-mail's text as sent: one never exists without the other) and shows it on their /orders/:id. A
 * reply to a New enquiry moves it to In progress: someone is on it. Checked files (spec sheets)
 * go with it: stored privately as the reply's attachments and attached to the e-mail; they are
 * put in storage before the transaction and removed if it fails. A guest who left only a phone
 * number cannot be e-mailed: that is refused with the number to call, and nothing is queued.
 */
export async function replyToEnquiry(
  actor: Actor,
  enquiryId: number,
  body: string,
  files: readonly CheckedAttachment[] = [],
): Promise<{ to: string }> {
  const to = await withStoredAttachments(enquiryId, files, (stored) =>
    db().transaction(async (tx) => {
      const enquiry = await lockEnquiry(tx, enquiryId);
      if (!enquiry.replyTo) {
        throw new UserError(
          `This customer left no e-mail address, so the reply cannot be e-mailed. Please phone them${
            enquiry.contactPhone ? ` on ${enquiry.contactPhone}` : ''
          } and keep a note of the call.`,
          409,
        );
      }
      if (isUnwrittenReply(body, enquiry.contactName, actor.name)) throw unwritten();
      const mail = enquiryReplyMail({
        to: enquiry.replyTo,
        reference: enquiry.reference,
        body,
        orderUrl: enquiry.userId ? orderUrl(enquiry.id) : undefined,
      });
      // The timeline keeps the e-mail as it went, not only the typed part.
      const event = await recordEnquiryEvent(tx, {
        enquiryId,
        kind: 'reply',
        actorId: actor.id,
        actorName: actor.name,
        body: mail.text,
      });
      await recordAttachments(tx, enquiryId, 'reply', stored, { eventId: event.id });
      if (enquiry.status === 'new') await recordStatus(tx, actor, enquiryId, 'new', 'in_progress');
      await queueMail(tx, [
        {
          ...mail,
          attachments: stored.map((f) => ({
            filename: f.fileName,
            contentType: f.contentType,
            content: f.data,
          })),
        },
      ]);
      return enquiry.replyTo;
    }),
  );
  deliverSoon();
  return { to };
}
