/**
 * A same-site path to redirect to, or the fallback. Anything that could leave the site
 * (`//evil.example`, `https://evil.example`, `/\evil.example`) becomes the fallback.
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = '/',
): string {
  if (
    typeof to !== 'string' ||
    !to.startsWith('/') ||
    to.startsWith('//') ||
    to.startsWith('/\\')
  ) {
    return fallback;
  }
  // Control characters (a tab or newline inside the path) can turn it into another origin.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(to)) return fallback;
  return to;
}

/**
 * Where a user lands after signing in: admins on the enquiry list, everyone else on `to` when it
 * is a same-site path, else the home page.
 */
export function landingPath(
  role: 'admin' | 'customer',
  to?: FormDataEntryValue | string | null,
): string {
  return role === 'admin' ? '/admin/list' : safeRedirect(to);
}
