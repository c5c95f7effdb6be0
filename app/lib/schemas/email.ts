/** The longest e-mail address there is (RFC 5321's path limit less its brackets). */
export const EMAIL_MAX = 254;

// Something@something.something, without the characters that would give an address a second
// meaning where it is used: `?`, `%` and `#` in the back office's mailto: links (Cc, Bcc and a
// body chosen by whoever filled in the form), brackets, quotes, commas and semicolons in mail
// headers. Addresses that need them exist in the standard, not in practice.
const EMAIL = /^[^\s@?%#<>()[\]\\,;:"]+@[^\s@?%#<>()[\]\\,;:"]+\.[^\s@?%#<>()[\]\\,;:"]+$/;

/**
 * An e-mail address as people type one, at most EMAIL_MAX characters. One rule for the account
 * forms, the contact form and a guest's enquiry.
 */
export function isEmailAddress(value: string): boolean {
  // Nor invisible characters (direction marks turn how an address reads in the back office).
  return value.length <= EMAIL_MAX && EMAIL.test(value) && !/[\p{Cc}\p{Cf}]/u.test(value);
}

/**
 * A mailto: link to `address` alone: characters that would start its query (`?` for Cc, Bcc and a
 * body) or fragment are escaped, for addresses stored before the rule above.
 */
export function mailtoHref(address: string): string {
  return `mailto:${address.replace(/[%?#&]/g, (c) => encodeURIComponent(c))}`;
}
