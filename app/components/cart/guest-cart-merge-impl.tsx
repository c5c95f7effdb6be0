import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import type { CartResult } from '~/lib/cart';
import { localCartToken, readLocalCart, writeLocalCart } from '~/lib/cart-storage';
import { toast } from '~/lib/toast';
import { useOnResult } from '~/lib/use-on-result';

/**
 * Merges the guest cart left in this browser into the signed-in account's cart once (the server
 * remembers its token), then clears it locally, and tells the buyer (quantities of a product
 * already in the account's cart add up, which would otherwise go unnoticed). Rendered by
 * ./guest-cart-merge when there is such a cart.
 */
export default function GuestCartMergeImpl() {
  const fetcher = useFetcher<CartResult>();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    const lines = readLocalCart();
    if (!lines.length) return;
    sent.current = true;
    // The cart's token makes the merge happen once, however often it is sent: the cart is
    // cleared only after an answer, which a reload, a second tab or a lost connection can miss.
    const token = localCartToken();
    void fetcher.submit(
      {
        intent: 'merge',
        js: '1',
        lines: JSON.stringify(
          lines.map((l) => ({ productId: l.id, quantity: Math.max(1, l.quantity || 1) })),
        ),
        ...(token ? { token } : {}),
      },
      { method: 'post', action: '/cart' },
    );
  }, [fetcher]);
  useOnResult(fetcher.data, (r) => {
    if (!r.ok) return;
    writeLocalCart([]);
    if (r.merged)
      toast.success('Your cart was updated', {
        description: `${r.merged} ${r.merged === 1 ? 'product' : 'products'} you added before signing in ${r.merged === 1 ? 'is' : 'are'} now in your account's cart; quantities of products already there were added together.`,
      });
  });
  return null;
}
