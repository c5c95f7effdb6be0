import { lazy, Suspense, useEffect, useState } from 'react';
import { readLocalCart } from '~/lib/cart-storage';

// Loaded only when there is something to merge: most pages of a signed-in buyer have no guest
// cart, and the merge brings the form pattern (use-form) that the root would put on every page.
const Merge = lazy(() => import('./guest-cart-merge-impl'));

/**
 * Rendered only for a signed-in user: a guest cart left in this browser is merged into the
 * account's cart once (./guest-cart-merge-impl). Lines the server kept in the guest cart cookie
 * are merged by the cart page's loader.
 */
export function GuestCartMerge() {
  const [guestCart, setGuestCart] = useState(false);
  // After hydration: the browser's storage is not there on the server.
  useEffect(() => setGuestCart(readLocalCart().length > 0), []);
  if (!guestCart) return null;
  return (
    <Suspense fallback={null}>
      <Merge />
    </Suspense>
  );
}
