import * as z from 'zod/mini';
import { MAX_LINES, MAX_QUANTITY } from '~/lib/cart';
import { isPhoneNumber } from './phone';

/** Spec §5 messages, verbatim. */
export const ENQUIRY_MESSAGES = {
  emptyCart: 'Your cart is empty!',
  noContact: 'Please enter at least one contact method.',
  email: 'Please enter a valid email address.',
  phone: 'Please enter a valid phone number.',
  message: 'Please enter a message.',
  expired: 'This form has expired. Please reload the page and try again.',
} as const;

export { MAX_LINES, MAX_QUANTITY };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const enquiryItemSchema = z.object({
  productId: z.int().check(z.positive()),
  quantity: z.int().check(z.minimum(1), z.maximum(MAX_QUANTITY)),
});

export const enquiryItemsSchema = z
  .array(enquiryItemSchema)
  .check(z.minLength(1, ENQUIRY_MESSAGES.emptyCart), z.maxLength(MAX_LINES));

/** Optional text: trimmed, and blank counts as not given. */
const optional = (max: number) =>
  z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(max))),
    z.transform((v) => (v ? v : undefined)),
  );

/**
 * The cart's enquiry form (Order Summary): what every enquiry carries besides the items and the
 * contact. The browser checks it before sending; the enquiry service parses it again.
 */
export const EnquiryFormSchema = z.object({
  message: z.string().check(z.trim(), z.minLength(1, ENQUIRY_MESSAGES.message), z.maxLength(5000)),
  promoCode: optional(50),
  organisation: optional(120),
  poReference: optional(80),
  idempotencyKey: z.uuid(ENQUIRY_MESSAGES.expired),
});

/** A guest's contact details (spec §5 "Guest enquiry"); a blank name becomes 'Guest' later. */
export const GuestContactSchema = z
  .object({
    email: optional(254),
    name: optional(100),
    phone: optional(40),
  })
  .check(
    z.superRefine((c, ctx) => {
      if (!c.email && !c.phone)
        ctx.issues.push({
          code: 'custom',
          input: c,
          path: ['email'],
          message: ENQUIRY_MESSAGES.noContact,
        });
      if (c.email && !EMAIL.test(c.email))
        ctx.issues.push({
          code: 'custom',
          input: c,
          path: ['email'],
          message: ENQUIRY_MESSAGES.email,
        });
      if (c.phone && !isPhoneNumber(c.phone))
        ctx.issues.push({
          code: 'custom',
          input: c,
          path: ['phone'],
          message: ENQUIRY_MESSAGES.phone,
        });
    }),
  );

export type EnquiryForm = z.output<typeof EnquiryFormSchema>;
export type GuestContact = z.output<typeof GuestContactSchema>;
export type EnquiryItem = z.output<typeof enquiryItemSchema>;
