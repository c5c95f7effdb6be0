/**
 * What the cart's server and browser parts share: the shape of a line, what the cart's action
 * answers, and the guest cart cookie's format (docs/forms.md, "Before and without JavaScript").
 */
import type { ActionResult, ActionSuccess } from './forms';
import type { EnquiryTyped } from './schemas/enquiry';

/** The most of one product a cart line or an enquiry item may ask for. */
export const MAX_QUANTITY = 9999;
/** What the cart says to a quantity outside 1–MAX_QUANTITY (or not a whole number). */
export const QUANTITY_MESSAGE = `Quantity must be between 1 and ${MAX_QUANTITY}.`;

/** A typed quantity as a number, or null when the cart would refuse it (QUANTITY_MESSAGE). */
export function parseQuantity(raw: string | number): number | null {
  const text = String(raw).trim();
  if (!/^\d{1,9}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= MAX_QUANTITY ? n : null;
}

/** Lines one cart (and one enquiry) may hold. */
export const MAX_LINES = 200;

/** One cart line as the cart page shows it. */
export interface CartLine {
  productId: number;
  name: string;
  imageUrl: string | null;
  quantity: number;
}

interface CartAnswer {
  /** The form's intent: add, quantity, remove, merge, enquire. */
  intent: string;
  /** The product added. */
  name?: string;
  /** The enquiry's reference (absent when the honeypot was filled). */
  reference?: string;
  /** How many lines a merge moved into the account's cart. */
  merged?: number;
}

/** What /cart's action answers on success. */
export type CartSuccess = ActionSuccess<CartAnswer>;
/** What /cart's action answers. */
export type CartResult = ActionResult<CartAnswer> & { typed?: EnquiryTyped };

/**
 * A guest cart added to before the page ran its scripts (or without JavaScript) lives in this
 * cookie, because only a request reaches the server then: `productId:quantity` pairs joined by
 * `.`, and the cart's token last (`3:2.17:1.t0123456789abcdef`; see serializeGuestCart). It is not signed: it says only what the guest wants, every id is checked
 * against the catalogue when read, and it is bounded so that it stays a small header. Not
 * HttpOnly: once scripts run, the browser folds it into the local-storage cart and deletes it.
 */
export const GUEST_CART_COOKIE = 'fh_cart';
export const GUEST_CART_MAX_LINES = 50;

export interface GuestCartEntry {
  productId: number;
  quantity: number;
}

const clampQuantity = (n: number) => Math.min(MAX_QUANTITY, Math.max(1, Math.floor(n) || 1));

/** The cookie's lines; anything malformed is skipped, a repeated product adds up. */
export function parseGuestCart(value: string | null | undefined): GuestCartEntry[] {
  const lines = new Map<number, number>();
  for (const pair of (value ?? '').split('.')) {
    const match = /^(\d{1,9}):(\d{1,4})$/.exec(pair);
    if (!match) continue;
    const productId = Number(match[1]);
    if (productId < 1) continue;
    if (!lines.has(productId) && lines.size >= GUEST_CART_MAX_LINES) continue;
    lines.set(productId, clampQuantity((lines.get(productId) ?? 0) + Number(match[2])));
  }
  return [...lines].map(([productId, quantity]) => ({ productId, quantity }));
}

/**
 * The cookie value for these lines (at most GUEST_CART_MAX_LINES, the first ones kept), with the
 * cart's token (`t` and 16 hex digits, a part the lines' parser skips) when given: the server
 * merges one token's lines into an account once (cart_merges).
 */
export function serializeGuestCart(
  lines: readonly GuestCartEntry[],
  token: string | null = null,
): string {
  const pairs = lines
    .slice(0, GUEST_CART_MAX_LINES)
    .map((l) => `${l.productId}:${clampQuantity(l.quantity)}`);
  if (pairs.length && cartTokenOf(token)) pairs.push(`t${token}`);
  return pairs.join('.');
}

const CART_TOKEN = /^t([0-9a-f]{16})$/;

/**
 * A guest cart's token as the browser sends it with a merge (16 lowercase hex digits, the
 * cookie's format), or null for anything else: such a merge goes ahead without one.
 */
export function cartTokenOf(value: unknown): string | null {
  return typeof value === 'string' && CART_TOKEN.test(`t${value}`) ? value : null;
}

/** A new cart token: 16 lowercase hex digits (the server's and the browser's carts alike). */
export function newCartToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The cart's token in a guest cart cookie's value, or null (cookies written before it). */
export function guestCartToken(value: string | null | undefined): string | null {
  for (const part of (value ?? '').split('.')) {
    const match = CART_TOKEN.exec(part);
    if (match) return match[1]!;
  }
  return null;
}

/** The named cookie's value in a Cookie header (or `document.cookie`). */
export function cookieValue(header: string | null | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}
