import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin } from 'better-auth/plugins';
import { db } from './db/client.server';
import * as schema from './db/schema';
import { env } from './env.server';

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
    database: drizzleAdapter(db(), {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
      },
    }),
    emailAndPassword: { enabled: true, minPasswordLength: 8, maxPasswordLength: 128 },
    socialProviders: google,
    user: {
      additionalFields: {
        phone: { type: 'string', required: false, input: true },
      },
    },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith('https://'),
      // server/app.ts sets this header from the TCP peer (or X-Forwarded-For with TRUST_PROXY=1),
      // overwriting anything the client sent, so rate limits key on the real client address.
      ipAddress: { ipAddressHeaders: ['x-fieldhouse-client-ip'] },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      database: { generateId: () => crypto.randomUUID() },
    },
    rateLimit: { enabled: config.NODE_ENV !== 'test' },
    plugins: [admin({ defaultRole: 'customer', adminRoles: ['admin'] })],
  });
}

export type Auth = ReturnType<typeof createAuth>;

let instance: Auth | undefined;

/** The Better Auth instance of this process (created on first use, after the env is valid). */
export function auth(): Auth {
  instance ??= createAuth();
  return instance;
}
