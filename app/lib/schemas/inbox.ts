import * as z from 'zod/mini';
import { parseCents } from '~/lib/money';
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

/** How many extra lines (delivery, installation …) a quotation can have. */
export const MAX_EXTRA_LINES = 10;

/**
 * The quotation form for one enquiry: a price and an optional note for each enquired item
 * (`price-<itemId>`, `note-<itemId>`), `extras` extra lines (`extra-<n>-description`,
 * `-quantity`, `-price`; a row left entirely blank is ignored), validity and terms. Built per
 * enquiry so that each field has its own message, in the browser and on the server alike.
 */
export function quotationFormSchema(itemIds: readonly number[], extras: number) {
  const shape: Record<string, z.ZodMiniType<unknown>> = {
    validityDays: wholeNumber(1, 365, INBOX_MESSAGES.validity),
    terms: optionalText(4000),
  };
  for (const id of itemIds) {
    shape[`price-${id}`] = price;
    shape[`note-${id}`] = optionalText(500);
  }
  for (let n = 0; n < Math.min(extras, MAX_EXTRA_LINES); n++) {
    shape[`extra-${n}-description`] = optionalText(200);
    shape[`extra-${n}-quantity`] = z.optional(z.string());
    shape[`extra-${n}-price`] = z.optional(z.string());
  }
  return z.object(shape).check(
    z.superRefine((values, ctx) => {
      const v = values as Record<string, string | undefined>;
      for (let n = 0; n < Math.min(extras, MAX_EXTRA_LINES); n++) {
        const [d, q, p] = ['description', 'quantity', 'price'].map(
          (f) => v[`extra-${n}-${f}`]?.trim() ?? '',
        );
        if (!d && !p) continue;
        if (!d)
          ctx.issues.push({
            code: 'custom',
            input: d,
            path: [`extra-${n}-description`],
            message: INBOX_MESSAGES.description,
          });
        if (!/^\d{1,4}$/.test(q || '1') || Number(q || '1') < 1)
          ctx.issues.push({
            code: 'custom',
            input: q,
            path: [`extra-${n}-quantity`],
            message: INBOX_MESSAGES.quantity,
          });
        if (parseCents(p!) === null)
          ctx.issues.push({
            code: 'custom',
            input: p,
            path: [`extra-${n}-price`],
            message: INBOX_MESSAGES.price,
          });
      }
    }),
  );
}

/** What the quotation form means, in cents: read from values the schema accepted. */
export interface QuotationDraft {
  items: { itemId: number; unitPriceCents: number; note: string | null }[];
  extras: { description: string; quantity: number; unitPriceCents: number }[];
  validityDays: number;
  terms: string;
}

/** Turns the form's accepted values into a draft (the same reading in the preview and server). */
export function readQuotationDraft(
  values: Record<string, unknown>,
  itemIds: readonly number[],
  extras: number,
): QuotationDraft {
  const text = (name: string) => String(values[name] ?? '').trim();
  const out: QuotationDraft = {
    items: itemIds.map((itemId) => ({
      itemId,
      unitPriceCents: parseCents(text(`price-${itemId}`)) ?? 0,
      note: text(`note-${itemId}`) || null,
    })),
    extras: [],
    validityDays: Number(text('validityDays')) || 30,
    terms: text('terms'),
  };
  for (let n = 0; n < Math.min(extras, MAX_EXTRA_LINES); n++) {
    const description = text(`extra-${n}-description`);
    const price = text(`extra-${n}-price`);
    if (!description && !price) continue;
    out.extras.push({
      description,
      quantity: Number(text(`extra-${n}-quantity`) || '1') || 1,
      unitPriceCents: parseCents(price) ?? 0,
    });
  }
  return out;
}

/** The inbox list's filters as they sit in the URL. */
export interface EnquiryFilter {
  status?: InboxStatus;
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
  const q = params.get('q')?.trim().slice(0, 100);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const page = Number(params.get('page'));
  return {
    status: (ENQUIRY_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as InboxStatus)
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
  if (filter.q) p.set('q', filter.q);
  if (filter.from) p.set('from', filter.from);
  if (filter.to) p.set('to', filter.to);
  if (page > 1) p.set('page', String(page));
  const s = p.toString();
  return s ? `?${s}` : '';
}
