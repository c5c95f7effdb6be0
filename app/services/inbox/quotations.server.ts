import { createHash } from 'node:crypto';
import { recordEnquiryEvent } from './events.server';
import { and, asc, desc, eq, inArray, max } from 'drizzle-orm';
import { GUEST_NAME } from '~/lib/constants';
import {
  centsToInput,
  discountToInput,
  priceLines,
  pricingProblems,
  type Discount,
  type DiscountKind,
  type Pricing,
} from '~/lib/money';
import {
  inputLines,
  isQuotationField,
  MAX_EXTRA_LINES,
  type QuotationInput,
} from '~/lib/schemas/inbox';
import { db } from '../db/client.server';
import { enquiries, enquiryItems, quotationDrafts, quotationLines, quotations } from '../db/schema';
import { newAccessToken } from '../enquiries/access-token.server';
import { env } from '../env.server';
import { UserError } from '../errors.server';
import { deliverSoon, queueMail } from '../mail/queue.server';
import { siteInfo } from '../site.server';
import { lockEnquiry } from './enquiries.server';
import { orderUrl, quotationActionUrl, quotationMail } from './mails.server';
import { renderQuotationPdf, type QuotationDocument } from './pdf.server';
import { violatesConstraint } from '../db/errors.server';
import { singaporeDate, type Actor } from './shared.server';

/** A line as stored and printed. */
export interface QuotationLine {
  kind: 'item' | 'extra';
  /** The catalogue product of an enquired item (null for a free line, or a deleted product). */
  productId: number | null;
  description: string;
  note: string | null;
  quantity: number;
  unitPriceCents: number;
  discountKind: DiscountKind | null;
  discountValue: number | null;
  discountCents: number;
  lineTotalCents: number;
}

/** An enquired item as pricing needs it. */
export interface EnquiredItem {
  id: number;
  productId: number | null;
  name: string;
}

/**
 * The company's GST registration as configured now: its number (SITE_GST_REG_NO) and the rate
 * (GST_RATE), or no number and a rate of 0 when it is not registered, in which case a quotation
 * adds no GST and says why.
 */
export interface GstSetting {
  regNo: string | null;
  basisPoints: number;
}

export function gstSetting(): GstSetting {
  const regNo = siteInfo().gstRegNo;
  return { regNo, basisPoints: regNo ? env().gstRateBasisPoints : 0 };
}

/**
 * Prices a quotation's input against the enquiry's items: each enquired item keeps its name and
 * product from the enquiry (the quantity is staff's), free lines follow in their order, and the
 * amounts come from `priceLines` (integer cents, percentages half-up per line, GST once on the
 * amount after the discounts). Refuses an input that does not price exactly the enquiry's items
 * (409: the page is out of date) and the amounts `pricingProblems` names (400, on the field).
 */
export function priceQuotation(
  items: readonly EnquiredItem[],
  input: QuotationInput,
  basisPoints: number,
): { lines: QuotationLine[]; pricing: Pricing } {
  const priced = new Map(input.items.map((i) => [i.itemId, i]));
  if (priced.size !== items.length || items.some((i) => !priced.has(i.id)))
    throw new UserError('This enquiry changed while you were pricing it. Please reload.', 409);
  const ordered = { ...input, items: items.map((item) => priced.get(item.id)!) };
  const pricingInput = inputLines(ordered);
  const [problem] = pricingProblems(pricingInput, input.discount, basisPoints);
  if (problem) throw new UserError(problem.message, 400);
  const pricing = priceLines(pricingInput, input.discount, basisPoints);
  const line = (
    kind: QuotationLine['kind'],
    productId: number | null,
    description: string,
    l: QuotationInput['extras'][number] | QuotationInput['items'][number],
    i: number,
  ): QuotationLine => ({
    kind,
    productId,
    description,
    note: l.note,
    quantity: l.quantity,
    unitPriceCents: l.unitPriceCents,
    discountKind: l.discount?.kind ?? null,
    discountValue: l.discount?.value ?? null,
    discountCents: pricing.lines[i]!.discountCents,
    lineTotalCents: pricing.lines[i]!.totalCents,
  });
  return {
    lines: [
      ...items.map((item, i) => line('item', item.productId, item.name, ordered.items[i]!, i)),
      ...input.extras.map((e, n) => line('extra', null, e.description, e, items.length + n)),
    ],
    pricing,
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

/** Free-line rows a new quotation starts with: enough for delivery and installation without JavaScript. */
export const START_EXTRAS = 3;
export const DEFAULT_TERMS =
  'Prices in Singapore dollars. Delivery within 4–6 weeks of a confirmed order. Payment within 30 days of invoice.';

/** Where the editor's fields start from, and what that was. */
export interface QuotationStart {
  fields: Record<string, string>;
  from: 'draft' | 'revision' | 'enquiry';
  /** Who saved the draft the fields come from, and when. */
  draft: { actorName: string; updatedAt: Date } | null;
}

/**
 * The quotation editor's starting fields for an enquiry: the saved draft if there is one (as it
 * was typed), else the latest revision (a revision starts from what was sent: lines, discounts,
 * attention, references, validity and terms), else the enquiry (its contact, organisation,
 * address and PO reference, each item's quantity). Null when there is no such enquiry.
 */
export async function quotationStart(enquiryId: number): Promise<QuotationStart | null> {
  const [enquiry] = await db()
    .select({
      contactName: enquiries.contactName,
      organisation: enquiries.organisation,
      address: enquiries.address,
      poReference: enquiries.poReference,
    })
    .from(enquiries)
    .where(eq(enquiries.id, enquiryId));
  if (!enquiry) return null;
  const items = await enquiredItems(enquiryId);

  const [draft] = await db()
    .select({
      fields: quotationDrafts.fields,
      actorName: quotationDrafts.actorName,
      updatedAt: quotationDrafts.updatedAt,
    })
    .from(quotationDrafts)
    .where(eq(quotationDrafts.enquiryId, enquiryId));
  if (draft)
    return {
      fields: draftFields(draft.fields, items),
      from: 'draft',
      draft: { actorName: draft.actorName, updatedAt: draft.updatedAt },
    };

  const [latest] = await db()
    .select({
      id: quotations.id,
      validityDays: quotations.validityDays,
      terms: quotations.terms,
      attentionName: quotations.attentionName,
      attentionOrganisation: quotations.attentionOrganisation,
      attentionAddress: quotations.attentionAddress,
      buyerReference: quotations.buyerReference,
      gebizReference: quotations.gebizReference,
      promoCode: quotations.promoCode,
      discountKind: quotations.discountKind,
      discountValue: quotations.discountValue,
    })
    .from(quotations)
    .where(eq(quotations.enquiryId, enquiryId))
    .orderBy(desc(quotations.sequence))
    .limit(1);

  const fields: Record<string, string> = {
    attentionName: enquiry.contactName === GUEST_NAME ? '' : enquiry.contactName,
    attentionOrganisation: enquiry.organisation ?? '',
    attentionAddress: enquiry.address ?? '',
    buyerReference: enquiry.poReference ?? '',
    gebizReference: '',
    validityDays: '30',
    terms: DEFAULT_TERMS,
    extras: String(START_EXTRAS),
  };
  for (const item of items) fields[`quantity-${item.id}`] = String(item.quantity);
  if (!latest) return { fields, from: 'enquiry', draft: null };

  Object.assign(fields, {
    // Quotations sent before Attention to was kept start from the enquiry's contact; a later
    // one is addressed as it was (an organisation alone stays alone, not named twice).
    ...(latest.attentionName === null
      ? {}
      : {
          attentionName: latest.attentionName,
          attentionOrganisation: latest.attentionOrganisation ?? '',
          attentionAddress: latest.attentionAddress ?? '',
        }),
    buyerReference: latest.buyerReference ?? fields.buyerReference,
    gebizReference: latest.gebizReference ?? '',
    validityDays: String(latest.validityDays),
    terms: latest.terms,
  });
  if (latest.promoCode) fields.promoApplied = 'on';
  setDiscount(fields, '', discountOf(latest.discountKind, latest.discountValue));
  const lines = await quotationLinesOf(latest.id);
  const itemLines = lines.filter((l) => l.kind === 'item');
  const extraLines = lines.filter((l) => l.kind === 'extra');
  // Enquired items are stored first, in the enquiry's order; a line that no longer matches its
  // item (by product, or by name once the product is gone) is left for staff to price again.
  items.forEach((item, i) => {
    const line = itemLines[i];
    if (!line) return;
    const same = line.productId
      ? line.productId === item.productId
      : line.description === item.name;
    if (!same) return;
    fields[`quantity-${item.id}`] = String(line.quantity);
    fields[`price-${item.id}`] = centsToInput(line.unitPriceCents);
    if (line.note) fields[`note-${item.id}`] = line.note;
    setDiscount(fields, `-${item.id}`, discountOf(line.discountKind, line.discountValue));
  });
  extraLines.slice(0, MAX_EXTRA_LINES).forEach((line, n) => {
    fields[`extra-${n}-description`] = line.description;
    fields[`extra-${n}-quantity`] = String(line.quantity);
    fields[`extra-${n}-price`] = centsToInput(line.unitPriceCents);
    if (line.note) fields[`extra-${n}-note`] = line.note;
    setDiscount(fields, `extra-${n}-`, discountOf(line.discountKind, line.discountValue), true);
  });
  fields.extras = String(Math.min(MAX_EXTRA_LINES, Math.max(START_EXTRAS, extraLines.length + 1)));
  return { fields, from: 'revision', draft: null };
}

const discountOf = (kind: DiscountKind | null, value: number | null): Discount | null =>
  kind && value !== null ? { kind, value } : null;

/** Puts a discount into the form's fields: `discount<suffix>` or `<prefix>discount` for a free line. */
function setDiscount(
  fields: Record<string, string>,
  affix: string,
  discount: Discount | null,
  prefix = false,
) {
  if (!discount) return;
  const name = (field: string) => (prefix ? `${affix}${field}` : `${field}${affix}`);
  fields[name('discount')] = discountToInput(discount);
  fields[name('discountKind')] = discount.kind;
}

/** An enquiry's items in their order, with their product while it exists. */
async function enquiredItems(enquiryId: number) {
  return db()
    .select({
      id: enquiryItems.id,
      productId: enquiryItems.productId,
      name: enquiryItems.productName,
      quantity: enquiryItems.quantity,
    })
    .from(enquiryItems)
    .where(eq(enquiryItems.enquiryId, enquiryId))
    .orderBy(asc(enquiryItems.id));
}

/** A draft's fields as the editor takes them: the form's own names, for this enquiry's items. */
function draftFields(
  fields: Record<string, unknown>,
  items: readonly { id: number }[],
): Record<string, string> {
  const ids = new Set(items.map((i) => String(i.id)));
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value !== 'string' || !isQuotationField(name)) continue;
    const item = /-(\d+)$/.exec(name)?.[1];
    if (item && !name.startsWith('extra-') && !ids.has(item)) continue;
    out[name] = value.slice(0, 4000);
  }
  return out;
}

/**
 * Saves what staff typed in the editor as the enquiry's draft (one per enquiry, replaced by the
 * next save): kept as typed, checked or not, and no quotation number is used. Only the editor's
 * own fields are kept, each at most 4,000 characters.
 */
export async function saveQuotationDraft(
  actor: Actor,
  enquiryId: number,
  typed: Record<string, string>,
): Promise<void> {
  await db().transaction(async (tx) => {
    await lockEnquiry(tx, enquiryId);
    const items = await tx
      .select({ id: enquiryItems.id })
      .from(enquiryItems)
      .where(eq(enquiryItems.enquiryId, enquiryId));
    const fields = draftFields(typed, items);
    await tx
      .insert(quotationDrafts)
      .values({ enquiryId, fields, actorId: actor.id, actorName: actor.name })
      .onConflictDoUpdate({
        target: quotationDrafts.enquiryId,
        set: { fields, actorId: actor.id, actorName: actor.name, updatedAt: new Date() },
      });
  });
}

/** Throws the enquiry's draft away: the editor starts again from the latest revision. */
export async function discardQuotationDraft(enquiryId: number): Promise<void> {
  await db().delete(quotationDrafts).where(eq(quotationDrafts.enquiryId, enquiryId));
}

/**
 * The last moment a quotation sent at `now` and valid for `days` days can be accepted: the end of
 * that day in Singapore (a quotation valid for 30 days from 2 March is valid all of 1 April).
 */
export function validUntilOf(now: Date, days: number): Date {
  const local = new Date(now.getTime() + 8 * 3600_000);
  const nextDay = Date.UTC(
    local.getUTCFullYear(),
    local.getUTCMonth(),
    local.getUTCDate() + days + 1,
  );
  return new Date(nextDay - 8 * 3600_000 - 1);
}

/** What the PDF needs besides the input and the prices. */
interface DocumentContext {
  reference: string;
  sequence: number;
  now: Date;
  contact: { email: string | null; phone: string | null };
  promoCode: string | null;
  gstRegNo: string | null;
  basisPoints: number;
  preparedBy: string;
  draft?: boolean;
}

function quotationDocument(
  input: QuotationInput,
  priced: ReturnType<typeof priceQuotation>,
  c: DocumentContext,
): QuotationDocument {
  const { pricing } = priced;
  const site = siteInfo();
  return {
    company: { ...site, gstRegNo: c.gstRegNo },
    number: `Q-${c.reference}-${c.sequence}`,
    revision: c.sequence,
    replaces: c.sequence > 1 ? `Q-${c.reference}-${c.sequence - 1}` : null,
    reference: c.reference,
    date: singaporeDate(c.now),
    validUntil: singaporeDate(validUntilOf(c.now, input.validityDays)),
    validityDays: input.validityDays,
    attention: input.attention,
    contact: c.contact,
    buyerReference: input.buyerReference,
    gebizReference: input.gebizReference,
    promoCode: input.promoApplied ? c.promoCode : null,
    lines: priced.lines.map((l) => ({
      ...l,
      discount: discountOf(l.discountKind, l.discountValue),
    })),
    subtotalCents: pricing.subtotalCents,
    discount: input.discount,
    discountCents: pricing.discountCents,
    netCents: pricing.netCents,
    gstRateBasisPoints: c.basisPoints,
    gstCents: pricing.gstCents,
    totalCents: pricing.totalCents,
    terms: input.terms,
    preparedBy: c.preparedBy,
    draft: c.draft,
  };
}

/**
 * A preview of the quotation the input would send: the same PDF, marked DRAFT on every page, under
 * the number the next send would take. Nothing is stored and no number is used.
 */
export async function previewQuotation(
  actor: Actor,
  enquiryId: number,
  input: QuotationInput,
  gst: GstSetting = gstSetting(),
): Promise<{ fileName: string; pdf: Buffer }> {
  const [enquiry] = await db()
    .select({
      reference: enquiries.reference,
      contactEmail: enquiries.contactEmail,
      contactPhone: enquiries.contactPhone,
      promoCode: enquiries.promoCode,
    })
    .from(enquiries)
    .where(eq(enquiries.id, enquiryId));
  if (!enquiry) throw new UserError('This enquiry no longer exists.', 404);
  const priced = priceQuotation(await enquiredItems(enquiryId), input, gst.basisPoints);
  const [last] = await db()
    .select({ n: max(quotations.sequence) })
    .from(quotations)
    .where(eq(quotations.enquiryId, enquiryId));
  const sequence = (last?.n ?? 0) + 1;
  const pdf = await renderQuotationPdf(
    quotationDocument(input, priced, {
      reference: enquiry.reference,
      sequence,
      now: new Date(),
      contact: { email: enquiry.contactEmail, phone: enquiry.contactPhone },
      promoCode: enquiry.promoCode,
      gstRegNo: gst.regNo,
      basisPoints: gst.basisPoints,
      preparedBy: actor.name,
      draft: true,
    }),
  );
  return { fileName: `Q-${enquiry.reference}-${sequence}-draft.pdf`, pdf };
}

/**
 * Issues a quotation: numbers it Q-<reference>-<n> (the next n for this enquiry, its revision),
 * renders and stores the PDF with its SHA-256 and its lines, marks the earlier revisions still
 * open (sent, or with changes asked for) superseded, e-mails the PDF to the customer with a link
 * to accept, decline or ask for changes online (a new random token; only its hash is stored),
 * moves the enquiry to Quoted, records it in the timeline and deletes the draft, all in one
 * transaction. The enquiry row is locked `FOR UPDATE` while the number is chosen, so concurrent
 * sends get 1, 2, 3 …; the unique index on (enquiry, sequence) is the backstop, and a send that
 * still collides is retried. A guest without an e-mail address gets no mail (and no link): staff
 * download the PDF and send it themselves.
 */
export async function sendQuotation(
  actor: Actor,
  enquiryId: number,
  input: QuotationInput,
  /** The sequence of the latest quotation the sender saw (0: none); another one since refuses. */
  after?: number,
  /** The company's GST registration (as configured, unless a test says otherwise). */
  gst: GstSetting = gstSetting(),
): Promise<{ id: number; number: string; emailedTo: string | null }> {
  const priced = priceQuotation(await enquiredItems(enquiryId), input, gst.basisPoints);
  for (let attempt = 1; ; attempt++) {
    try {
      const sent = await issue(actor, enquiryId, input, priced, gst, after);
      if (sent.emailedTo) deliverSoon();
      return sent;
    } catch (error) {
      if (attempt < 3 && violatesConstraint(error, 'unique', 'quotations_enquiry_sequence_idx'))
        continue;
      throw error;
    }
  }
}

async function issue(
  actor: Actor,
  enquiryId: number,
  input: QuotationInput,
  priced: ReturnType<typeof priceQuotation>,
  gst: GstSetting,
  after: number | undefined,
) {
  return db().transaction(async (tx) => {
    const enquiry = await lockEnquiry(tx, enquiryId);
    const [{ promoCode } = { promoCode: null }] = await tx
      .select({ promoCode: enquiries.promoCode })
      .from(enquiries)
      .where(eq(enquiries.id, enquiryId));
    const [last] = await tx
      .select({ n: max(quotations.sequence) })
      .from(quotations)
      .where(eq(quotations.enquiryId, enquiryId));
    const latest = last?.n ?? 0;
    if (after !== undefined && latest > after)
      throw new QuotationSentMeanwhile(`Q-${enquiry.reference}-${latest}`, latest);
    const sequence = latest + 1;
    const now = new Date();
    const document = quotationDocument(input, priced, {
      reference: enquiry.reference,
      sequence,
      now,
      contact: { email: enquiry.replyTo, phone: enquiry.contactPhone },
      promoCode,
      gstRegNo: gst.regNo,
      basisPoints: gst.basisPoints,
      preparedBy: actor.name,
    });
    const pdf = await renderQuotationPdf(document);
    const token = enquiry.replyTo ? newAccessToken() : null;
    const { pricing } = priced;

    // A new revision replaces the ones the buyer could still act on.
    await tx
      .update(quotations)
      .set({ status: 'superseded', updatedAt: now })
      .where(
        and(
          eq(quotations.enquiryId, enquiryId),
          inArray(quotations.status, ['sent', 'changes_requested']),
        ),
      );
    const [quotation] = await tx
      .insert(quotations)
      .values({
        enquiryId,
        sequence,
        number: document.number,
        status: 'sent',
        validityDays: input.validityDays,
        validUntil: validUntilOf(now, input.validityDays),
        terms: input.terms,
        attentionName: input.attention.name,
        attentionOrganisation: input.attention.organisation,
        attentionAddress: input.attention.address,
        buyerReference: input.buyerReference,
        gebizReference: input.gebizReference,
        promoCode: document.promoCode,
        gstRegNo: gst.regNo,
        gstRateBasisPoints: gst.basisPoints,
        subtotalCents: pricing.subtotalCents,
        discountKind: input.discount?.kind ?? null,
        discountValue: input.discount?.value ?? null,
        discountCents: pricing.discountCents,
        gstCents: pricing.gstCents,
        totalCents: pricing.totalCents,
        pdf,
        pdfSha256: createHash('sha256').update(pdf).digest('hex'),
        actionTokenHash: token?.hash ?? null,
        actorId: actor.id,
        actorName: actor.name,
        createdAt: now,
      })
      .returning({ id: quotations.id });
    await tx
      .insert(quotationLines)
      .values(priced.lines.map((l, position) => ({ quotationId: quotation!.id, position, ...l })));
    await recordEnquiryEvent(tx, {
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
    await tx.delete(quotationDrafts).where(eq(quotationDrafts.enquiryId, enquiryId));
    if (enquiry.replyTo && token) {
      await queueMail(tx, [
        quotationMail({
          to: enquiry.replyTo,
          customerName: enquiry.contactName,
          reference: enquiry.reference,
          number: document.number,
          replaces: document.replaces,
          totalCents: pricing.totalCents,
          gstRegistered: gst.regNo !== null,
          validUntil: document.validUntil,
          staffName: actor.name,
          pdf,
          actionUrl: quotationActionUrl(token.token),
          orderUrl: enquiry.userId ? orderUrl(enquiry.id) : undefined,
        }),
      ]);
    }
    return { id: quotation!.id, number: document.number, emailedTo: enquiry.replyTo };
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
  // An anonymised enquiry's quotation that never became a sale has no PDF any more.
  return row?.pdf.length ? row : null;
}

/** A quotation's stored lines, in their printed order. */
export async function quotationLinesOf(quotationId: number): Promise<QuotationLine[]> {
  return db()
    .select({
      kind: quotationLines.kind,
      productId: quotationLines.productId,
      description: quotationLines.description,
      note: quotationLines.note,
      quantity: quotationLines.quantity,
      unitPriceCents: quotationLines.unitPriceCents,
      discountKind: quotationLines.discountKind,
      discountValue: quotationLines.discountValue,
      discountCents: quotationLines.discountCents,
      lineTotalCents: quotationLines.lineTotalCents,
    })
    .from(quotationLines)
    .where(eq(quotationLines.quotationId, quotationId))
    .orderBy(asc(quotationLines.position));
}
