import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { ACCOUNT_MESSAGES, emailField, nameField, profileSchema } from '~/lib/schemas/account';
import { cleanName } from '~/lib/schemas/name';
import { env } from '../env.server';
import { clientAddress, hitRateLimit } from '../rate-limit.server';
import {
  accountLockedFor,
  clearFailedPasswords,
  lockedMessage,
  recordFailedPassword,
} from './account-throttle.server';
import { servedOverHttp } from './auth-http.server';
import { passwordProblem } from './password-policy.server';
import { forgetResetLinks } from './reset-links.server';

/** server/app.ts sets it on every request from the derived client address (overwriting). */
export const CLIENT_IP_HEADER = 'x-fieldhouse-client-ip';

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

const TOO_MANY = 'Too many attempts. Please wait a minute and try again.';

/** The endpoints that check a password, and the budget (shared with the app's forms) they use. */
const SIGN_IN = '/sign-in/email';
const SIGNED_IN_PASSWORD_CHECKS = new Set([
  '/change-password',
  '/two-factor/enable',
  '/two-factor/disable',
  // Both check the password too, and a right guess returns the TOTP secret or new backup codes.
  '/two-factor/get-totp-uri',
  '/two-factor/generate-backup-codes',
]);
const NEW_PASSWORD_FIELD: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
};
/** Per-address budgets for calls made over HTTP; the page actions count the same keys. */
const ADDRESS_BUDGET: Record<string, string> = {
  '/sign-in/email': 'sign-in',
  '/sign-up/email': 'sign-up',
  '/request-password-reset': 'reset',
  '/reset-password': 'reset',
  '/change-password': 'password',
  '/two-factor/enable': 'password',
  '/two-factor/disable': 'password',
  '/two-factor/get-totp-uri': 'password',
  '/two-factor/generate-backup-codes': 'password',
};

function bad(message: string): never {
  throw new APIError('BAD_REQUEST', { message, code: 'INVALID_INPUT' });
}

function body(ctx: HookContext): Record<string, unknown> {
  return ctx.body && typeof ctx.body === 'object' ? (ctx.body as Record<string, unknown>) : {};
}

/**
 * The same rules as the app's forms (app/lib/schemas/account.ts) for what Better Auth stores, and
 * the values as the forms would store them (trimmed): a name checked trimmed but stored raw could
 * carry 60,000 spaces.
 */
function validateUserFields(input: Record<string, unknown>, creating: boolean) {
  if (creating || 'email' in input) {
    const email = emailField.safeParse(input.email);
    if (!email.success) bad(ACCOUNT_MESSAGES.email);
    input.email = email.data;
  }
  if (creating || 'name' in input) {
    const name = nameField.safeParse(input.name);
    if (!name.success) bad(name.error.issues[0]!.message);
    // One line, no control or direction characters (the forms' check only trims).
    input.name = cleanName(name.data);
    if (!input.name) bad(ACCOUNT_MESSAGES.blank);
  }
  if ('phone' in input && input.phone !== null && input.phone !== undefined) {
    const phone = profileSchema.shape.phone.safeParse(input.phone);
    if (!phone.success) bad(ACCOUNT_MESSAGES.phone);
    input.phone = phone.data;
  }
  // The shop has no profile pictures: a URL of any size would only be stored.
  if ('image' in input && input.image !== null && input.image !== undefined)
    bad('Profile pictures are not supported.');
  for (const value of Object.values(input)) {
    if (typeof value === 'string' && value.includes('\u0000'))
      bad('The request contains a character that is not allowed.');
  }
}

/** Whose password this call checks: the e-mail signed in with, or the session's user. */
async function accountOf(ctx: HookContext): Promise<string | null> {
  if (ctx.path === SIGN_IN) {
    const email = body(ctx).email;
    return typeof email === 'string' ? email.trim().toLowerCase() : null;
  }
  const session = await getSessionFromCtx(ctx).catch(() => null);
  return session?.user.email.toLowerCase() ?? null;
}

/**
 * The account's e-mail and name, which a new password should not be made of: from the sign-up's
 * body, or the signed-in user's for a change. A reset link's user is known only to Better Auth
 * once it has checked the token, so a reset is judged without them.
 */
async function ownWords(ctx: HookContext): Promise<{ email?: string; name?: string }> {
  if (ctx.path === '/sign-up/email') {
    const { email, name } = body(ctx);
    return { email: String(email ?? ''), name: String(name ?? '') };
  }
  if (ctx.path !== '/change-password') return {};
  const session = await getSessionFromCtx(ctx).catch(() => null);
  return session ? { email: session.user.email, name: session.user.name } : {};
}

/**
 * Before every Better Auth endpoint, whether called over HTTP or by the app's own actions:
 * the forms' validation and the password rules for whatever it stores, the per-address budget
 * (HTTP only: the page actions count the same keys themselves) and the per-account lock.
 */
export const authBefore = createAuthMiddleware(async (ctx) => {
  const path = ctx.path;
  // Over HTTP, only the listed endpoints, whatever URL reached this one (server/app.ts checks
  // the URL first; this is the endpoint Better Auth resolved it to).
  if (ctx.request && !servedOverHttp(path)) throw new APIError('NOT_FOUND');
  const input = body(ctx);
  if (path === '/sign-up/email') validateUserFields(input, true);
  if (path === '/update-user') validateUserFields(input, false);
  const passwordField = NEW_PASSWORD_FIELD[path];
  if (passwordField) {
    const problem = passwordProblem(String(input[passwordField] ?? ''), await ownWords(ctx));
    if (problem) throw new APIError('BAD_REQUEST', { message: problem, code: 'WEAK_PASSWORD' });
  }
  const budget = ADDRESS_BUDGET[path];
  if (budget && ctx.request) {
    const address = clientAddress(ctx.request.headers.get(CLIENT_IP_HEADER) ?? undefined);
    const { allowed } = await hitRateLimit(
      `auth:${budget}:${address}`,
      env().AUTH_RATE_LIMIT_MAX,
      60,
    );
    if (!allowed) throw new APIError('TOO_MANY_REQUESTS', { message: TOO_MANY });
  }
  if (path === SIGN_IN || SIGNED_IN_PASSWORD_CHECKS.has(path)) {
    const account = await accountOf(ctx);
    const wait = account ? await accountLockedFor(account) : 0;
    if (wait > 0) {
      throw new APIError('TOO_MANY_REQUESTS', {
        message: lockedMessage(wait),
        code: 'ACCOUNT_LOCKED',
      });
    }
  }
});

/**
 * After the password checks: a wrong password counts against the account, a right one clears it.
 * A changed password also ends the account's outstanding reset links.
 */
export const authAfter = createAuthMiddleware(async (ctx) => {
  const path = ctx.path;
  if (path !== SIGN_IN && !SIGNED_IN_PASSWORD_CHECKS.has(path)) return;
  const returned = ctx.context.returned;
  const failed = returned instanceof APIError;
  if (path === '/change-password' && !failed) {
    const session = await getSessionFromCtx(ctx).catch(() => null);
    if (session) await forgetResetLinks(session.user.id);
  }
  const account = await accountOf(ctx);
  if (!account) return;
  if (!failed) return clearFailedPasswords(account);
  const code = (returned.body as { code?: string } | undefined)?.code;
  if (code === 'INVALID_EMAIL_OR_PASSWORD' || code === 'INVALID_PASSWORD')
    await recordFailedPassword(account);
});
