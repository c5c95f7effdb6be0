import { createHash } from 'node:crypto';
import { and, asc, eq, max } from 'drizzle-orm';
import { formatCents, MAX_CENTS, quotationTotals } from '~/lib/money';
import type { QuotationDraft } from '~/lib/schemas/inbox';
import { db } from '../db/client.server';
import { enquiries, enquiryEvents, enquiryItems, quotationLines, quotations } from '../db/schema';
import { newAccessToken } from '../enquiries/access-token.server';
import { env } from '../env.server';
import { UserError } from '../errors.server';
import { deliverSoon, queueMail } from '../mail/queue.server';
import { siteInfo } from '../site.server';
import { lockEnquiry } from './enquiries.server';
import { orderUrl, quotationMail } from './mails.server';
import { renderQuotationPdf } from './pdf.server';
import { isUniqueViolation, singaporeDate, type Actor } from './shared.server';

/** A line as stored and printed. */
export interface QuotationLine {
  kind: 'item' | 'extra';
  description: string;
  note: string | null;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
}

/**
 * Prices a draft against the enquiry's items: each item's quantity and name come from the
 * enquiry (not the form), extras follow in their order, totals are in integer cents with GST
 * rounded half-up on the subtotal (`gstCents` in app/lib/money.ts). Refuses a draft that does
 * not price exactly the enquiry's items, and totals a PostgreSQL integer cannot hold.
 */
export function priceQuotation(
  items: readonly { id: number; name: string; quantity: number }[],
  draft: QuotationDraft,
  basisPoints: number,
) {
  const priced = new Map(draft.items.map((i) => [i.itemId, i]));
  if (priced.size !== items.length || items.some((i) => !priced.has(i.id)))
    throw new UserError('This enquiry changed while you were pricing it. Please reload.', 409);
  const lines: Omit<QuotationLine, 'lineTotalCents'>[] = [
    ...items.map((item) => ({
      kind: 'item' as const,
      description: item.name,
      note: priced.get(item.id)!.note,
      quantity: item.quantity,
      unitPriceCents: priced.get(item.id)!.unitPriceCents,
    })),
    ...draft.extras.map((extra) => ({ kind: 'extra' as const, note: null, ...extra })),
  ];
  const totals = quotationTotals(lines, basisPoints);
  if (totals.totalCents > MAX_CENTS)
    throw new UserError('This quotation is too large to store (over S$21 million).', 400);
  return {
    lines: lines.map((l, i) => ({ ...l, lineTotalCents: totals.lineTotals[i]! })),
    subtotalCents: totals.subtotalCents,
    gstCents: totals.gstCents,
    totalCents: totals.totalCents,
  };
}

/**
 * A quotation that another send numbered after the one the sender's page showed as the latest:
 * two staff pricing the same enquiry would otherwise both mail the customer a quotation.
 */
export class QuotationSentMeanwhile extends UserError {
  override name = 'QuotationSentMeanwhile';
  constructor(
    readonly number: string,
    readonly sequence: number,
  ) {
    super(
      `Quotation ${number} was sent while you were writing this one. Read it on the enquiry's page; if yours is still needed, send it again.`,
      409,
    );
  }
}

/**
 * Issues a quotation: numbers it Q-<reference>-<n> (the next n for this enquiry), renders the
 * PDF, stores both with its lines, e-mails the PDF to the customer, moves the enquiry to Quoted
 * and records it in the timeline, all in one transaction. The enquiry row is locked
 * `FOR UPDATE` while the number is chosen, so concurrent sends get 1, 2, 3 …; the unique index
 * on (enquiry, sequence) is the backstop, and a send that still collides is retried.
 * A guest without an e-mail address gets no mail: staff download the PDF and send it themselves.
 */
export async function sendQuotation(
  actor: Actor,
  enquiryId: number,
  draft: QuotationDraft,
  /** The sequence of the latest quotation the sender saw (0: none); another one since refuses. */
  after?: number,
): Promise<{ id: number; number: string; emailedTo: string | null }> {
  const basisPoints = env().gstRateBasisPoints;
  const items = await db()
    .select({
      id: enquiryItems.id,
      name: enquiryItems.productName,
      quantity: enquiryItems.quantity,
    })
    .from(enquiryItems)
    .where(eq(enquiryItems.enquiryId, enquiryId))
    .orderBy(asc(enquiryItems.id));
  const priced = priceQuotation(items, draft, basisPoints);
  for (let attempt = 1; ; attempt++) {
    try {
      const sent = await issue(actor, enquiryId, draft, priced, basisPoints, after);
      if (sent.emailedTo) deliverSoon();
      return sent;
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error, 'quotations_enquiry_sequence_idx')) continue;
      throw error;
    }
  }
}

async function issue(
  actor: Actor,
  enquiryId: number,
  draft: QuotationDraft,
  priced: ReturnType<typeof priceQuotation>,
  basisPoints: number,
  after: number | undefined,
) {
  return db().transaction(async (tx) => {
    const enquiry = await lockEnquiry(tx, enquiryId);
    const [last] = await tx
      .select({ n: max(quotations.sequence) })
      .from(quotations)
      .where(eq(quotations.enquiryId, enquiryId));
    const latest = last?.n ?? 0;
    if (after !== undefined && latest > after)
      throw new QuotationSentMeanwhile(`Q-${enquiry.reference}-${latest}`, latest);
    const sequence = latest + 1;
    const number = `Q-${enquiry.reference}-${sequence}`;
    const now = new Date();
    const validUntil = new Date(now.getTime() + draft.validityDays * 86_400_000);
    const site = siteInfo();
    // The buyer's key to answer this revision without signing in: only its hash is kept.
    const link = newAccessToken();
    const pdf = await renderQuotationPdf({
      company: site,
      number,
      reference: enquiry.reference,
      date: singaporeDate(now),
      validUntil: singaporeDate(validUntil),
      validityDays: draft.validityDays,
      customer: {
        name: enquiry.contactName,
        organisation: enquiry.organisation,
        email: enquiry.replyTo,
        phone: enquiry.contactPhone,
        poReference: enquiry.poReference,
      },
      lines: priced.lines,
      subtotalCents: priced.subtotalCents,
      gstRateBasisPoints: basisPoints,
      gstCents: priced.gstCents,
      totalCents: priced.totalCents,
      terms: draft.terms,
      preparedBy: actor.name,
    });
    const [quotation] = await tx
      .insert(quotations)
      .values({
        enquiryId,
        sequence,
        number,
        validityDays: draft.validityDays,
        terms: draft.terms,
        gstRateBasisPoints: basisPoints,
        subtotalCents: priced.subtotalCents,
        gstCents: priced.gstCents,
        totalCents: priced.totalCents,
        pdf,
        pdfSha256: createHash('sha256').update(pdf).digest('hex'),
        actionTokenHash: link.hash,
        validUntil,
        actorId: actor.id,
        actorName: actor.name,
        createdAt: now,
      })
      .returning({ id: quotations.id });
    await tx
      .insert(quotationLines)
      .values(priced.lines.map((l, position) => ({ quotationId: quotation!.id, position, ...l })));
    await tx.insert(enquiryEvents).values({
      enquiryId,
      kind: 'quotation',
      actorId: actor.id,
      actorName: actor.name,
      quotationId: quotation!.id,
      fromStatus: enquiry.status,
      toStatus: 'quoted',
    });
    if (enquiry.status !== 'quoted')
      await tx.update(enquiries).set({ status: 'quoted' }).where(eq(enquiries.id, enquiryId));
    if (enquiry.replyTo) {
      await queueMail(tx, [
        quotationMail({
          to: enquiry.replyTo,
          customerName: enquiry.contactName,
          reference: enquiry.reference,
          number,
          total: formatCents(priced.totalCents),
          validUntil: singaporeDate(validUntil),
          staffName: actor.name,
          pdf,
          orderUrl: enquiry.userId ? orderUrl(enquiry.id) : undefined,
          answerUrl: `${env().publicUrl}/quotations/${link.token}`,
        }),
      ]);
    }
    return { id: quotation!.id, number, emailedTo: enquiry.replyTo };
  });
}

/** The file name a quotation is served under: its number and `.pdf`. */
export const quotationFileName = (number: string) => `${number}.pdf`;

/**
 * A quotation's PDF by its file name, for staff (any enquiry) or for the signed-in customer who
 * owns the enquiry (`ownerId`). Anyone else gets null, exactly as for a missing file.
 */
export async function getQuotationPdf(
  enquiryId: number,
  fileName: string,
  ownerId?: string,
): Promise<{ number: string; pdf: Buffer } | null> {
  const number = fileName.replace(/\.pdf$/i, '');
  const [row] = await db()
    .select({ number: quotations.number, pdf: quotations.pdf })
    .from(quotations)
    .innerJoin(enquiries, eq(enquiries.id, quotations.enquiryId))
    .where(
      and(
        eq(quotations.enquiryId, enquiryId),
        eq(quotations.number, number),
        ownerId === undefined ? undefined : eq(enquiries.userId, ownerId),
      ),
    );
  return row ?? null;
}

/** A quotation's stored lines (for the staff page's summary of what was sent). */
export async function quotationLinesOf(quotationId: number): Promise<QuotationLine[]> {
  return db()
    .select({
      kind: quotationLines.kind,
      description: quotationLines.description,
      note: quotationLines.note,
      quantity: quotationLines.quantity,
      unitPriceCents: quotationLines.unitPriceCents,
      lineTotalCents: quotationLines.lineTotalCents,
    })
    .from(quotationLines)
    .where(eq(quotationLines.quotationId, quotationId))
    .orderBy(asc(quotationLines.position));
}

/** A quotation's terms as sent (a revision starts from them). */
export async function quotationTerms(quotationId: number): Promise<string | null> {
  const [row] = await db()
    .select({ terms: quotations.terms })
    .from(quotations)
    .where(eq(quotations.id, quotationId));
  return row?.terms ?? null;
}
