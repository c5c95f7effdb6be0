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
