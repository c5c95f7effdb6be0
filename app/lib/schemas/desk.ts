import * as z from 'zod/mini';
import { allOf } from '~/lib/forms';
import { ENQUIRY_LIMITS, EnquiryFormSchema, GuestContactSchema, MAX_QUANTITY } from './enquiry';

/** How staff say an enquiry they enter reached them. */
export const MANUAL_SOURCES = ['phone', 'email', 'walk_in'] as const;
export type ManualSource = (typeof MANUAL_SOURCES)[number];
export const SOURCE_LABELS: Record<ManualSource, string> = {
  phone: 'Phone call',
  email: 'E-mail',
  walk_in: 'Walk-in',
};

/** Item rows the form starts with, and the most it can have. */
export const START_LINES = 3;
export const MAX_MANUAL_LINES = 30;

export const DESK_MESSAGES = {
  name: "Enter the customer's name.",
  source: 'Choose how the enquiry came in.',
  noItems: 'Pick at least one product.',
  quantity: `Enter a whole number from 1 to ${MAX_QUANTITY}.`,
} as const;

/** An enquiry entered by staff, as the service takes it. */
export interface ManualEnquiry {
  name: string;
  email?: string;
  phone?: string;
  organisation?: string;
  /** Absent when it is made from a contact message. */
  source?: ManualSource;
  message: string;
  idempotencyKey: string;
  /** Each filled row: its index in the form (for its messages), what was typed, the quantity. */
  lines: { index: number; product: string; quantity: number }[];
  /** The contact message it is made from. */
  fromMessage?: number;
}

/**
 * The new-enquiry form for `lines` item rows: the customer (a name, and an e-mail address or a
 * phone number, as a guest's enquiry), how it came in, a note, and rows of product and quantity
 * of which at least one is filled. A row's product is checked against the catalogue by the server.
 */
export function manualEnquirySchema(lines: number) {
  const count = Math.min(Math.max(lines, 1), MAX_MANUAL_LINES);
  const base = z.object({
    name: z
      .string(DESK_MESSAGES.name)
      .check(
        z.trim(),
        z.minLength(1, DESK_MESSAGES.name),
        z.maxLength(
          ENQUIRY_LIMITS.name,
          `The name can be at most ${ENQUIRY_LIMITS.name} characters long.`,
        ),
      ),
    // The cart's own rules for what every enquiry carries.
    organisation: EnquiryFormSchema.shape.organisation,
    message: EnquiryFormSchema.shape.message,
    idempotencyKey: EnquiryFormSchema.shape.idempotencyKey,
  });
  // The rows and the source in a schema of their own, whose check runs even when a field of the
  // others is refused: one answer names every field to fix.
  const shape: Record<string, z.ZodMiniType<unknown>> = {
    // A contact message's enquiry came in through the contact form: no choice to make.
    source: z.optional(z.string()),
    fromMessage: z.optional(z.string()),
  };
  for (let n = 0; n < count; n++) {
    shape[`product-${n}`] = z.optional(z.string());
    shape[`quantity-${n}`] = z.optional(z.string());
  }
  const rows = z.object(shape).check(
    z.superRefine((values, ctx) => {
      const v = values as Record<string, string | undefined>;
      const issue = (path: string, message: string) =>
        ctx.issues.push({ code: 'custom', input: v[path], path: [path], message });
      if (!v.fromMessage && !(MANUAL_SOURCES as readonly string[]).includes(v.source ?? ''))
        issue('source', DESK_MESSAGES.source);
      let filled = 0;
      for (let n = 0; n < count; n++) {
        const product = v[`product-${n}`]?.trim();
        if (!product) continue;
        filled++;
        if (product.length > 300) issue(`product-${n}`, 'Keep the product to 300 characters.');
        if (quantityOf(v[`quantity-${n}`]) === null) issue(`quantity-${n}`, DESK_MESSAGES.quantity);
      }
      if (!filled) issue('product-0', DESK_MESSAGES.noItems);
    }),
  );
  return allOf(allOf(base, rows), GuestContactSchema);
}

function quantityOf(text: string | undefined): number | null {
  const typed = (text ?? '').trim() || '1';
  if (!/^\d{1,4}$/.test(typed)) return null;
  const n = Number(typed);
  return n >= 1 && n <= MAX_QUANTITY ? n : null;
}

/** The checked form's values as the service takes them. */
export function readManualEnquiry(values: Record<string, unknown>, lines: number): ManualEnquiry {
  const v = values as Record<string, string | undefined>;
  const count = Math.min(Math.max(lines, 1), MAX_MANUAL_LINES);
  const rows: ManualEnquiry['lines'] = [];
  for (let n = 0; n < count; n++) {
    const product = v[`product-${n}`]?.trim();
    if (product) rows.push({ index: n, product, quantity: quantityOf(v[`quantity-${n}`]) ?? 1 });
  }
  const from = Number(v.fromMessage);
  return {
    name: v.name!,
    email: v.email,
    phone: v.phone,
    organisation: v.organisation,
    source: (MANUAL_SOURCES as readonly string[]).includes(v.source ?? '')
      ? (v.source as ManualSource)
      : undefined,
    message: v.message!,
    idempotencyKey: v.idempotencyKey!,
    lines: rows,
    fromMessage: Number.isInteger(from) && from > 0 ? from : undefined,
  };
}
