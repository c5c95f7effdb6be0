import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { recordEnquiryEvent } from '../inbox/events.server';
import { isCalendarDay, ORDER_STATUS_LABELS, type OrderStatusName } from '~/lib/orders';
import { ORDER_MESSAGES } from '~/lib/schemas/orders';
import { db } from '../db/client.server';
import {
  enquiries,
  invoices,
  orders,
  quotationLines,
  quotationResponses,
  quotations,
  user,
  type InvoiceKind,
  type OrderStatus,
} from '../db/schema';
import { UserError } from '../errors.server';
import { deliverSoon, queueMail } from '../mail/queue.server';
import {
  enquiryTimeline,
  lockEnquiry,
  sentWithGst,
  type TimelineEvent,
} from '../inbox/enquiries.server';
import { orderUrl } from '../inbox/mails.server';
import { singaporeDate, singaporeDayStart, type Actor, type Tx } from '../inbox/shared.server';
import { orderConfirmedMail, orderStatusMail, type Buyer } from './mails.server';

/** Orders per page in the back office's list. */
export const ORDERS_PAGE_SIZE = 25;

/** Where a change of status may come from (`invoiced` only by issuing the invoice). */
const MOVES: Record<'scheduled' | 'delivered' | 'cancelled' | 'paid', readonly OrderStatus[]> = {
  scheduled: ['confirmed', 'scheduled'],
  delivered: ['confirmed', 'scheduled'],
  // Not once invoiced: the invoice stands until a credit note cancels it.
  cancelled: ['confirmed', 'scheduled', 'delivered'],
  paid: ['invoiced'],
};

/** The buyer of an enquiry as mail needs them, or null for a guest who left no e-mail address. */
export async function buyerOf(tx: Tx, enquiryId: number): Promise<Buyer | null> {
  const [row] = await tx
    .select({
      name: enquiries.contactName,
      contactEmail: enquiries.contactEmail,
      userId: enquiries.userId,
      accountEmail: user.email,
    })
    .from(enquiries)
    .leftJoin(user, eq(user.id, enquiries.userId))
    .where(eq(enquiries.id, enquiryId));
  const to = row?.contactEmail ?? row?.accountEmail;
  if (!row || !to) return null;
  return { to, name: row.name, orderUrl: row.userId ? orderUrl(enquiryId) : undefined };
}

/** Locks an order for the rest of the transaction (one change at a time per order). */
export async function lockOrder(tx: Tx, orderId: number) {
  const [row] = await tx
    .select({
      id: orders.id,
      number: orders.number,
      enquiryId: orders.enquiryId,
      quotationId: orders.quotationId,
      status: orders.status,
      poNumber: orders.poNumber,
      scheduledFor: orders.scheduledFor,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!row) throw new UserError('This order no longer exists.', 404);
  return row;
}

/** The refusal for a page that showed an order in a status it has since left. */
export function movedMeanwhile(status: OrderStatus): UserError {
  return new UserError(
    `Someone else has just moved this order to ${ORDER_STATUS_LABELS[status]}. Reload the page to see what changed, then choose again.`,
    409,
  );
}

/**
 * Confirms the order for an accepted quotation: numbered SO-<enquiry reference> (with -2, -3 …
 * when an earlier order of the enquiry was cancelled), the PO number from the buyer's
 * acceptance, recorded in the enquiry's timeline and mailed to the buyer, in one transaction.
 * Staff confirm rather than the acceptance creating the order by itself: the company checks
 * stock, lead time and the PO before it commits. A second click (or a second admin) gets the
 * order that exists (`created: false`); a quotation that is not accepted, one whose order was
 * cancelled (one order per quotation: ordering again takes a new revision), or an enquiry that
 * already has a live order from another revision, is refused with 409.
 */
export async function confirmOrder(
  actor: Actor,
  quotationId: number,
): Promise<{ id: number; number: string; created: boolean }> {
  const [target] = await db()
    .select({ enquiryId: quotations.enquiryId })
    .from(quotations)
    .where(eq(quotations.id, quotationId));
  if (!target) throw new UserError('This quotation no longer exists.', 404);
  const result = await db().transaction(async (tx) => {
    // The enquiry first, then its quotation: the order every writer of a case locks in.
    const enquiry = await lockEnquiry(tx, target.enquiryId);
    const [quotation] = await tx
      .select({
        id: quotations.id,
        number: quotations.number,
        status: quotations.status,
        totalCents: quotations.totalCents,
        gstRegNo: quotations.gstRegNo,
      })
      .from(quotations)
      .where(eq(quotations.id, quotationId))
      .for('update');
    if (!quotation) throw new UserError('This quotation no longer exists.', 404);
    const enquiryOrders = await tx
      .select({
        id: orders.id,
        number: orders.number,
        quotationId: orders.quotationId,
        status: orders.status,
      })
      .from(orders)
      .where(eq(orders.enquiryId, enquiry.id));
    const same = enquiryOrders.find((o) => o.quotationId === quotationId);
    if (same && same.status !== 'cancelled')
      return { id: same.id, number: same.number, created: false };
    if (same)
      throw new UserError(
        `Order ${same.number} for quotation ${quotation.number} was cancelled. To order again, send a new revision for the buyer to accept.`,
        409,
      );
    const existing = enquiryOrders.filter((o) => o.status !== 'cancelled');
    if (quotation.status !== 'accepted')
      throw new UserError(
        `Quotation ${quotation.number} has not been accepted by the buyer, so there is no order to confirm yet.`,
        409,
      );
    if (existing[0])
      throw new UserError(
        `This enquiry already has order ${existing[0].number}. Cancel it first to confirm another revision.`,
        409,
      );
    const n = enquiryOrders.length;
    const number = `SO-${enquiry.reference}${n ? `-${n + 1}` : ''}`;
    const [acceptance] = await tx
      .select({ poNumber: quotationResponses.poNumber })
      .from(quotationResponses)
      .where(
        and(
          eq(quotationResponses.quotationId, quotationId),
          eq(quotationResponses.kind, 'accepted'),
        ),
      );
    const poNumber = acceptance?.poNumber ?? null;
    const [order] = await tx
      .insert(orders)
      .values({
        number,
        enquiryId: enquiry.id,
        quotationId,
        status: 'confirmed',
        poNumber,
        actorId: actor.id,
        actorName: actor.name,
      })
      .returning({ id: orders.id });
    await recordEnquiryEvent(tx, {
      enquiryId: enquiry.id,
      kind: 'order',
      actorId: actor.id,
      actorName: actor.name,
      quotationId,
      orderId: order!.id,
      toOrderStatus: 'confirmed',
    });
    const buyer = await buyerOf(tx, enquiry.id);
    if (buyer)
      await queueMail(tx, [
        orderConfirmedMail(buyer, {
          orderNumber: number,
          quotationNumber: quotation.number,
          poNumber,
          totalCents: quotation.totalCents,
          gstRegistered: quotation.gstRegNo !== null,
        }),
      ]);
    return { id: order!.id, number, created: true, mailed: Boolean(buyer) };
  });
  if ('mailed' in result && result.mailed) deliverSoon();
  return { id: result.id, number: result.number, created: result.created };
}

/** The Singapore calendar day of a moment: '2026-03-09'. */
export function singaporeDay(date: Date): string {
  return new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * Moves an order on: scheduled (for a day, today or later; a scheduled order can be moved to
 * another day), delivered, cancelled (not once invoiced: a credit note first) or paid (once
 * invoiced). Recorded in the enquiry's timeline with the status before and after, and mailed to
 * the buyer. `from` is the status the admin's page showed: when the order has moved since, the
 * change is refused (409) rather than undoing someone else's; choosing the status it already has
 * changes nothing. `invoiced` is reached only by issuing the invoice.
 */
export async function changeOrderStatus(
  actor: Actor,
  orderId: number,
  change: {
    status: keyof typeof MOVES;
    from: OrderStatus;
    scheduledFor?: string;
    note?: string;
  },
  now = new Date(),
): Promise<{ changed: boolean; number: string }> {
  const result = await db().transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const scheduledFor = change.status === 'scheduled' ? (change.scheduledFor ?? '') : null;
    if (scheduledFor !== null && !isCalendarDay(scheduledFor))
      throw new UserError(ORDER_MESSAGES.date, 400, 'scheduledFor');
    const same =
      order.status === change.status &&
      (change.status !== 'scheduled' || order.scheduledFor === scheduledFor);
    if (same) return { changed: false, number: order.number, mailed: false };
    if (order.status !== change.from) throw movedMeanwhile(order.status);
    if (!MOVES[change.status].includes(order.status)) {
      throw new UserError(
        order.status === 'invoiced' && change.status === 'cancelled'
          ? 'An invoiced order cannot be cancelled: issue a credit note for its invoice first.'
          : `An order that is ${ORDER_STATUS_LABELS[order.status]} cannot be marked ${ORDER_STATUS_LABELS[change.status]}.`,
        409,
      );
    }
    if (scheduledFor !== null && scheduledFor < singaporeDay(now))
      throw new UserError('Choose today or a later day.', 400, 'scheduledFor');
    const day = scheduledFor ? singaporeDate(singaporeDayStart(scheduledFor)) : null;
    await tx
      .update(orders)
      .set({ status: change.status, ...(scheduledFor ? { scheduledFor } : {}) })
      .where(eq(orders.id, orderId));
    const note = change.status === 'cancelled' ? change.note || null : null;
    await recordEnquiryEvent(tx, {
      enquiryId: order.enquiryId,
      kind: 'order_status',
      actorId: actor.id,
      actorName: actor.name,
      orderId,
      fromOrderStatus: order.status,
      toOrderStatus: change.status,
      body: day ? `Scheduled for ${day}` : note,
    });
    const buyer = await buyerOf(tx, order.enquiryId);
    if (buyer) {
      const [invoice] =
        change.status === 'paid'
          ? await tx
              .select({ number: invoices.number })
              .from(invoices)
              .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')))
              .orderBy(desc(invoices.id))
              .limit(1)
          : [];
      await queueMail(tx, [
        orderStatusMail(buyer, {
          orderNumber: order.number,
          status: change.status,
          scheduledFor: day,
          note,
          invoiceNumber: invoice?.number ?? null,
        }),
      ]);
    }
    return { changed: true, number: order.number, mailed: Boolean(buyer) };
  });
  if (result.mailed) deliverSoon();
  return { changed: result.changed, number: result.number };
}

/** One row of the back office's orders list. */
export interface OrderRow {
  id: number;
  number: string;
  status: OrderStatus;
  customer: string;
  organisation: string | null;
  totalCents: number;
  /** Whether the quotation ordered was sent GST-registered (else its total has no GST). */
  gstRegistered: boolean;
  updatedAt: Date;
}

/** The orders, most recently changed first, a page at a time, optionally of one status. */
export async function listOrders(filter: { status?: OrderStatusName; page: number }): Promise<{
  items: OrderRow[];
  total: number;
  page: number;
  pages: number;
}> {
  const where = filter.status ? eq(orders.status, filter.status) : undefined;
  const [[{ n } = { n: 0 }], rows] = await Promise.all([
    db().select({ n: count() }).from(orders).where(where),
    db()
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        customer: sql<string>`coalesce(${quotations.attentionName}, ${enquiries.contactName})`,
        organisation: sql<
          string | null
        >`coalesce(${quotations.attentionOrganisation}, ${enquiries.organisation})`,
        totalCents: quotations.totalCents,
        gstRegistered: sentWithGst,
        updatedAt: orders.updatedAt,
      })
      .from(orders)
      .innerJoin(quotations, eq(quotations.id, orders.quotationId))
      .innerJoin(enquiries, eq(enquiries.id, orders.enquiryId))
      .where(where)
      .orderBy(desc(orders.updatedAt), desc(orders.id))
      .limit(ORDERS_PAGE_SIZE)
      .offset((filter.page - 1) * ORDERS_PAGE_SIZE),
  ]);
  const total = Number(n);
  return {
    items: rows,
    total,
    page: filter.page,
    pages: Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE)),
  };
}

/** An invoice or credit note as the order's pages list it. */
export interface OrderDocument {
  id: number;
  kind: InvoiceKind;
  number: string;
  issuedAt: Date;
  totalCents: number;
  /** A credit note's invoice number. */
  credits: string | null;
  /** An invoice's amount not yet credited, including GST (0 for a credit note). */
  openCents: number;
}

/** An order's invoices and credit notes, oldest first, each invoice with what is left of it. */
export async function orderDocuments(orderId: number): Promise<OrderDocument[]> {
  const rows = await db()
    .select({
      id: invoices.id,
      kind: invoices.kind,
      number: invoices.number,
      issuedAt: invoices.issuedAt,
      totalCents: invoices.totalCents,
      creditedInvoiceId: invoices.creditedInvoiceId,
    })
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .orderBy(asc(invoices.id));
  return rows.map(({ creditedInvoiceId, ...r }) => {
    const credited = rows
      .filter((c) => c.creditedInvoiceId === r.id)
      .reduce((sum, c) => sum + c.totalCents, 0);
    return {
      ...r,
      credits: rows.find((i) => i.id === creditedInvoiceId)?.number ?? null,
      openCents: r.kind === 'invoice' ? r.totalCents - credited : 0,
    };
  });
}

/** One order as staff see it: the accepted quotation's lines and totals, documents, timeline. */
export interface OrderDetail {
  id: number;
  number: string;
  status: OrderStatus;
  poNumber: string | null;
  scheduledFor: string | null;
  createdAt: Date;
  updatedAt: Date;
  actorName: string;
  enquiry: {
    id: number;
    reference: string;
    contactName: string;
    organisation: string | null;
    replyTo: string | null;
  };
  quotation: {
    id: number;
    number: string;
    subtotalCents: number;
    discountCents: number;
    gstRateBasisPoints: number;
    gstCents: number;
    totalCents: number;
    gstRegNo: string | null;
    attentionName: string | null;
    attentionOrganisation: string | null;
    attentionAddress: string | null;
  };
  lines: {
    description: string;
    quantity: number;
    unitPriceCents: number;
    discountCents: number;
    lineTotalCents: number;
  }[];
  documents: OrderDocument[];
  timeline: TimelineEvent[];
}

/** One order for its staff page, or null when there is none with this id. */
export async function getOrder(id: number): Promise<OrderDetail | null> {
  const [row] = await db()
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      poNumber: orders.poNumber,
      scheduledFor: orders.scheduledFor,
      createdAt: orders.createdAt,
      updatedAt: orders.updatedAt,
      actorName: orders.actorName,
      enquiryId: enquiries.id,
      enquiryCreatedAt: enquiries.createdAt,
      reference: enquiries.reference,
      contactName: enquiries.contactName,
      contactEmail: enquiries.contactEmail,
      organisation: enquiries.organisation,
      accountEmail: user.email,
      quotation: {
        id: quotations.id,
        number: quotations.number,
        subtotalCents: quotations.subtotalCents,
        discountCents: quotations.discountCents,
        gstRateBasisPoints: quotations.gstRateBasisPoints,
        gstCents: quotations.gstCents,
        totalCents: quotations.totalCents,
        gstRegNo: quotations.gstRegNo,
        attentionName: quotations.attentionName,
        attentionOrganisation: quotations.attentionOrganisation,
        attentionAddress: quotations.attentionAddress,
      },
    })
    .from(orders)
    .innerJoin(enquiries, eq(enquiries.id, orders.enquiryId))
    .innerJoin(quotations, eq(quotations.id, orders.quotationId))
    .leftJoin(user, eq(user.id, enquiries.userId))
    .where(eq(orders.id, id));
  if (!row) return null;
  const [lines, documents, timeline] = await Promise.all([
    db()
      .select({
        description: quotationLines.description,
        quantity: quotationLines.quantity,
        unitPriceCents: quotationLines.unitPriceCents,
        discountCents: quotationLines.discountCents,
        lineTotalCents: quotationLines.lineTotalCents,
      })
      .from(quotationLines)
      .where(eq(quotationLines.quotationId, row.quotation.id))
      .orderBy(asc(quotationLines.position)),
    orderDocuments(id),
    enquiryTimeline(
      { id: row.enquiryId, createdAt: row.enquiryCreatedAt, contactName: row.contactName },
      { includeNotes: false },
    ),
  ]);
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    poNumber: row.poNumber,
    scheduledFor: row.scheduledFor,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    actorName: row.actorName,
    enquiry: {
      id: row.enquiryId,
      reference: row.reference,
      contactName: row.contactName,
      organisation: row.organisation,
      replyTo: row.contactEmail ?? row.accountEmail ?? null,
    },
    quotation: row.quotation,
    lines,
    documents,
    timeline: timeline.filter((e) => e.order?.id === id),
  };
}

/**
 * What the enquiry's staff page needs to offer "Confirm order": the latest accepted revision that
 * has no order yet (when there is one) and the enquiry's live order (not cancelled), or its
 * latest one.
 */
export async function enquiryOrderState(enquiryId: number): Promise<{
  accepted: { id: number; number: string } | null;
  order: { id: number; number: string; status: OrderStatus } | null;
}> {
  const [[accepted], enquiryOrders] = await Promise.all([
    db()
      .select({ id: quotations.id, number: quotations.number })
      .from(quotations)
      .leftJoin(orders, eq(orders.quotationId, quotations.id))
      .where(
        and(
          eq(quotations.enquiryId, enquiryId),
          eq(quotations.status, 'accepted'),
          isNull(orders.id),
        ),
      )
      .orderBy(desc(quotations.sequence))
      .limit(1),
    db()
      .select({ id: orders.id, number: orders.number, status: orders.status })
      .from(orders)
      .where(eq(orders.enquiryId, enquiryId))
      .orderBy(desc(orders.id)),
  ]);
  const order = enquiryOrders.find((o) => o.status !== 'cancelled') ?? enquiryOrders[0] ?? null;
  return { accepted: accepted ?? null, order };
}

/** An order as its buyer sees it: number, status, the planned day, and the documents. */
export interface CustomerOrder {
  number: string;
  status: OrderStatus;
  scheduledFor: string | null;
  poNumber: string | null;
  totalCents: number;
  /** Whether the quotation ordered was sent GST-registered (else its total has no GST). */
  gstRegistered: boolean;
  documents: { kind: InvoiceKind; number: string; issuedAt: Date; totalCents: number }[];
}

/**
 * The orders of an enquiry for its buyer (the caller has checked that the enquiry is theirs, or
 * that they hold its link), newest first.
 */
export async function customerOrders(enquiryId: number): Promise<CustomerOrder[]> {
  const rows = await db()
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      scheduledFor: orders.scheduledFor,
      poNumber: orders.poNumber,
      totalCents: quotations.totalCents,
      gstRegistered: sentWithGst,
    })
    .from(orders)
    .innerJoin(quotations, eq(quotations.id, orders.quotationId))
    .where(eq(orders.enquiryId, enquiryId))
    .orderBy(desc(orders.id));
  if (!rows.length) return [];
  const docs = await db()
    .select({
      orderId: invoices.orderId,
      kind: invoices.kind,
      number: invoices.number,
      issuedAt: invoices.issuedAt,
      totalCents: invoices.totalCents,
    })
    .from(invoices)
    .where(
      inArray(
        invoices.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(invoices.id));
  return rows.map(({ id, ...r }) => ({
    ...r,
    documents: docs.filter((d) => d.orderId === id).map(({ orderId: _, ...d }) => d),
  }));
}
