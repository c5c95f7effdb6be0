import { createHmac, timingSafeEqual } from 'node:crypto';
import type { BetterAuthOptions } from 'better-auth';
import { eq, sql } from 'drizzle-orm';
import { auth, type Auth } from '../auth.server';
import { db, type Database } from '../db/client.server';
import { session, user } from '../db/schema';

/**
 * The common case of reading a request's session, without Better Auth's endpoint machinery: one
 * signed session cookie whose signature holds, and a live session that needs no refresh. Every
 * signed-in page asks on every request, and through `auth.api.getSession` that cost more than the
 * rest of the admin's product list together (docs/decisions/012).
 *
 * It says 'no one' only when the Cookie header does not hold the session cookie's name, and
 * 'this user' only where Better Auth's `getSession` would return the same user without writing
 * anything. Everything else is Better Auth's to decide (`ask-better-auth`): a cookie in any other
 * shape or sent twice, a signature that fails, a session not found, expired (Better Auth deletes
 * it) or due for its refresh (Better Auth extends it), a 'don't remember me' sign-in, and any
 * configuration whose sessions live elsewhere (a cookie cache, secondary storage).
 * session-read.server.test.ts compares the two readings.
 */
export type SessionReading =
  { kind: 'none' } | { kind: 'user'; user: SessionUserRow } | { kind: 'ask-better-auth' };

export interface SessionUserRow {
  id: string;
  email: string;
  name: string;
  role: string;
  phone: string | null;
  twoFactorEnabled: boolean;
}

interface Settings {
  sessionCookie: string;
  dontRememberCookie: string;
  secret: string;
  expiresInMs: number;
  updateAgeMs: number;
}

const ASK: SessionReading = { kind: 'ask-better-auth' };
const NONE: SessionReading = { kind: 'none' };

/** better-call's signed cookie: `${token}.${base64 HMAC-SHA256}`, URL-encoded. */
const SIGNED_TOKEN = /^([A-Za-z0-9]{16,256})\.([A-Za-z0-9+/]{43}=)$/;

const settingsByAuth = new WeakMap<Auth, Promise<Settings | null>>();

async function readSettings(instance: Auth): Promise<Settings | null> {
  const context = await instance.$context;
  const options: BetterAuthOptions = context.options;
  if (options.secondaryStorage || options.session?.cookieCache?.enabled) return null;
  return {
    sessionCookie: context.authCookies.sessionToken.name,
    dontRememberCookie: context.authCookies.dontRememberToken.name,
    secret: context.secret,
    expiresInMs: context.sessionConfig.expiresIn * 1000,
    updateAgeMs: context.sessionConfig.updateAge * 1000,
  };
}

function settings(): Promise<Settings | null> {
  const instance = auth();
  let found = settingsByAuth.get(instance);
  if (!found) settingsByAuth.set(instance, (found = readSettings(instance)));
  return found;
}

/** The session and its user by token: one statement, planned once per connection. */
const statements = new WeakMap<Database, ReturnType<typeof prepare>>();

function prepare(database: Database) {
  return database
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      phone: user.phone,
      twoFactorEnabled: user.twoFactorEnabled,
      expiresAt: session.expiresAt,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, sql.placeholder('token')))
    .limit(1)
    .prepare('fieldhouse_session_user');
}

function sessionStatement() {
  const database = db();
  let statement = statements.get(database);
  if (!statement) statements.set(database, (statement = prepare(database)));
  return statement;
}

/** Every value of the cookie `name` in a Cookie header, as sent (not decoded). */
function cookieValues(header: string, name: string): string[] {
  const values: string[] = [];
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) values.push(part.slice(at + 1).trim());
  }
  return values;
}

/** The token of a session cookie whose signature holds, or null for any other value. */
function signedToken(raw: string, secret: string): string | null {
  let value: string;
  try {
    value = raw.includes('%') ? decodeURIComponent(raw) : raw;
  } catch {
    return null;
  }
  const match = SIGNED_TOKEN.exec(value);
  if (!match) return null;
  const [, token, signature] = match as unknown as [string, string, string];
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

export async function readSession(headers: Headers): Promise<SessionReading> {
  const config = await settings();
  if (!config) return ASK;
  const header = headers.get('cookie') ?? '';
  // No cookie of that name at all: Better Auth has no token to read either.
  if (!header.includes(config.sessionCookie)) return NONE;
  if (header.includes(config.dontRememberCookie)) return ASK;
  const values = cookieValues(header, config.sessionCookie);
  if (values.length !== 1) return ASK;
  const token = signedToken(values[0]!, config.secret);
  if (!token) return ASK;
  const [row] = await sessionStatement().execute({ token });
  if (!row) return ASK;
  const now = Date.now();
  const expiresAt = row.expiresAt.getTime();
  // Expired, or old enough that Better Auth would extend it now.
  if (expiresAt < now || expiresAt - config.expiresInMs + config.updateAgeMs <= now) return ASK;
  const { expiresAt: _, ...found } = row;
  return { kind: 'user', user: found };
}
