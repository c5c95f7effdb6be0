import { redirect } from 'react-router';
import { auth } from './auth.server';
import { safeRedirect } from '~/lib/safe-redirect';
import { requestState } from './request-state.server';

export type Role = 'admin' | 'customer';

/** A stored role as the app knows it: anything but `admin` is a customer. */
export const toRole = (role: string | null | undefined): Role =>
  role === 'admin' ? 'admin' : 'customer';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  phone: string | null;
  twoFactorEnabled: boolean;
}

/**
 * The signed-in user of this request, or null. Reads the session cookie on the server, once per
 * request: a page's root, layout and route loaders all ask (each with its own Request object), and
 * each reading verifies the cookie's signature and queries the session and its user. The answer
 * is kept in the state of a GET or HEAD request (server/app.ts) for the cookie it was read from.
 */
export function getUser(request: Request): Promise<SessionUser | null> {
  const state = requestState.getStore();
  const cookie = request.headers.get('cookie') ?? '';
  // Not across an action: one that signs out or renames the user runs before the loaders.
  if (!state?.safeMethod) return readUser(request);
  if (state.user?.cookie !== cookie) state.user = { cookie, user: readUser(request) };
  return state.user.user;
}

async function readUser(request: Request): Promise<SessionUser | null> {
  // Better Auth checks the cookie's signature, finds the live session with its user, deletes an
  // expired one and extends one due for it. Nothing is cached between requests: a sign-out, a
  // removed admin role or a deleted account counts on the next request, on every instance.
  const session = await auth().api.getSession({ headers: request.headers });
  return session ? sessionUser(session.user) : null;
}

function sessionUser(found: {
  id: string;
  email: string;
  name: string;
  role?: string | null;
  phone?: string | null;
  twoFactorEnabled?: boolean | null;
}): SessionUser {
  const { id, email, name, role, phone, twoFactorEnabled } = found;
  return {
    id,
    email,
    name,
    role: toRole(role),
    phone: phone ?? null,
    twoFactorEnabled: Boolean(twoFactorEnabled),
  };
}

/** The signed-in user, or a redirect to /login that comes back here afterwards. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (user) return user;
  const url = new URL(request.url);
  const back = safeRedirect(url.pathname + url.search);
  throw redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
}

/**
 * The answer to a post to a back-office page that takes none: the guard first (a guest signs
 * in, a customer gets 403), then 405 for an admin. Without an action React Router would answer
 * 405 before any guard, which told outsiders which back-office pages exist (unknown addresses
 * get the guard: admin.$.tsx).
 */
export async function refusePosts(request: Request): Promise<never> {
  await requireAdmin(request);
  throw new Response('Method not allowed.', {
    status: 405,
    statusText: 'Method Not Allowed',
    headers: { Allow: 'GET, HEAD' },
  });
}

/**
 * The signed-in admin. Guests are sent to sign in; a signed-in non-admin gets a 403 response
 * (a page, not a redirect loop). Call it first in every admin loader and action.
 */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.role !== 'admin') {
    throw new Response('You do not have access to this page.', {
      status: 403,
      statusText: 'Forbidden',
    });
  }
  return user;
}
