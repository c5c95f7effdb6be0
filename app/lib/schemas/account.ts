import * as z from 'zod/mini';
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

export const emailField = z.string().check(z.trim(), z.regex(EMAIL, ACCOUNT_MESSAGES.email));
export const nameField = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, ACCOUNT_MESSAGES.blank),
    z.maxLength(FULL_NAME_MAX, `Full name cannot be more than ${FULL_NAME_MAX} characters`),
  );
export const passwordField = z
  .string()
  .check(
    z.minLength(PASSWORD_MIN, ACCOUNT_MESSAGES.password),
    z.maxLength(128, 'Password cannot be more than 128 characters'),
  );

const confirmed = z.refine<{ password: string; confirm: string }>((v) => v.password === v.confirm, {
  path: ['confirm'],
  message: ACCOUNT_MESSAGES.confirm,
});

/** The register form (spec §5): e-mail, full name, password and its confirmation. */
export const registerSchema = z
  .object({ email: emailField, name: nameField, password: passwordField, confirm: z.string() })
  .check(confirmed);

/** A new password and its confirmation (reset link, profile). */
export const newPasswordSchema = z
  .object({ password: passwordField, confirm: z.string() })
  .check(confirmed);

export const profileSchema = z.object({
  name: nameField,
  phone: z.string().check(
    z.trim(),
    z.refine((v) => v === '' || /^[0-9+\s\-().]{7,40}$/.test(v), ACCOUNT_MESSAGES.phone),
  ),
});
