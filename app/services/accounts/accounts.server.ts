import { APIError } from 'better-auth/api';
import { auth } from '../auth.server';
import { env } from '../env.server';
import { UserError } from '../errors.server';
import { clientAddress, hitRateLimit } from '../rate-limit.server';

export const TOO_MANY = 'Too many attempts. Please wait a minute and try again.';
export const RESET_SENT = 'A password reset link has been sent to your email.';

/** Counts an attempt at a sensitive account action from this client; 429 past the limit. */
export async function limitAccountAction(
  request: Request,
  socketAddress: string | undefined,
  action: 'sign-in' | 'sign-up' | 'reset',
): Promise<void> {
  const config = env();
  const address = clientAddress(request, socketAddress, config.TRUST_PROXY === '1');
  const { allowed } = await hitRateLimit(
    `auth:${action}:${address}`,
    config.AUTH_RATE_LIMIT_MAX,
    60,
  );
  if (!allowed) throw new UserError(TOO_MANY, 429);
}

function setCookies(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append('Set-Cookie', cookie);
  return headers;
}

async function messageOf(response: Response, fallback: string): Promise<string> {
  const body = (await response.json().catch(() => null)) as {
    message?: string;
    code?: string;
  } | null;
  return body?.message || fallback;
}

/** Creates a customer account (name and role set in the same step). */
export async function register(input: {
  email: string;
  name: string;
  password: string;
}): Promise<void> {
  try {
    await auth().api.signUpEmail({
      body: { email: input.email, name: input.name, password: input.password },
    });
  } catch (error) {
    if (
      error instanceof APIError &&
      (error.body?.code === 'USER_ALREADY_EXISTS' || error.status === 'UNPROCESSABLE_ENTITY')
    ) {
      throw new UserError('Email is already taken', 409);
    }
    throw error;
  }
}

export interface SignInResult {
  headers: Headers;
  role: 'admin' | 'customer';
  twoFactor: boolean;
}

/** Signs in with e-mail and password; the headers carry the session (or two-factor) cookie. */
export async function signIn(
  request: Request,
  email: string,
  password: string,
): Promise<SignInResult> {
  const response = await auth().api.signInEmail({
    body: { email, password },
    headers: request.headers,
    asResponse: true,
  });
  if (!response.ok) {
    if (response.status === 429) throw new UserError(TOO_MANY, 429);
    throw new UserError(await messageOf(response, 'Invalid email or password'), 401);
  }
  const body = (await response.clone().json()) as {
    twoFactorRedirect?: boolean;
    user?: { role?: string };
  };
  return {
    headers: setCookies(response),
    role: body.user?.role === 'admin' ? 'admin' : 'customer',
    twoFactor: Boolean(body.twoFactorRedirect),
  };
}

/** Sends a reset link when the account exists; the caller answers the same either way. */
export async function requestPasswordReset(email: string): Promise<void> {
  try {
    await auth().api.requestPasswordReset({ body: { email, redirectTo: '/reset-password' } });
  } catch (error) {
    console.error('Password reset request failed:', error instanceof Error ? error.message : error);
  }
}

/** Sets a new password with a reset token (one use, one hour); ends every session. */
export async function resetPassword(token: string, newPassword: string): Promise<void> {
  try {
    await auth().api.resetPassword({ body: { token, newPassword } });
  } catch (error) {
    if (error instanceof APIError) {
      throw new UserError(
        'This reset link is invalid or has expired. Please ask for a new one.',
        400,
      );
    }
    throw error;
  }
}

export async function updateProfile(
  request: Request,
  input: { name: string; phone: string },
): Promise<void> {
  await auth().api.updateUser({
    body: { name: input.name, phone: input.phone || null } as never,
    headers: request.headers,
  });
}

/** Changes the password (the current one required) and ends the user's other sessions. */
export async function changePassword(
  request: Request,
  currentPassword: string,
  newPassword: string,
): Promise<Headers> {
  const response = await auth().api.changePassword({
    body: { currentPassword, newPassword, revokeOtherSessions: true },
    headers: request.headers,
    asResponse: true,
  });
  if (!response.ok) {
    const message = await messageOf(response, 'The current password is not correct.');
    throw new UserError(
      /invalid password/i.test(message) ? 'The current password is not correct.' : message,
      400,
    );
  }
  return setCookies(response);
}
