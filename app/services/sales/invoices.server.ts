import { addresseeOf } from './addressee.server';
import { recordEnquiryEvent } from '../inbox/events.server';
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { formatCents, gstCents } from '~/lib/money';
import { AWAITING_INVOICE } from '~/lib/orders';
import { db, rowsOf } from '../db/client.server';
import {
  enquiries,
  enquiryEvents,
  invoices,
  orders,
  quotationLines,
  quotations,
  type InvoiceKind,
  type InvoiceLine,
  type OrderStatus,
} from '../db/schema';
import { UserError } from '../errors.server';
import { deliverSoon, queueMail } from '../mail/queue.server';
import { singaporeDate, type Actor, type Tx } from '../inbox/shared.server';
import { siteInfo } from '../site.server';
import { documentTitle, renderInvoicePdf } from './invoice-pdf.server';
import { documentMail } from './mails.server';
import { buyerOf, lockOrder, movedMeanwhile } from './orders.server';

const PREFIX: Record<InvoiceKind, string> = { invoice: 'INV', credit_note: 'CN' };

/** The Singapore calendar year of a moment (UTC+8 all year): an invoice's numbering year. */
export function singaporeYear(date: Date): number {
  return new Date(date.getTime() + 8 * 3_600_000).getUTCFullYear();
}

/** INV-2026-00001, CN-2026-00001. */
export function documentNumber(kind: InvoiceKind, year: number, sequence: number): string {
  return `${PREFIX[kind]}-${year}-${String(sequence).padStart(5, '0')}`;
}

/**
 * The next number of a kind in a year, taken inside the issuing transaction. The counter row's
 * lock is held until that transaction ends: concurrent issues wait their turn, and a transaction
 * that rolls back gives its number back, so the numbers have no gaps and never repeat.
 */
async function nextSequence(tx: Tx, kind: InvoiceKind, year: number): Promise<number> {
  const result = await tx.execute(sql`
    INSERT INTO document_counters (kind, year, last) VALUES (${kind}, ${year}, 1)
    ON CONFLICT (kind, year) DO UPDATE SET last = document_counters.last + 1
    RETURNING last`);
  const [row] = rowsOf<{ last: number }>(result);
  return Number(row!.last);
}

/** What an order's invoice is made from: the accepted quotation and who it is addressed to. */
async function invoiceSource(tx: Tx, order: { quotationId: number; enquiryId: number }) {
  const [quotation] = await tx
    .select({
      number: quotations.number,
      gstRegNo: quotations.gstRegNo,
      gstRateBasisPoints: quotations.gstRateBasisPoints,
      subtotalCents: quotations.subtotalCents,
      discountCents: quotations.discountCents,
      gstCents: quotations.gstCents,
      totalCents: quotations.totalCents,
      attentionName: quotations.attentionName,
      attentionOrganisation: quotations.attentionOrganisation,
      attentionAddress: quotations.attentionAddress,
      contactName: enquiries.contactName,
      organisation: enquiries.organisation,
      address: enquiries.address,
    })
    .from(quotations)
    .innerJoin(enquiries, eq(enquiries.id, quotations.enquiryId))
    .where(eq(quotations.id, order.quotationId));
  const lines: InvoiceLine[] = await tx
    .select({
      description: quotationLines.description,
      quantity: quotationLines.quantity,
      unitPriceCents: quotationLines.unitPriceCents,
      discountCents: quotationLines.discountCents,
      lineTotalCents: quotationLines.lineTotalCents,
    })
    .from(quotationLines)
    .where(eq(quotationLines.quotationId, order.quotationId))
    .orderBy(asc(quotationLines.position));
  const q = quotation!;
  return {
    quotation: q,
    lines,
    customer: addresseeOf(q),
  };
}

/**
 * Issues the tax invoice of an order: a snapshot of the accepted quotation (lines, discount, GST
 * rate and the company's GST registration as quoted) and of the customer it was addressed to,
 * numbered INV-<Singapore year>-<00001> with no gaps, rendered as a PDF, stored (never to
 * change), recorded in the timeline, mailed to the buyer with the PDF, and the order moved to
 * Invoiced, all in one transaction. Only an order that has no live invoice can be invoiced
 * (confirmed, scheduled or delivered; a credit note for the whole of an earlier invoice frees
 * it again). `from` is the status the admin's page showed (a stale page is refused).
 */
export async function issueInvoice(
  actor: Actor,
  orderId: number,
  from?: OrderStatus,
  now = new Date(),
): Promise<{ id: number; number: string }> {
  const result = await db().transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status === 'invoiced' || order.status === 'paid') {
      const [live] = await tx
        .select({ number: invoices.number })
        .from(invoices)
        .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')))
        .orderBy(desc(invoices.id))
        .limit(1);
      throw new UserError(
        `Order ${order.number} already has invoice ${live?.number ?? ''}. To correct it, issue a credit note for it first.`,
        409,
      );
    }
    if (from && order.status !== from) throw movedMeanwhile(order.status);
    if (!AWAITING_INVOICE.includes(order.status))
      throw new UserError(`Order ${order.number} is cancelled: it cannot be invoiced.`, 409);
    const { quotation, lines, customer } = await invoiceSource(tx, order);
    const buyer = await buyerOf(tx, order.enquiryId);
    await tx.update(orders).set({ status: 'invoiced' }).where(eq(orders.id, orderId));
    // The number last, so that other issues wait for the counter's lock as briefly as can be.
    const year = singaporeYear(now);
    const sequence = await nextSequence(tx, 'invoice', year);
    const number = documentNumber('invoice', year, sequence);
    const pdf = await renderInvoicePdf({
      kind: 'invoice',
      company: siteInfo(),
      gstRegNo: quotation.gstRegNo,
      number,
      date: singaporeDate(now),
      customer,
      orderNumber: order.number,
      quotationNumber: quotation.number,
      poNumber: order.poNumber,
      lines,
      subtotalCents: quotation.subtotalCents,
      discountCents: quotation.discountCents,
      gstRateBasisPoints: quotation.gstRateBasisPoints,
      gstCents: quotation.gstCents,
      totalCents: quotation.totalCents,
    });
    const [invoice] = await tx
      .insert(invoices)
      .values({
        kind: 'invoice',
        number,
        year,
        sequence,
        orderId,
        issuedAt: now,
        customerName: customer.name,
        customerOrganisation: customer.organisation,
        customerAddress: customer.address,
        gstRegNo: quotation.gstRegNo,
        gstRateBasisPoints: quotation.gstRateBasisPoints,
        lines,
        subtotalCents: quotation.subtotalCents,
        discountCents: quotation.discountCents,
        gstCents: quotation.gstCents,
        totalCents: quotation.totalCents,
        pdf,
        pdfSha256: createHash('sha256').update(pdf).digest('hex'),
        actorId: actor.id,
        actorName: actor.name,
      })
      .returning({ id: invoices.id });
    // The status before is kept with the event: a credit note for the whole invoice returns to it.
    await recordEnquiryEvent(tx, {
      enquiryId: order.enquiryId,
      kind: 'invoice',
      actorId: actor.id,
      actorName: actor.name,
      orderId,
      invoiceId: invoice!.id,
      fromOrderStatus: order.status,
      toOrderStatus: 'invoiced',
    });
    if (buyer)
      await queueMail(tx, [
        documentMail(buyer, {
          title: documentTitle('invoice', quotation.gstRegNo),
          number,
          orderNumber: order.number,
          total: formatCents(quotation.totalCents),
          pdf,
        }),
      ]);
    return { id: invoice!.id, number, mailed: Boolean(buyer) };
  });
  if (result.mailed) deliverSoon();
  return { id: result.id, number: result.number };
}

/**
 * Issues a credit note against an invoice: CN-<Singapore year>-<00001>, referring to the invoice,
 * for all that is left of it (the default) or for `amountCents` before GST, with GST at the
 * invoice's rate rounded half-up as on the invoice; the last credit takes exactly the GST that
 * is left, so the credits of an invoice never add up to more than it. A credit note that leaves
 * nothing of the invoice frees the order: it returns to the status it had before it was
 * invoiced, ready for a corrected invoice (or cancellation). Mailed to the buyer with its PDF.
 */
export async function issueCreditNote(
  actor: Actor,
  invoiceId: number,
  input: { reason: string; amountCents?: number },
  now = new Date(),
): Promise<{ id: number; number: string; orderStatus: OrderStatus }> {
  const [target] = await db()
    .select({ orderId: invoices.orderId })
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.kind, 'invoice')));
  if (!target) throw new UserError('There is no such invoice.', 404);
  const result = await db().transaction(async (tx) => {
    // The order's lock serialises everything that changes its invoices.
    const order = await lockOrder(tx, target.orderId);
    const [invoice] = await tx
      .select({
        number: invoices.number,
        issuedAt: invoices.issuedAt,
        customerName: invoices.customerName,
        customerOrganisation: invoices.customerOrganisation,
        customerAddress: invoices.customerAddress,
        gstRegNo: invoices.gstRegNo,
        gstRateBasisPoints: invoices.gstRateBasisPoints,
        lines: invoices.lines,
        subtotalCents: invoices.subtotalCents,
        discountCents: invoices.discountCents,
        gstCents: invoices.gstCents,
        totalCents: invoices.totalCents,
      })
      .from(invoices)
      .where(eq(invoices.id, invoiceId));
    const i = invoice!;
    const credits = await tx
      .select({
        net: sql<number>`coalesce(sum(${invoices.subtotalCents} - ${invoices.discountCents}), 0)::int`,
        gst: sql<number>`coalesce(sum(${invoices.gstCents}), 0)::int`,
      })
      .from(invoices)
      .where(eq(invoices.creditedInvoiceId, invoiceId));
    const netLeft = i.subtotalCents - i.discountCents - Number(credits[0]?.net ?? 0);
    const gstLeft = i.gstCents - Number(credits[0]?.gst ?? 0);
    if (netLeft <= 0 && gstLeft <= 0)
      throw new UserError(`Invoice ${i.number} has already been credited in full.`, 409);
    const amount = input.amountCents ?? netLeft;
    if (amount <= 0) throw new UserError('Enter an amount above zero.', 400, 'amount');
    if (amount > netLeft)
      throw new UserError(
        `At most ${formatCents(netLeft)} before GST is left to credit on invoice ${i.number}.`,
        400,
        'amount',
      );
    const whole = amount === netLeft;
    // Not GST-registered when invoiced: no GST to credit either.
    const gst =
      i.gstRegNo === null
        ? 0
        : whole
          ? gstLeft
          : Math.min(gstCents(amount, i.gstRateBasisPoints), gstLeft);
    const untouched = whole && netLeft === i.subtotalCents - i.discountCents;
    const lines: InvoiceLine[] = untouched
      ? i.lines
      : [
          {
            description: `Credit against invoice ${i.number}`,
            quantity: 1,
            unitPriceCents: amount,
            discountCents: 0,
            lineTotalCents: amount,
          },
        ];
    const [quotation] = await tx
      .select({ number: quotations.number })
      .from(quotations)
      .where(eq(quotations.id, order.quotationId));
    let status = order.status;
    if (whole && (order.status === 'invoiced' || order.status === 'paid')) {
      const [issued] = await tx
        .select({ from: enquiryEvents.fromOrderStatus })
        .from(enquiryEvents)
        .where(and(eq(enquiryEvents.invoiceId, invoiceId), eq(enquiryEvents.kind, 'invoice')));
      status = issued?.from ?? 'delivered';
      await tx.update(orders).set({ status }).where(eq(orders.id, order.id));
    }
    const buyer = await buyerOf(tx, order.enquiryId);
    // The number last, so that other issues wait for the counter's lock as briefly as can be.
    const year = singaporeYear(now);
    const sequence = await nextSequence(tx, 'credit_note', year);
    const number = documentNumber('credit_note', year, sequence);
    const totals = {
      subtotalCents: untouched ? i.subtotalCents : amount,
      discountCents: untouched ? i.discountCents : 0,
      gstCents: gst,
      totalCents: amount + gst,
    };
    const pdf = await renderInvoicePdf({
      kind: 'credit_note',
      company: siteInfo(),
      gstRegNo: i.gstRegNo,
      number,
      date: singaporeDate(now),
      customer: {
        name: i.customerName,
        organisation: i.customerOrganisation,
        address: i.customerAddress,
      },
      orderNumber: order.number,
      quotationNumber: quotation!.number,
      poNumber: order.poNumber,
      credits: { number: i.number, date: singaporeDate(i.issuedAt), reason: input.reason },
      lines,
      gstRateBasisPoints: i.gstRateBasisPoints,
      ...totals,
    });
    const [note] = await tx
      .insert(invoices)
      .values({
        kind: 'credit_note',
        number,
        year,
        sequence,
        orderId: order.id,
        creditedInvoiceId: invoiceId,
        issuedAt: now,
        customerName: i.customerName,
        customerOrganisation: i.customerOrganisation,
        customerAddress: i.customerAddress,
        gstRegNo: i.gstRegNo,
        gstRateBasisPoints: i.gstRateBasisPoints,
        lines,
        ...totals,
        reason: input.reason,
        pdf,
        pdfSha256: createHash('sha256').update(pdf).digest('hex'),
        actorId: actor.id,
        actorName: actor.name,
      })
      .returning({ id: invoices.id });
    await recordEnquiryEvent(tx, {
      enquiryId: order.enquiryId,
      kind: 'credit_note',
      actorId: actor.id,
      actorName: actor.name,
      orderId: order.id,
      invoiceId: note!.id,
      fromOrderStatus: status !== order.status ? order.status : null,
      toOrderStatus: status !== order.status ? status : null,
      body: input.reason,
    });
    if (buyer)
      await queueMail(tx, [
        documentMail(buyer, {
          title: 'Credit Note',
          number,
          orderNumber: order.number,
          total: formatCents(totals.totalCents),
          pdf,
          invoiceNumber: i.number,
        }),
      ]);
    return { id: note!.id, number, orderStatus: status, mailed: Boolean(buyer) };
  });
  if (result.mailed) deliverSoon();
  return { id: result.id, number: result.number, orderStatus: result.orderStatus };
}

/** Who asks for a document: staff, the signed-in owner of the enquiry, or a guest's link. */
export type DocumentReader =
  { staff: true } | { ownerId: string; enquiryId: number } | { enquiryId: number };

/**
 * An invoice's or credit note's PDF by its file name (`INV-2026-00001.pdf`), for staff (any
 * order of `orderId`), the signed-in buyer whose enquiry it is, or the holder of the guest
 * enquiry's link (the caller has resolved the link to its enquiry). Anyone else, and any
 * mismatch, gets null, exactly as for a document that does not exist.
 */
export async function getDocumentPdf(
  fileName: string,
  reader: DocumentReader & { orderId?: number },
): Promise<{ number: string; pdf: Buffer } | null> {
  const number = /^(INV|CN)-\d{4}-\d{5,}\.pdf$/i.test(fileName)
    ? fileName.slice(0, -4).toUpperCase()
    : null;
  if (!number) return null;
  const [row] = await db()
    .select({ number: invoices.number, pdf: invoices.pdf })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .innerJoin(enquiries, eq(enquiries.id, orders.enquiryId))
    .where(
      and(
        eq(invoices.number, number),
        reader.orderId !== undefined ? eq(orders.id, reader.orderId) : undefined,
        'enquiryId' in reader ? eq(enquiries.id, reader.enquiryId) : undefined,
        'ownerId' in reader ? eq(enquiries.userId, reader.ownerId) : undefined,
      ),
    );
  return row ?? null;
}
