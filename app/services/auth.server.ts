import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, twoFactor } from 'better-auth/plugins';
import { db } from './db/client.server';
import * as schema from './db/schema';
import { env } from './env.server';
import { log } from './log.server';
import { escapeHtml } from './mail/html.server';
import { queueInBackground, queueMail } from './mail/queue.server';
import { clearFailedPasswords } from './accounts/account-throttle.server';
import { authAfter, authBefore, CLIENT_IP_HEADER } from './accounts/auth-hooks.server';
import { forgetResetLinks } from './accounts/reset-links.server';
import { hitRateLimit } from './rate-limit.server';

/** Reset mails one inbox gets per hour, whoever asks: nobody can flood a victim's inbox. */
export const RESET_MAILS_PER_HOUR = 3;

/** The reset link mail, at most RESET_MAILS_PER_HOUR to one inbox (the answer says the same). */
async function queueResetMail(user: { email: string; name: string }, token: string) {
  const config = env();
  const perInbox = await hitRateLimit(
    `mail:reset:${user.email.toLowerCase()}`,
    RESET_MAILS_PER_HOUR,
    3600,
  );
  if (!perInbox.allowed) return;
  const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await queueMail(db(), [
    {
      to: user.email,
      subject: `Reset your ${config.SITE_NAME} password`,
      text: `Hello ${user.name},\n\nSomeone (we hope you) asked to reset the password of your account. Open this link within one hour to choose a new password:\n\n${link}\n\nIf you did not ask for this, ignore this e-mail: your password stays as it is.\n\n${config.SITE_NAME}\n`,
      html: `<p>Hello ${escapeHtml(user.name)},</p><p>Someone (we hope you) asked to reset the password of your account. Open this link within one hour to choose a new password:</p><p><a href="${escapeHtml(link)}">Choose a new password</a></p><p>If you did not ask for this, ignore this e-mail: your password stays as it is.</p><p>${escapeHtml(config.SITE_NAME)}</p>`,
    },
  ]);
}

function createAuth() {
  const config = env();
  const google =
    config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? { google: { clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET } }
      : undefined;
  return betterAuth({
    appName: config.SITE_NAME,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    // Its lines join the server's log; the message only: its extra arguments may be a user's row.
    logger: { log: (level, message) => log()[level](`Better Auth: ${message}`) },
    database: drizzleAdapter(db(), {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
      },
    }),
    emailAndPassword: {
      enabled: true,
      // A new account is signed in by its sign-up (register() hands the cookie on): no second
      // form asking for the password just typed. Better Auth's default, stated because we rely on it.
      autoSignIn: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 3600,
      revokeSessionsOnPasswordReset: true,
      // Not awaited: Better Auth waits for this only when the address has an account, so the
      // answer's timing (an SMTP round trip) would tell which addresses do. The mail is queued
      // (retried if the mail server is away) and sent in the background.
      sendResetPassword: ({ user, token }) => {
        queueInBackground(() => queueResetMail(user, token));
        return Promise.resolve();
      },
      // Whoever proves they own the inbox may sign in again at once (account-throttle.server.ts),
      // and the account's other reset links end with this one.
      onPasswordReset: async ({ user }) => {
        await clearFailedPasswords(user.email);
        await forgetResetLinks(user.id);
      },
    },
    // The forms' validation, the password rules, one sign-in budget shared with the pages and
    // the per-account lock, for every caller (auth-hooks.server.ts).
    hooks: { before: authBefore, after: authAfter },
    socialProviders: google,
    user: {
      additionalFields: {
        phone: { type: 'string', required: false, input: true },
      },
    },
    advanced: {
      useSecureCookies: config.secureCookies,
      // server/app.ts sets this header on every request from clientAddressFrom (the TCP peer, or
      // what the nearest trusted proxy saw), overwriting anything the client sent.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // A session and its user in one query (schema.ts's relations), not two.
      database: { generateId: () => crypto.randomUUID(), joins: true },
    },
    // On in production and in the end-to-end tests (with a higher AUTH_RATE_LIMIT_MAX); per
    // instance, in memory. The app's own sign-in, sign-up and reset actions are also limited in
    // the database (accounts.server.ts), which holds across instances.
    rateLimit: {
      enabled: config.NODE_ENV !== 'development',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/*': { window: 60, max: config.AUTH_RATE_LIMIT_MAX },
        '/sign-up/*': { window: 60, max: config.AUTH_RATE_LIMIT_MAX },
        '/request-password-reset': { window: 60, max: config.AUTH_RATE_LIMIT_MAX },
        '/reset-password': { window: 60, max: config.AUTH_RATE_LIMIT_MAX },
        '/two-factor/*': { window: 60, max: config.AUTH_RATE_LIMIT_MAX },
      },
    },
    plugins: [
      admin({ defaultRole: 'customer', adminRoles: ['admin'] }),
      // TOTP for staff (turned on from the profile); a sign-in then waits for the code at
      // /login/two-factor. Five wrong codes end that sign-in attempt; ten lock the account 15 min.
      twoFactor({ issuer: config.SITE_NAME }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

let instance: Auth | undefined;

/** The Better Auth instance of this process (created on first use, after the env is valid). */
export function auth(): Auth {
  instance ??= createAuth();
  return instance;
}
