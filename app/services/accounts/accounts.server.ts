import { APIError } from 'better-auth/api';
import { and, eq, isNull } from 'drizzle-orm';
import { renderSVG } from 'uqr';
import { auth } from '../auth.server';
import { db } from '../db/client.server';
import { user } from '../db/schema';
import { env } from '../env.server';
import { UserError } from '../errors.server';
import { toRole, type Role } from '../permissions.server';
import { clientAddress, hitRateLimit } from '../rate-limit.server';
import { log } from '../log.server';

export const TOO_MANY = 'Too many attempts. Please wait a minute and try again.';
export const RESET_SENT = 'A password reset link has been sent to your email.';

/** Counts an attempt at a sensitive account action from this client; 429 past the limit. */
export async function limitAccountAction(
  socketAddress: string | undefined,
  action: 'sign-in' | 'sign-up' | 'reset' | 'password',
): Promise<void> {
  const config = env();
  const address = clientAddress(socketAddress);
  const { allowed } = await hitRateLimit(
    `auth:${action}:${address}`,
    config.AUTH_RATE_LIMIT_MAX,
    60,
  );
  if (!allowed) throw new UserError(TOO_MANY, 429);
}

/**
 * A refusal thrown by the app's hooks (auth-hooks.server.ts) before a Better Auth endpoint runs,
 * as the Response that endpoint would have given, so `asResponse` calls handle one shape.
 */
function refusalResponse(error: unknown): Response {
  if (!(error instanceof APIError)) throw error;
  return Response.json(error.body ?? { message: error.message }, { status: error.statusCode });
}

function setCookies(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append('Set-Cookie', cookie);
  return headers;
}

/**
 * For a Better Auth response that is not ok: its `{ code, message }` (empty when it has none), or
 * the rate limit's message when it answered 429.
 */
async function failureOf(response: Response): Promise<{ code?: string; message?: string }> {
  const body =
    ((await response.json().catch(() => null)) as { code?: string; message?: string }) ?? {};
  // The per-account lock says how long to wait; Better Auth's own limiter has no useful text.
  if (response.status === 429)
    throw new UserError(
      body.code === 'ACCOUNT_LOCKED' && body.message ? body.message : TOO_MANY,
      429,
    );
  // The app's rules for what Better Auth stores (auth-hooks.server.ts): say which.
  if (body.code === 'WEAK_PASSWORD' || body.code === 'INVALID_INPUT')
    throw new UserError(
      body.message ?? 'Please check the form.',
      400,
      // A refused new password is about the new password's field (every form names it so).
      body.code === 'WEAK_PASSWORD' ? 'password' : undefined,
    );
  return body;
}

/** A refusal by the app's hooks (auth-hooks.server.ts) as the UserError a page shows. */
function hookRefusal(error: unknown): UserError | null {
  if (!(error instanceof APIError)) return null;
  const code = (error.body as { code?: string } | undefined)?.code;
  // A refused new password is about the new password's field (every form names it so).
  if (code === 'WEAK_PASSWORD') return new UserError(error.message, 400, 'password');
  if (code === 'INVALID_INPUT') return new UserError(error.message, 400);
  if (error.status === 'TOO_MANY_REQUESTS') return new UserError(TOO_MANY, 429);
  return null;
}

/**
 * Creates a customer account (name and role set in the same step) and signs it in: the headers
 * carry the new session's cookie, so the buyer goes on where they were instead of typing the
 * password again (Better Auth's autoSignIn, on in auth.server.ts). The date of their agreement to
 * news of products and offers is kept when they ticked its box (`marketing: 'on'`).
 */
export async function register(
  input: { email: string; name: string; password: string; marketing?: string },
  requestHeaders: Headers = new Headers(),
): Promise<Headers> {
  const response = await auth()
    .api.signUpEmail({
      body: { email: input.email, name: input.name, password: input.password },
      headers: requestHeaders,
      asResponse: true,
    })
    .catch(refusalResponse);
  if (response.ok) {
    if (input.marketing === 'on') {
      const { user } = (await response.clone().json()) as { user: { id: string } };
      await setMarketingConsent(user.id, true);
    }
    return setCookies(response);
  }
  if (response.status === 422) throw new UserError('Email is already taken', 409);
  const failure = await failureOf(response);
  if (failure.code === 'USER_ALREADY_EXISTS') throw new UserError('Email is already taken', 409);
  throw new Error(`Sign-up failed: ${response.status} ${failure.code ?? ''}`);
}

export interface SignInResult {
  headers: Headers;
  role: Role;
  twoFactor: boolean;
}

/** Signs in with e-mail and password; the headers carry the session (or two-factor) cookie. */
export async function signIn(
  request: Request,
  email: string,
  password: string,
): Promise<SignInResult> {
  const response = await auth()
    .api.signInEmail({
      body: { email, password },
      headers: request.headers,
      asResponse: true,
    })
    .catch(refusalResponse);
  if (!response.ok)
    throw new UserError((await failureOf(response)).message || 'Invalid email or password', 401);
  const body = (await response.json()) as {
    twoFactorRedirect?: boolean;
    user?: { role?: string };
  };
  return {
    headers: setCookies(response),
    role: toRole(body.user?.role),
    twoFactor: Boolean(body.twoFactorRedirect),
  };
}

/** Sends a reset link when the account exists; the caller answers the same either way. */
export async function requestPasswordReset(email: string): Promise<void> {
  try {
    await auth().api.requestPasswordReset({ body: { email, redirectTo: '/reset-password' } });
  } catch (error) {
    log().error({ err: error }, 'Password reset request failed');
  }
}

/** What the reset page says for a bogus, expired or used link, up front and after a refused reset. */
export const RESET_LINK_INVALID =
  'This reset link is invalid or has expired. Please ask for a new one.';

/**
 * Whether a reset link's token can still set a password (unused, not expired), asked of Better
 * Auth's own reset-link endpoint: it redirects to the callback with `?token=` for a live token and
 * with `?error=INVALID_TOKEN` for any other. Better Auth keeps the tokens and knows how.
 */
export async function isResetTokenValid(token: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const response = await auth().api.requestPasswordResetCallback({
    params: { token },
    query: { callbackURL: '/reset-password' },
    asResponse: true,
  });
  const location = response.headers.get('location');
  if (!location) return false;
  const answer = new URL(location, env().publicUrl).searchParams;
  return !answer.has('error') && answer.get('token') === token;
}

/** Sets a new password with a reset token (one use, one hour); ends every session. */
export async function resetPassword(token: string, newPassword: string): Promise<void> {
  try {
    await auth().api.resetPassword({ body: { token, newPassword } });
  } catch (error) {
    const refusal = hookRefusal(error);
    if (refusal) throw refusal;
    if (error instanceof APIError) {
      throw new UserError(RESET_LINK_INVALID, 400);
    }
    throw error;
  }
}

/**
 * Records the customer's answer to news of products and offers: agreeing keeps the date they first
 * agreed (ticking again changes nothing), withdrawing clears it.
 */
export async function setMarketingConsent(userId: string, consent: boolean): Promise<void> {
  if (consent)
    await db()
      .update(user)
      .set({ marketingConsentAt: new Date() })
      .where(and(eq(user.id, userId), isNull(user.marketingConsentAt)));
  else await db().update(user).set({ marketingConsentAt: null }).where(eq(user.id, userId));
}

/** When the customer agreed to news of products and offers, or null. */
export async function marketingConsentOf(userId: string): Promise<Date | null> {
  const [row] = await db()
    .select({ at: user.marketingConsentAt })
    .from(user)
    .where(eq(user.id, userId));
  return row?.at ?? null;
}

export async function updateProfile(
  request: Request,
  input: { name: string; phone: string },
): Promise<void> {
  try {
    await auth().api.updateUser({
      body: { name: input.name, phone: input.phone || null } as never,
      headers: request.headers,
    });
  } catch (error) {
    throw hookRefusal(error) ?? error;
  }
}

/** Changes the password (the current one required) and ends the user's other sessions. */
export async function changePassword(
  request: Request,
  currentPassword: string,
  newPassword: string,
): Promise<Headers> {
  const response = await auth()
    .api.changePassword({
      body: { currentPassword, newPassword, revokeOtherSessions: true },
      headers: request.headers,
      asResponse: true,
    })
    .catch(refusalResponse);
  if (!response.ok) {
    const message = (await failureOf(response)).message || 'The current password is not correct.';
    throw new UserError(
      /invalid password/i.test(message) ? 'The current password is not correct.' : message,
      400,
    );
  }
  return setCookies(response);
}

/**
 * Checks the signed-in user's password again before an irreversible step (deleting the account):
 * Better Auth's own check, with its limits. A wrong one is a 400 about the password.
 */
export async function confirmPassword(request: Request, password: string): Promise<void> {
  const response = await auth()
    .api.verifyPassword({ body: { password }, headers: request.headers, asResponse: true })
    .catch(refusalResponse);
  if (!response.ok) {
    await failureOf(response);
    throw new UserError(WRONG_PASSWORD, 400);
  }
}

/** Ends this request's session (if it still exists) and returns the headers that clear its cookie. */
export async function signOutHeaders(request: Request): Promise<Headers> {
  return setCookies(await auth().api.signOut({ headers: request.headers, asResponse: true }));
}

// ---------- two-factor (TOTP) ----------

export interface TwoFactorSetup {
  /** The otpauth:// URI an authenticator app reads from the QR code. */
  uri: string;
  /** The same secret in base32, for typing into an app by hand. */
  secret: string;
  /** The QR code of `uri` as an SVG data URL. */
  qrCode: string;
  backupCodes: string[];
}

const WRONG_PASSWORD = 'The password is not correct.';

/**
 * Starts turning on two-factor sign-in: checks the password and makes a secret and backup codes.
 * Sign-in asks for a code only after `confirmTwoFactor` proves the app was set up.
 */
export async function startTwoFactor(request: Request, password: string): Promise<TwoFactorSetup> {
  const response = await auth()
    .api.enableTwoFactor({
      body: { password, method: 'totp' },
      headers: request.headers,
      asResponse: true,
    })
    .catch(refusalResponse);
  if (!response.ok) {
    const { code, message } = await failureOf(response);
    // A password longer than any allowed is no account's password either.
    if (code === 'INVALID_PASSWORD' || code === 'PASSWORD_TOO_LONG')
      throw new UserError(WRONG_PASSWORD, 400);
    if (code === 'TOTP_ALREADY_ENABLED')
      throw new UserError('Two-factor sign-in is already on.', 409);
    throw new Error(`Starting two-factor sign-in failed (${response.status}): ${message}`);
  }
  const result = (await response.json()) as { totpURI?: string; backupCodes?: string[] };
  const uri = result.totpURI ?? '';
  const secret = new URL(uri).searchParams.get('secret') ?? '';
  const svg = renderSVG(uri, { border: 2 });
  return {
    uri,
    secret,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    backupCodes: result.backupCodes ?? [],
  };
}

const WRONG_CODE = 'That code is not correct. Please try again.';

/** The renewed session cookie of a successful response; otherwise `message` (or too many tries). */
async function sessionCookieOr(response: Response, message: string): Promise<Headers> {
  if (!response.ok) {
    await failureOf(response);
    throw new UserError(message, 400);
  }
  return setCookies(response);
}

/** Finishes turning on two-factor sign-in with a code from the app; returns the new session cookie. */
export async function confirmTwoFactor(request: Request, code: string): Promise<Headers> {
  const response = await auth()
    .api.verifyTOTP({
      body: { code },
      headers: request.headers,
      asResponse: true,
    })
    .catch(refusalResponse);
  return sessionCookieOr(response, WRONG_CODE);
}

/** Turns two-factor sign-in off (the password required); returns the new session cookie. */
export async function disableTwoFactor(request: Request, password: string): Promise<Headers> {
  const response = await auth()
    .api.disableTwoFactor({
      body: { password },
      headers: request.headers,
      asResponse: true,
    })
    .catch(refusalResponse);
  return sessionCookieOr(response, WRONG_PASSWORD);
}

/**
 * The second step of a sign-in: a six-digit code from the app, or one of the backup codes
 * (`xxxxx-xxxxx`, each good once). The request carries the cookie the first step set.
 */
export async function verifySignInCode(
  request: Request,
  code: string,
): Promise<{ headers: Headers; role: Role }> {
  const clean = code.replace(/\s+/g, '');
  const options = { headers: request.headers, asResponse: true } as const;
  const response = /^\d{6}$/.test(clean)
    ? await auth().api.verifyTOTP({ body: { code: clean }, ...options })
    : await auth().api.verifyBackupCode({ body: { code: clean }, ...options });
  if (!response.ok) {
    const body = await failureOf(response);
    if (body.code === 'INVALID_TWO_FACTOR_COOKIE')
      throw new UserError('This sign-in has expired. Please sign in again.', 401);
    if (body.code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE')
      throw new UserError('Too many wrong codes. Please sign in again.', 429);
    if (body.code === 'INVALID_CODE' || body.code === 'INVALID_BACKUP_CODE')
      throw new UserError(WRONG_CODE, 401);
    throw new UserError(body.message || WRONG_CODE, 401);
  }
  const body = (await response.json()) as { user?: { role?: string } };
  return { headers: setCookies(response), role: toRole(body.user?.role) };
}
