import * as z from 'zod/mini';
import {
  parseBasisPoints,
  parseCents,
  pricingProblems,
  type Discount,
  type PricingLine,
} from '~/lib/money';
import { charactersOrFewer } from './limits';

/** The statuses an enquiry moves through, in order, with the labels staff see. */
export const ENQUIRY_STATUSES = ['new', 'in_progress', 'quoted', 'closed'] as const;
export type InboxStatus = (typeof ENQUIRY_STATUSES)[number];
export const STATUS_LABELS: Record<InboxStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  quoted: 'Quoted',
  closed: 'Closed',
};

export const INBOX_MESSAGES = {
  body: 'Please write something first.',
  price: 'Enter a price in dollars, such as 1250 or 12.50.',
  description: 'Describe this line (e.g. Delivery).',
  quantity: 'Enter a whole number from 1 to 9999.',
  validity: 'Enter a number of days from 1 to 365.',
  attention: 'Enter the person or the organisation this quotation is for.',
  discountPercent: 'Enter a percentage from 0 to 100, such as 10 or 12.5.',
  discountAmount: 'Enter a discount in dollars, such as 50 or 12.50.',
} as const;

const tooLong = (max: number) => `Keep it to ${charactersOrFewer(max)}.`;

const body = (max: number) =>
  z.string().check(z.trim(), z.minLength(1, INBOX_MESSAGES.body), z.maxLength(max, tooLong(max)));

/** Staff move an enquiry to another status. */
/** `from`: the status the page showed when the change was chosen (a stale page is refused). */
export const EnquiryStatusSchema = z.object({
  status: z.enum(ENQUIRY_STATUSES),
  from: z.optional(z.enum(ENQUIRY_STATUSES)),
});

/** A private staff note (never shown to the customer). */
export const EnquiryNoteSchema = z.object({ body: body(5000) });

/** A reply e-mailed to the customer (enquiry or contact message). */
export const ReplySchema = z.object({ body: body(10_000) });

/** Marking a contact message handled or open again. */
export const MessageHandledSchema = z.object({ handled: z.enum(['true', 'false']) });

const price = z.string().check(
  z.trim(),
  z.refine((v) => parseCents(v) !== null, INBOX_MESSAGES.price),
);
const optionalText = (max: number) =>
  z.optional(z.string().check(z.trim(), z.maxLength(max, tooLong(max))));
const wholeNumber = (min: number, max: number, message: string) =>
  z.string().check(
    z.trim(),
    z.refine((v) => /^\d{1,6}$/.test(v) && Number(v) >= min && Number(v) <= max, message),
  );
const quantity = wholeNumber(1, 9999, INBOX_MESSAGES.quantity);
const discountKind = z.optional(z.enum(['percent', 'amount']));

/** How many free lines (delivery, installation …) a quotation can have. */
export const MAX_EXTRA_LINES = 10;

/** A discount field's value in basis points or cents, or null when it is not one. */
function discountValue(typed: string, kind: string | undefined): number | null {
  return kind === 'amount' ? parseCents(typed) : parseBasisPoints(typed.replace(/\s*%$/, ''));
}

/**
 * A discount as typed: a percentage with up to two decimals ('10', '12.5', '7.25%') or, when
 * `kind` is 'amount', dollars. Blank, zero and anything unreadable are no discount (the schema
 * refuses the unreadable with a message first).
 */
export function parseDiscount(text: string | undefined, kind: string | undefined): Discount | null {
  const typed = (text ?? '').trim();
  const value = typed ? discountValue(typed, kind) : null;
  return value ? { kind: kind === 'amount' ? 'amount' : 'percent', value } : null;
}

/** The message for a discount field that holds something other than a discount, or null. */
function badDiscount(text: string | undefined, kind: string | undefined): string | null {
  const typed = (text ?? '').trim();
  if (!typed || discountValue(typed, kind) !== null) return null;
  return kind === 'amount' ? INBOX_MESSAGES.discountAmount : INBOX_MESSAGES.discountPercent;
}

/**
 * The names of a quotation form's fields, for one enquiry's items and `extras` free lines:
 * `quantity-`, `price-`, `note-`, `discount-`, `discountKind-<itemId>` for each enquired item,
 * `extra-<n>-description`, `-quantity`, `-price`, `-note`, `-discount`, `-discountKind` for
 * each free line, and the quotation's own fields.
 */
export const QUOTATION_FIELDS = [
  'attentionName',
  'attentionOrganisation',
  'attentionAddress',
  'buyerReference',
  'gebizReference',
  'validityDays',
  'terms',
  'discount',
  'discountKind',
  'promoApplied',
  'extras',
] as const;
const LINE_FIELD = /^(quantity|price|note|discount|discountKind)-\d{1,9}$/;
const EXTRA_FIELD = /^extra-\d-(description|quantity|price|note|discount|discountKind)$/;

/**
 * Whether a posted name is one of the quotation form's fields: a saved draft keeps those, as
 * typed, and nothing else.
 */
export function isQuotationField(name: string): boolean {
  return (
    (QUOTATION_FIELDS as readonly string[]).includes(name) ||
    LINE_FIELD.test(name) ||
    EXTRA_FIELD.test(name)
  );
}

/** A free line's fields as typed. */
function extraFields(v: Record<string, string | undefined>, n: number) {
  const f = (name: string) => v[`extra-${n}-${name}`]?.trim() ?? '';
  return {
    description: f('description'),
    quantity: f('quantity') || '1',
    price: f('price'),
    note: f('note'),
    discount: f('discount'),
    discountKind: f('discountKind'),
  };
}

/** A free line counts when anything but its quantity (1 when blank) is typed in it. */
const isBlankExtra = (e: ReturnType<typeof extraFields>) =>
  !e.description && !e.price && !e.note && !e.discount;

/**
 * The quotation form for one enquiry: for each enquired item a quantity, unit price, optional
 * note and optional discount; `extras` free lines (a row left blank is ignored); a discount on the
 * whole quotation; Attention to, the buyer's and GeBIZ references, validity and terms; whether
 * the enquiry's promo code is applied. Built per enquiry so that each field has its own message,
 * in the browser and on the server alike, and priced with the server's own arithmetic (a
 * discount over what it discounts, a total over what can be stored, are field messages too).
 */
export function quotationFormSchema(
  itemIds: readonly number[],
  extras: number,
  /** GST in basis points (0 when not GST-registered): the total that must fit includes it. */
  gstBasisPoints: number,
) {
  const count = Math.min(extras, MAX_EXTRA_LINES);
  const shape: Record<string, z.ZodMiniType<unknown>> = {
    attentionName: optionalText(200),
    attentionOrganisation: optionalText(200),
    attentionAddress: optionalText(500),
    buyerReference: optionalText(100),
    gebizReference: optionalText(100),
    validityDays: wholeNumber(1, 365, INBOX_MESSAGES.validity),
    terms: optionalText(4000),
    discount: z.optional(z.string()),
    discountKind,
    promoApplied: z.optional(z.string()),
  };
  for (const id of itemIds) {
    shape[`quantity-${id}`] = quantity;
    shape[`price-${id}`] = price;
    shape[`note-${id}`] = optionalText(500);
    shape[`discount-${id}`] = z.optional(z.string());
    shape[`discountKind-${id}`] = discountKind;
  }
  for (let n = 0; n < count; n++) {
    shape[`extra-${n}-description`] = optionalText(200);
    shape[`extra-${n}-quantity`] = z.optional(z.string());
    shape[`extra-${n}-price`] = z.optional(z.string());
    shape[`extra-${n}-note`] = optionalText(500);
    shape[`extra-${n}-discount`] = z.optional(z.string());
    shape[`extra-${n}-discountKind`] = discountKind;
  }
  return z.object(shape).check(
    z.superRefine((values, ctx) => {
      const v = values as Record<string, string | undefined>;
      const issue = (path: string, message: string) =>
        ctx.issues.push({ code: 'custom', input: v[path], path: [path], message });
      // A guest may have left no name: the quotation can be addressed to their organisation.
      if (!v.attentionName?.trim() && !v.attentionOrganisation?.trim())
        issue('attentionName', INBOX_MESSAGES.attention);
      // Every line with the names of its price and discount fields, which its problems go to.
      const lines: PricingLine[] = [];
      const names: { price: string; discount: string }[] = [];
      let readable = true;
      for (const id of itemIds) {
        const bad = badDiscount(v[`discount-${id}`], v[`discountKind-${id}`]);
        if (bad) issue(`discount-${id}`, bad);
        const unit = parseCents(v[`price-${id}`] ?? '');
        const qty = Number(v[`quantity-${id}`]);
        if (bad || unit === null || !(qty >= 1 && qty <= 9999)) readable = false;
        lines.push({
          quantity: qty,
          unitPriceCents: unit ?? 0,
          discount: parseDiscount(v[`discount-${id}`], v[`discountKind-${id}`]),
        });
        names.push({ price: `price-${id}`, discount: `discount-${id}` });
      }
      for (let n = 0; n < count; n++) {
        const e = extraFields(v, n);
        if (isBlankExtra(e)) continue;
        const at = (f: string) => `extra-${n}-${f}`;
        if (!e.description) issue(at('description'), INBOX_MESSAGES.description);
        const qty = Number(e.quantity);
        const okQty = /^\d{1,4}$/.test(e.quantity) && qty >= 1;
        if (!okQty) issue(at('quantity'), INBOX_MESSAGES.quantity);
        const unit = parseCents(e.price);
        if (unit === null) issue(at('price'), INBOX_MESSAGES.price);
        const bad = badDiscount(e.discount, e.discountKind);
        if (bad) issue(at('discount'), bad);
        if (!okQty || unit === null || bad) readable = false;
        lines.push({
          quantity: qty,
          unitPriceCents: unit ?? 0,
          discount: parseDiscount(e.discount, e.discountKind),
        });
        names.push({ price: at('price'), discount: at('discount') });
      }
      const badWhole = badDiscount(v.discount, v.discountKind);
      if (badWhole) issue('discount', badWhole);
      if (!readable || badWhole) return;
      const whole = parseDiscount(v.discount, v.discountKind);
      for (const p of pricingProblems(lines, whole, gstBasisPoints)) {
        const field =
          p.line === null
            ? p.field === 'discount'
              ? 'discount'
              : 'form'
            : names[p.line]![p.field === 'discount' ? 'discount' : 'price'];
        issue(field, p.message);
      }
    }),
  );
}

/** A free line or an enquired item's line, as the form means it (cents, basis points). */
export interface QuotationLineInput {
  quantity: number;
  unitPriceCents: number;
  note: string | null;
  discount: Discount | null;
}

/** What the quotation form means: read from values the schema accepted. */
export interface QuotationInput {
  attention: { name: string; organisation: string | null; address: string | null };
  buyerReference: string | null;
  gebizReference: string | null;
  validityDays: number;
  terms: string;
  /** The enquiry's promo code is applied (and printed on the quotation). */
  promoApplied: boolean;
  items: (QuotationLineInput & { itemId: number })[];
  extras: (QuotationLineInput & { description: string })[];
  discount: Discount | null;
}

/** Turns the form's accepted values into an input (the same reading in the browser and server). */
export function readQuotationInput(
  values: Record<string, unknown>,
  itemIds: readonly number[],
  extras: number,
): QuotationInput {
  const text = (name: string) => String(values[name] ?? '').trim();
  const out: QuotationInput = {
    // Addressed to an organisation alone, the organisation is the name it is addressed to.
    attention: {
      name: text('attentionName') || text('attentionOrganisation'),
      organisation: text('attentionName') ? text('attentionOrganisation') || null : null,
      address: text('attentionAddress') || null,
    },
    buyerReference: text('buyerReference') || null,
    gebizReference: text('gebizReference') || null,
    validityDays: Number(text('validityDays')) || 30,
    terms: text('terms'),
    promoApplied: Boolean(text('promoApplied')),
    items: itemIds.map((itemId) => ({
      itemId,
      quantity: Number(text(`quantity-${itemId}`)) || 1,
      unitPriceCents: parseCents(text(`price-${itemId}`)) ?? 0,
      note: text(`note-${itemId}`) || null,
      discount: parseDiscount(text(`discount-${itemId}`), text(`discountKind-${itemId}`)),
    })),
    extras: [],
    discount: parseDiscount(text('discount'), text('discountKind')),
  };
  for (let n = 0; n < Math.min(extras, MAX_EXTRA_LINES); n++) {
    const e = extraFields(values as Record<string, string | undefined>, n);
    if (isBlankExtra(e)) continue;
    out.extras.push({
      description: e.description,
      quantity: Number(e.quantity) || 1,
      unitPriceCents: parseCents(e.price) ?? 0,
      note: e.note || null,
      discount: parseDiscount(e.discount, e.discountKind),
    });
  }
  return out;
}

/**
 * For each of `extras` free-line rows, its place among the free lines a quotation of these values
 * has, or null for a blank row (which is left out).
 */
export function extraLineIndexes(
  values: Record<string, unknown>,
  extras: number,
): (number | null)[] {
  let next = 0;
  return Array.from({ length: Math.min(extras, MAX_EXTRA_LINES) }, (_, n) =>
    isBlankExtra(extraFields(values as Record<string, string | undefined>, n)) ? null : next++,
  );
}

/** The lines of an input in their printed order (enquired items, then free lines), for pricing. */
export function inputLines(input: QuotationInput): PricingLine[] {
  return [...input.items, ...input.extras];
}

/** The inbox list's filters as they sit in the URL. */
/** Whose enquiries the list shows: the viewer's own, nobody's, or (absent) everyone's. */
export const ASSIGNMENT_FILTERS = ['mine', 'unassigned'] as const;
export type AssignmentFilter = (typeof ASSIGNMENT_FILTERS)[number];
export const ASSIGNED_LABELS: Record<AssignmentFilter, string> = {
  mine: 'Mine',
  unassigned: 'Unassigned',
};

export interface EnquiryFilter {
  status?: InboxStatus;
  assigned?: AssignmentFilter;
  q?: string;
  from?: string;
  to?: string;
  page: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A YYYY-MM-DD that names a real day ('2026-02-31' does not: Date would make it 3 March), from
 * 1900 on: year 1 moved to Singapore time is year 0, which PostgreSQL refuses.
 */
function isCalendarDate(value: string): boolean {
  if (!DATE.test(value) || value < '1900-01-01') return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/**
 * Reads the list's filters from a URL, ignoring what does not make sense (a bad date or status
 * shows everything rather than an error: the URL is a bookmark, not a form submission).
 */
export function readEnquiryFilter(params: URLSearchParams): EnquiryFilter {
  const status = params.get('status');
  const assigned = params.get('assigned');
  const q = params.get('q')?.trim().slice(0, 100);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const page = Number(params.get('page'));
  return {
    status: (ENQUIRY_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as InboxStatus)
      : undefined,
    assigned: (ASSIGNMENT_FILTERS as readonly string[]).includes(assigned ?? '')
      ? (assigned as AssignmentFilter)
      : undefined,
    q: q || undefined,
    from: isCalendarDate(from) ? from : undefined,
    to: isCalendarDate(to) ? to : undefined,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The URL query for a filter (page 1 and empty filters left out). */
export function enquiryFilterQuery(filter: EnquiryFilter, page = filter.page): string {
  const p = new URLSearchParams();
  if (filter.status) p.set('status', filter.status);
  if (filter.assigned) p.set('assigned', filter.assigned);
  if (filter.q) p.set('q', filter.q);
  if (filter.from) p.set('from', filter.from);
  if (filter.to) p.set('to', filter.to);
  if (page > 1) p.set('page', String(page));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** The longest title and text of a canned reply. */
export const CANNED_TITLE_MAX = 120;
export const CANNED_BODY_MAX = 5000;

/** A canned reply as staff write it: a title to pick it by and the text it inserts. */
export const CannedReplySchema = z.object({
  title: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Give the reply a title.'),
      z.maxLength(CANNED_TITLE_MAX, tooLong(CANNED_TITLE_MAX)),
    ),
  body: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Write the text to insert.'),
      z.maxLength(CANNED_BODY_MAX, tooLong(CANNED_BODY_MAX)),
    ),
});

/**
 * A reply box with a canned reply put in: in the empty middle of the greeting and signature the
 * box starts with, else just above the sign-off, else at the end.
 */
export function insertSnippet(body: string, snippet: string): string {
  const text = snippet.trim();
  const middle = /\n\n\n\n/.exec(body);
  if (middle) return `${body.slice(0, middle.index)}\n\n${text}\n\n${body.slice(middle.index + 4)}`;
  const signOff = body.lastIndexOf('\nKind regards,');
  if (signOff >= 0) return `${body.slice(0, signOff).trimEnd()}\n\n${text}\n${body.slice(signOff)}`;
  return body.trim() ? `${body.trimEnd()}\n\n${text}` : text;
}

/** Giving an enquiry to a member of staff (blank: nobody). */
export const AssignSchema = z.object({ assignee: z.optional(z.string().check(z.maxLength(100))) });
