import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import { readLocalCart, writeLocalCart } from '~/lib/cart-storage';

/**
 * Rendered only for a signed-in user: a guest cart left in this browser is merged into the
 * account's cart once, then cleared locally.
 */
export function GuestCartMerge() {
  const fetcher = useFetcher<{ ok: boolean }>();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    const lines = readLocalCart();
    if (!lines.length) return;
    sent.current = true;
    void fetcher.submit(
      {
        intent: 'merge',
        lines: JSON.stringify(
          lines.map((l) => ({ productId: l.id, quantity: Math.max(1, l.quantity || 1) })),
        ),
      },
      { method: 'post', action: '/cart' },
    );
  }, [fetcher]);
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) writeLocalCart([]);
  }, [fetcher.state, fetcher.data]);
  return null;
}
