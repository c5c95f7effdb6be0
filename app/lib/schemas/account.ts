import { z } from 'zod';
import { FULL_NAME_MAX, PASSWORD_MIN } from '~/lib/constants';

/** Spec §5 "Registration" messages, verbatim (with DESIGN.md decision 5). */
export const ACCOUNT_MESSAGES = {
  email: 'Please enter a valid email address.',
  emailTaken: 'Email is already taken',
  blank: 'This field cannot be left blank',
  password: 'Password cannot be less than 8 characters',
  confirm: 'Passwords does not match',
  phone: 'Please enter a valid phone number.',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailField = z.string().trim().regex(EMAIL, ACCOUNT_MESSAGES.email);
export const nameField = z
  .string()
  .trim()
  .min(1, ACCOUNT_MESSAGES.blank)
  .max(FULL_NAME_MAX, `Full name cannot be more than ${FULL_NAME_MAX} characters`);
export const passwordField = z
  .string()
  .min(PASSWORD_MIN, ACCOUNT_MESSAGES.password)
  .max(128, 'Password cannot be more than 128 characters');

export const registerSchema = z
  .object({
    email: emailField,
    name: nameField,
    password: passwordField,
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, {
    path: ['confirm'],
    message: ACCOUNT_MESSAGES.confirm,
  });

export const newPasswordSchema = z
  .object({ password: passwordField, confirm: z.string() })
  .refine((v) => v.password === v.confirm, {
    path: ['confirm'],
    message: ACCOUNT_MESSAGES.confirm,
  });

export const profileSchema = z.object({
  name: nameField,
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || /^[0-9+\s\-().]{7,40}$/.test(v), ACCOUNT_MESSAGES.phone),
});

export type FieldErrors = Partial<Record<string, string>>;

/** The first message per field, for showing under each input. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    out[key] ??= issue.message;
  }
  return out;
}
