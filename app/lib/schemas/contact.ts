import * as z from 'zod/mini';
import { EMAIL_MAX, isEmailAddress } from './email';
import { charactersOrFewer } from './limits';
import { isPhoneNumber } from './phone';

// The Contact Us form (all four fields required, the e-mail typed as e-mail), read
// by the browser before sending and by the server again. zod/mini keeps the public page's script
// small.

/** One message per field; the e-mail and phone messages are the enquiry form's, word for word. */
export const CONTACT_MESSAGES = {
  name: 'Please enter your name.',
  emailMissing: 'Please enter your email address.',
  email: 'Please enter a valid email address.',
  phoneMissing: 'Please enter your phone number.',
  phone: 'Please enter a valid phone number.',
  message: 'Please enter a message.',
  sent: 'Message sent successfully!',
  failed: 'Failed to send message. Please try again.',
} as const;

export const CONTACT_LIMITS = { name: 100, email: EMAIL_MAX, phone: 40, message: 5000 } as const;

/** A required text: trimmed, then "missing" if empty (and nothing else said about it). */
const required = (missing: string, max: number, tooLong: string) =>
  z
    .string({ error: missing })
    .check(z.trim(), z.minLength(1, { error: missing, abort: true }), z.maxLength(max, tooLong));

export const ContactFormSchema = z.object({
  name: required(
    CONTACT_MESSAGES.name,
    CONTACT_LIMITS.name,
    `Please keep your name to ${charactersOrFewer(CONTACT_LIMITS.name)}.`,
  ),
  email: required(
    CONTACT_MESSAGES.emailMissing,
    CONTACT_LIMITS.email,
    CONTACT_MESSAGES.email,
  ).check(z.refine(isEmailAddress, CONTACT_MESSAGES.email)),
  phone: required(
    CONTACT_MESSAGES.phoneMissing,
    CONTACT_LIMITS.phone,
    CONTACT_MESSAGES.phone,
  ).check(z.refine(isPhoneNumber, CONTACT_MESSAGES.phone)),
  message: required(
    CONTACT_MESSAGES.message,
    CONTACT_LIMITS.message,
    `Please keep your message to ${charactersOrFewer(CONTACT_LIMITS.message)}.`,
  ),
});

export type ContactForm = z.infer<typeof ContactFormSchema>;
