/**
 * The Better Auth endpoints served over HTTP under /api/auth: what the shop's pages, Google's
 * sign-in and the tests call. The pages call Better Auth in-process (`auth().api`), which this
 * list does not limit. Everything else Better Auth and its plugins offer answers 404: checking a
 * password outside the sign-in's per-account lock (`/verify-password`), listing every session's
 * token, linking accounts, the admin plugin's user management (roles, passwords, impersonation)
 * outside the back office's rules and audit trail. A list of what is allowed, so an endpoint a
 * Better Auth upgrade adds stays off until someone adds it here.
 */
const SERVED = new Set([
  '/sign-in/email',
  '/sign-up/email',
  '/sign-out',
  '/get-session',
  '/request-password-reset',
  '/reset-password',
  '/change-password',
  '/update-user',
  // Google's redirect back, and the page Better Auth sends a failed one to.
  '/callback/google',
  '/error',
]);
const SERVED_UNDER = ['/two-factor/'];

/** Whether the Better Auth endpoint at `path` (below /api/auth) is served over HTTP. */
export function servedOverHttp(path: string): boolean {
  const endpoint = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return SERVED.has(endpoint) || SERVED_UNDER.some((prefix) => endpoint.startsWith(prefix));
}
