import * as z from 'zod/mini';
import { EMAIL_MAX, isEmailAddress } from './email';
import { isPhoneNumber } from './phone';
import { FULL_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '~/lib/constants';

/** The registration form's messages, word for word as users have always seen them. */
export const ACCOUNT_MESSAGES = {
  email: 'Please enter a valid email address.',
  emailTaken: 'Email is already taken',
  blank: 'This field cannot be left blank',
  password: 'Password cannot be less than 8 characters',
  confirm: 'Passwords does not match',
  phone: 'Please enter a valid phone number.',
} as const;

export const emailField = z
  .string()
  .check(z.trim(), z.refine(isEmailAddress, ACCOUNT_MESSAGES.email));
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
    z.maxLength(PASSWORD_MAX, `Password cannot be more than ${PASSWORD_MAX} characters`),
  );

/**
 * The rules for a new password as the forms show them before any error: the same limits the
 * schema and the server's policy (password-policy.server.ts, which also refuses passwords that
 * are easy to guess) apply.
 */
export const PASSWORD_RULES = `At least ${PASSWORD_MIN} characters (at most ${PASSWORD_MAX}), and not easy to guess.`;

const confirmed = z.refine<{ password: string; confirm: string }>((v) => v.password === v.confirm, {
  path: ['confirm'],
  message: ACCOUNT_MESSAGES.confirm,
});

/** The register form: e-mail, full name, password and its confirmation. */
/** The unticked box for news of products and offers: sent as 'on' only when ticked. */
const marketingField = z.optional(z.string());

export const registerSchema = z
  .object({
    email: emailField,
    name: nameField,
    password: passwordField,
    confirm: z.string(),
    marketing: marketingField,
  })
  .check(confirmed);

/** A new password and its confirmation (reset link, profile). */
export const newPasswordSchema = z
  .object({ password: passwordField, confirm: z.string() })
  .check(confirmed);

export const profileSchema = z.object({
  name: nameField,
  marketing: marketingField,
  phone: z.string().check(
    z.trim(),
    z.refine((v) => v === '' || (v.length <= 40 && isPhoneNumber(v)), ACCOUNT_MESSAGES.phone),
  ),
});

const required = (message: string) => z.string().check(z.trim(), z.minLength(1, message));

/** Sign in: an e-mail and a password (Better Auth says whether they match). */
export const signInSchema = z.object({
  email: required('Please enter your email.').check(z.maxLength(EMAIL_MAX, ACCOUNT_MESSAGES.email)),
  password: z.string().check(z.minLength(1, 'Please enter your password.')),
});

/** The second sign-in step: a six-digit code from the app, or a backup code. */
export const signInCodeSchema = z.object({
  code: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Please enter the code from your authenticator app.'),
      z.maxLength(20, 'That code is not correct. Please try again.'),
    ),
});

/** Forgot password: where to send the reset link. */
export const resetRequestSchema = z.object({ email: emailField });

/** Profile: a new password, with the current one. */
export const changePasswordSchema = z
  .object({
    current: z.string().check(z.minLength(1, ACCOUNT_MESSAGES.blank)),
    password: passwordField,
    confirm: z.string(),
  })
  .check(confirmed);

/** Starting or turning off two-factor sign-in: the password. */
export const passwordCheckSchema = z.object({
  current: z.string().check(z.minLength(1, ACCOUNT_MESSAGES.blank)),
});

/** Finishing two-factor set-up: the first code from the app. */
export const totpCodeSchema = z.object({
  code: z.string().check(z.regex(/^\s*(\d\s*){6}$/, 'Enter the six-digit code from your app.')),
});
