import { ShoppingCart } from 'lucide-react';
import { useFetcher, useRouteLoaderData } from 'react-router';
import type { CartResult } from '~/lib/cart';
import { addLocalLine } from '~/lib/cart-storage';
import { toast } from '~/lib/toast';
import { useOnResult } from '~/lib/use-form';

export interface AddToCartProduct {
  id: number;
  name: string;
  imageUrl: string | null;
}

const FAILED = 'There was a problem adding your product to the cart.';

/**
 * Adds a product to the cart: a guest's in local storage, a signed-in user's on the server. It is
 * a plain form posting to /cart, so a tap before the page's scripts run (or without JavaScript)
 * still adds it: the server keeps a guest's line in the guest cart cookie and shows the cart.
 */
export function AddToCartButton({ product }: { product: AddToCartProduct }) {
  const root = useRouteLoaderData('root') as { user: unknown } | undefined;
  const signedIn = Boolean(root?.user);
  const fetcher = useFetcher<CartResult>();

  useOnResult(fetcher.data, (r) => {
    if (r.ok) toast.success('Added to Cart', { description: r.name ?? product.name });
    else toast.error('Oops!', { description: r.error ?? r.fields?.productId ?? FAILED });
  });

  function add() {
    if (signedIn) {
      void fetcher.submit(
        { intent: 'add', productId: product.id, js: '1' },
        { method: 'post', action: '/cart' },
      );
      return;
    }
    try {
      addLocalLine(product);
      toast.success('Added to Cart', { description: product.name });
    } catch {
      toast.error('Oops!', { description: FAILED });
    }
  }

  return (
    <form
      method="post"
      action="/cart"
      onSubmit={(event) => {
        event.preventDefault();
        add();
      }}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={product.id} />
      <button
        type="submit"
        disabled={fetcher.state !== 'idle'}
        className="inline-flex items-center justify-center gap-2 rounded-md bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
      >
        <ShoppingCart aria-hidden className="size-5" />
        Add to Cart
      </button>
    </form>
  );
}
