import * as z from 'zod/mini';
import { MAX_LINES, MAX_QUANTITY } from '~/lib/cart';
import { allOf } from '~/lib/forms';
import { EMAIL_MAX, isEmailAddress } from './email';
import { isPhoneNumber } from './phone';

/** The enquiry form's messages, word for word as users have always seen them. */
export const ENQUIRY_MESSAGES = {
  emptyCart: 'Your cart is empty!',
  noContact: 'Please enter at least one contact method.',
  email: 'Please enter a valid email address.',
  phone: 'Please enter a valid phone number.',
  message: 'Please enter a message.',
  expired: 'This form has expired. Please reload the page and try again.',
} as const;

export { MAX_LINES, MAX_QUANTITY };

export const enquiryItemSchema = z.object({
  productId: z.int().check(z.positive()),
  quantity: z.int().check(z.minimum(1), z.maximum(MAX_QUANTITY)),
});

export const enquiryItemsSchema = z
  .array(enquiryItemSchema)
  .check(z.minLength(1, ENQUIRY_MESSAGES.emptyCart), z.maxLength(MAX_LINES));

/** Optional text: trimmed, and blank counts as not given; longer than `max`, a message. */
const optional = (max: number, what: string) =>
  z.pipe(
    z.optional(
      z
        .string()
        .check(z.trim(), z.maxLength(max, `${what} can be at most ${max} characters long.`)),
    ),
    z.transform((v) => (v ? v : undefined)),
  );

/** The fields' length limits (the inputs' maxlength too). */
export const ENQUIRY_LIMITS = {
  message: 5000,
  promoCode: 50,
  organisation: 120,
  poReference: 80,
  address: 300,
  email: EMAIL_MAX,
  name: 100,
  phone: 40,
} as const;

/** What was typed into the enquiry form's fields, sent back with a refused plain post. */
export type EnquiryTyped = Partial<Record<keyof typeof ENQUIRY_LIMITS, string>>;

/**
 * The cart's enquiry form (Order Summary): what every enquiry carries besides the items and the
 * contact. The browser checks it before sending; the enquiry service parses it again.
 */
export const EnquiryFormSchema = z.object({
  message: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, ENQUIRY_MESSAGES.message),
      z.maxLength(
        ENQUIRY_LIMITS.message,
        `The message can be at most ${ENQUIRY_LIMITS.message} characters long.`,
      ),
    ),
  promoCode: optional(ENQUIRY_LIMITS.promoCode, 'The promo code'),
  organisation: optional(ENQUIRY_LIMITS.organisation, 'The organisation'),
  poReference: optional(ENQUIRY_LIMITS.poReference, 'The PO / GeBIZ reference'),
  address: optional(ENQUIRY_LIMITS.address, 'The delivery or site address'),
  idempotencyKey: z.uuid(ENQUIRY_MESSAGES.expired),
});

/** A guest's contact details ; a blank name becomes 'Guest' later. */
export const GuestContactSchema = z
  .object({
    email: optional(ENQUIRY_LIMITS.email, 'The email address'),
    name: optional(ENQUIRY_LIMITS.name, 'The name'),
    phone: optional(ENQUIRY_LIMITS.phone, 'The phone number'),
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
      if (c.email && !isEmailAddress(c.email))
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

/**
 * A guest's whole enquiry form (the contact fields inline in it): the message and the contact
 * checked together, so one answer names every field to fix.
 */
export const GuestEnquiryFormSchema = allOf(EnquiryFormSchema, GuestContactSchema);

export type EnquiryForm = z.output<typeof EnquiryFormSchema>;
export type GuestContact = z.output<typeof GuestContactSchema>;
export type EnquiryItem = z.output<typeof enquiryItemSchema>;
