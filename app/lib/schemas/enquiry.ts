import { z } from 'zod';
import { PHONE_MIN } from '~/lib/constants';

/** Spec §5 messages, verbatim. */
export const ENQUIRY_MESSAGES = {
  emptyCart: 'Your cart is empty!',
  noContact: 'Please enter at least one contact method.',
  email: 'Please enter a valid email address.',
  phone: 'Please enter a valid phone number.',
  message: 'Please enter a message.',
} as const;

export const MAX_QUANTITY = 9999;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = new RegExp(`^[0-9+\\s\\-().]{${PHONE_MIN},}$`);

export const enquiryItemSchema = z.object({
  productId: z.number().int().positive(),
  quantity: z.number().int().min(1).max(MAX_QUANTITY),
});

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/** What an enquiry carries besides the contact: shared by the cart form and the server. */
export const enquiryBaseSchema = z.object({
  items: z.array(enquiryItemSchema).min(1, ENQUIRY_MESSAGES.emptyCart).max(200),
  message: z.string().trim().min(1, ENQUIRY_MESSAGES.message).max(5000),
  promoCode: optional(50),
  organisation: optional(120),
  poReference: optional(80),
  idempotencyKey: z.string().uuid(),
});

/** A guest's contact details (spec §5 "Guest enquiry"). */
export const guestContactSchema = z
  .object({
    email: optional(254),
    name: optional(100),
    phone: optional(40),
  })
  .superRefine((c, ctx) => {
    if (!c.email && !c.phone)
      ctx.addIssue({ code: 'custom', path: ['email'], message: ENQUIRY_MESSAGES.noContact });
    if (c.email && !EMAIL.test(c.email))
      ctx.addIssue({ code: 'custom', path: ['email'], message: ENQUIRY_MESSAGES.email });
    if (c.phone && !PHONE.test(c.phone))
      ctx.addIssue({ code: 'custom', path: ['phone'], message: ENQUIRY_MESSAGES.phone });
  });

export type GuestContact = z.infer<typeof guestContactSchema>;
export type EnquiryBase = z.infer<typeof enquiryBaseSchema>;

/** The first problem with a guest's contact details, in the order the spec checks them. */
export function guestContactError(contact: {
  email?: string;
  name?: string;
  phone?: string;
}): string | null {
  const result = guestContactSchema.safeParse(contact);
  return result.success ? null : result.error.issues[0]!.message;
}
