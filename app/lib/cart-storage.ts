import { useEffect, useState } from 'react';

/** Local-storage key of the guest cart (spec §3). */
export const CART_STORAGE_KEY = 'cart';
export const CART_CHANGE_EVENT = 'fieldhouse:cart-change';

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

/** Number of items in the guest cart (sum of quantities), following changes in any tab. */
export function useLocalCartCount(enabled: boolean): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    const update = () =>
      setCount(readLocalCart().reduce((sum, line) => sum + Math.max(1, line.quantity || 1), 0));
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

/** Saves the guest cart and tells every listener (header count, cart page) in this tab. */
export function writeLocalCart(lines: LocalCartLine[]): void {
  if (lines.length) window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
  else window.localStorage.removeItem(CART_STORAGE_KEY);
  window.dispatchEvent(new Event(CART_CHANGE_EVENT));
}

/** Adds a product to the guest cart: one line per product, adding again raises the quantity. */
export function addLocalLine(product: { id: number; name: string; imageUrl: string | null }): void {
  const lines = readLocalCart();
  const line = lines.find((l) => l.id === product.id);
  if (line) line.quantity = Math.min(9999, Math.max(1, line.quantity || 1) + 1);
  else lines.push({ id: product.id, name: product.name, image_url: product.imageUrl, quantity: 1 });
  writeLocalCart(lines);
}

export function setLocalQuantity(id: number, quantity: number): void {
  writeLocalCart(
    readLocalCart().map((l) =>
      l.id === id ? { ...l, quantity: Math.min(9999, Math.max(1, Math.floor(quantity) || 1)) } : l,
    ),
  );
}

export function removeLocalLine(id: number): void {
  writeLocalCart(readLocalCart().filter((l) => l.id !== id));
}

/** The guest cart, following changes in this tab and others. */
export function useLocalCart(enabled: boolean): LocalCartLine[] | null {
  const [lines, setLines] = useState<LocalCartLine[] | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const update = () => setLines(readLocalCart());
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
