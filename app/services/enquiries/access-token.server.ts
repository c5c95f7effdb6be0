import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { GUEST_NAME } from '~/lib/constants';
import { env } from '../env.server';

/**
 * A guest's enquiry has no account to hang it on, so its confirmation page is reached through an
 * unguessable link: 32 random bytes (256 bits), base64url, 43 characters. Only the token's
 * SHA-256 is stored (`enquiries.access_token_hash`); the token itself is in the acknowledgement
 * e-mail and the redirect after sending. Looking a token up by its hash compares in constant time
 * as far as the token goes: the database compares digests, which tell nothing about the token's
 * characters, and a token of another shape is refused before any lookup.
 */
export function newAccessToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashAccessToken(token) };
}

export function hashAccessToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function isAccessTokenShape(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

/** Where a guest's confirmation page lives. */
export function confirmationPath(token: string): string {
  return `/enquiries/${token}`;
}

/**
 * Who may see a guest enquiry's contact details in full. Anyone can type anyone's address into
 * the guest form, so whoever opens the e-mailed link may not be the sender: the token page masks
 * the name, e-mail and phone and leaves out what the sender wrote (message, organisation, codes).
 * Only the browser that just sent the enquiry sees it all: the submit answer sets this HttpOnly
 * cookie, an HMAC of the enquiry's token hash under the server's secret (so knowing the token,
 * as the e-mail's reader does, is not enough to forge it), scoped to the token pages and kept for
 * an hour. A later enquiry from the same browser replaces it.
 */
const SENDER_COOKIE = 'fh_enquiry_sender';
const SENDER_MAX_AGE = 60 * 60;

function senderProof(tokenHash: string): string {
  return createHmac('sha256', env().authSecret)
    .update(`enquiry-sender:${tokenHash}`)
    .digest('base64url');
}

/** The Set-Cookie header that marks this browser as the sender of the enquiry with this token. */
export function senderCookie(token: string): string {
  const secure = env().secureCookies ? '; Secure' : '';
  return `${SENDER_COOKIE}=${senderProof(hashAccessToken(token))}; Path=/enquiries/; Max-Age=${SENDER_MAX_AGE}; HttpOnly; SameSite=Lax${secure}`;
}

/** Whether this request comes from the browser that sent the enquiry with this token hash. */
export function isSender(request: Request, tokenHash: string): boolean {
  const cookies = request.headers.get('cookie') ?? '';
  const match = new RegExp(`(?:^|;\\s*)${SENDER_COOKIE}=([A-Za-z0-9_-]+)`).exec(cookies);
  if (!match) return false;
  const given = Buffer.from(match[1]!);
  const expected = Buffer.from(senderProof(tokenHash));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** `jane@example.com` → `j•••@example.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

/** `+65 6123 4567` → `•••• 4567`. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length > 4 ? `•••• ${digits.slice(-4)}` : '••••';
}

/** `Tan Siew Ling` → `T•••`; the default guest name stays as it is. */
export function maskName(name: string): string {
  return name === GUEST_NAME ? name : `${[...name][0] ?? ''}•••`;
}
