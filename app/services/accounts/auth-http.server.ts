/**
 * The Better Auth endpoints served over HTTP under /api/auth: what the shop's pages, Google's
 * sign-in and the tests call. The pages call Better Auth in-process (`auth().api`), which this
 * list does not limit. Everything else Better Auth and its plugins offer answers 404: checking a
 * password outside the sign-in's per-account lock (`/verify-password`), listing every session's
 * token, linking accounts, the admin plugin's user management (roles, passwords, impersonation)
 * outside the back office's rules and audit trail, the two-factor plugin's backup-code viewer. A
 * list of what is allowed, so an endpoint a Better Auth upgrade adds stays off until someone adds
 * it here. Checked twice: by server/app.ts on the URL as Better Auth will read it, and by the
 * auth hooks on the endpoint Better Auth actually runs (auth-hooks.server.ts).
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
  '/two-factor/enable',
  '/two-factor/disable',
  '/two-factor/get-totp-uri',
  '/two-factor/verify-totp',
  '/two-factor/generate-backup-codes',
  '/two-factor/verify-backup-code',
  // Google's redirect back, and the page Better Auth sends a failed one to.
  '/callback/google',
  '/error',
]);

/** Whether the Better Auth endpoint at `path` (below /api/auth) is served over HTTP. */
export function servedOverHttp(path: string): boolean {
  return SERVED.has(path);
}

/**
 * The endpoint a request under /api/auth reaches: its path as a URL parser reads it (dot
 * segments resolved, `%2e%2e` included, as Better Auth's router sees it), below /api/auth.
 * Null for anything that does not stay below it.
 */
export function authEndpointOf(url: string): string | null {
  const pathname = new URL(url, 'http://x').pathname;
  return pathname.startsWith('/api/auth/') ? pathname.slice('/api/auth'.length) : null;
}
