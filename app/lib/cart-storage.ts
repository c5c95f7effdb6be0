import { useEffect, useState } from 'react';
import {
  cartTokenOf,
  cookieValue,
  GUEST_CART_COOKIE,
  guestCartToken,
  newCartToken,
  MAX_QUANTITY,
  parseGuestCart,
  type CartLine,
} from './cart';

/** Local-storage key of the guest cart. */
export const CART_STORAGE_KEY = 'cart';
export const CART_CHANGE_EVENT = 'fieldhouse:cart-change';
/**
 * Local-storage key of the guest cart's token, kept beside the cart (whose shape stays as it is, so carts saved earlier still load):
 * created with the cart, kept while it changes, dropped with it. The server merges one token into
 * an account once (mergeCart), so a merge sent again (a reload, a second tab, an answer lost
 * before the cart was cleared) does not add the quantities twice.
 */
export const CART_TOKEN_STORAGE_KEY = 'cart-token';

export interface LocalCartLine {
  id: number;
  name: string;
  image_url: string | null;
  quantity: number;
}

/** The guest cart from local storage; anything unreadable counts as empty. */
export function readLocalCart(): LocalCartLine[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (line): line is LocalCartLine =>
        typeof line === 'object' && line !== null && Number.isInteger((line as LocalCartLine).id),
    );
  } catch {
    return [];
  }
}

/**
 * The guest cart's token, for its merge into an account; a cart saved before carts had tokens
 * gets one now, so that sending its merge again is still recognised. Null when there is no cart.
 */
export function localCartToken(): string | null {
  if (!readLocalCart().length) return null;
  const stored = cartTokenOf(window.localStorage.getItem(CART_TOKEN_STORAGE_KEY));
  if (stored) return stored;
  const token = newCartToken();
  window.localStorage.setItem(CART_TOKEN_STORAGE_KEY, token);
  return token;
}

/** The guest cart cookie's lines (kept by the server before scripts ran), not yet folded in. */
function cookieCart() {
  return parseGuestCart(cookieValue(document.cookie, GUEST_CART_COOKIE));
}

/**
 * Moves the lines the server kept in the guest cart cookie (added before the page's scripts ran)
 * into the local cart, then deletes the cookie, so a guest has one cart again. `described` are
 * the same lines with names and images, as the cart page's loader read them; a line the loader
 * did not describe (its product is gone) is dropped.
 */
export function foldGuestCookie(described: readonly CartLine[]): void {
  const cookie = cookieValue(document.cookie, GUEST_CART_COOKIE);
  const pending = parseGuestCart(cookie);
  if (!pending.length) return;
  // Deleted first: a second call (React runs effects twice in development) finds nothing to add.
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${GUEST_CART_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
  const names = new Map(described.map((l) => [l.productId, l]));
  const lines = readLocalCart();
  // The cookie's lines become the local cart: under the cookie's token, so a sign-in loader that
  // merged the cookie meanwhile (another tab) and this cart's merge count as one.
  const token = guestCartToken(cookie);
  if (!lines.length && token) window.localStorage.setItem(CART_TOKEN_STORAGE_KEY, token);
  for (const entry of pending) {
    const info = names.get(entry.productId);
    if (!info) continue;
    const line = lines.find((l) => l.id === entry.productId);
    if (line)
      line.quantity = Math.min(MAX_QUANTITY, Math.max(1, line.quantity || 1) + entry.quantity);
    else
      lines.push({
        id: info.productId,
        name: info.name,
        image_url: info.imageUrl,
        quantity: entry.quantity,
      });
  }
  writeLocalCart(lines);
}

/** Number of items in the guest cart (sum of quantities), following changes in any tab. */
export function useLocalCartCount(enabled: boolean): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    // Lines still waiting in the cookie count too: they are in the cart the guest will see.
    const update = () =>
      setCount(
        readLocalCart().reduce((sum, line) => sum + Math.max(1, line.quantity || 1), 0) +
          cookieCart().reduce((sum, line) => sum + line.quantity, 0),
      );
    update();
    window.addEventListener('storage', update);
    window.addEventListener(CART_CHANGE_EVENT, update);
    return () => {
      window.removeEventListener('storage', update);
      window.removeEventListener(CART_CHANGE_EVENT, update);
    };
  }, [enabled]);
  return count;
}

/**
 * Saves the guest cart and tells every listener (header count, cart page) in this tab. A new
 * cart gets its token (first, so no cart is ever seen without one); an emptied cart drops it.
 */
export function writeLocalCart(lines: LocalCartLine[]): void {
  const storage = window.localStorage;
  if (lines.length) {
    if (!cartTokenOf(storage.getItem(CART_TOKEN_STORAGE_KEY)))
      storage.setItem(CART_TOKEN_STORAGE_KEY, newCartToken());
    storage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
  } else {
    storage.removeItem(CART_STORAGE_KEY);
    storage.removeItem(CART_TOKEN_STORAGE_KEY);
  }
  window.dispatchEvent(new Event(CART_CHANGE_EVENT));
}

/**
 * Adds `quantity` (default 1) of a product to the guest cart: one line per product, adding again
 * raises the quantity (never above MAX_QUANTITY).
 */
export function addLocalLine(
  product: { id: number; name: string; imageUrl: string | null },
  quantity = 1,
): void {
  const n = Math.min(MAX_QUANTITY, Math.max(1, Math.floor(quantity) || 1));
  const lines = readLocalCart();
  const line = lines.find((l) => l.id === product.id);
  if (line) line.quantity = Math.min(MAX_QUANTITY, Math.max(1, line.quantity || 1) + n);
  else lines.push({ id: product.id, name: product.name, image_url: product.imageUrl, quantity: n });
  writeLocalCart(lines);
}

/** Sets a guest cart line's quantity, kept within 1–9999. */
export function setLocalQuantity(id: number, quantity: number): void {
  writeLocalCart(
    readLocalCart().map((l) =>
      l.id === id
        ? { ...l, quantity: Math.min(MAX_QUANTITY, Math.max(1, Math.floor(quantity) || 1)) }
        : l,
    ),
  );
}

/** Removes a product from the guest cart. */
export function removeLocalLine(id: number): void {
  writeLocalCart(readLocalCart().filter((l) => l.id !== id));
}

/** The guest cart as cart lines (null until read in the browser), following changes in any tab. */
export function useLocalCart(enabled: boolean): CartLine[] | null {
  const [lines, setLines] = useState<CartLine[] | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const update = () =>
      setLines(
        readLocalCart().map((l) => ({
          productId: l.id,
          name: l.name,
          imageUrl: l.image_url,
          quantity: Math.max(1, l.quantity || 1),
        })),
      );
    update();
    window.addEventListener('storage', update);
    window.addEventListener(CART_CHANGE_EVENT, update);
    return () => {
      window.removeEventListener('storage', update);
      window.removeEventListener(CART_CHANGE_EVENT, update);
    };
  }, [enabled]);
  return lines;
}
