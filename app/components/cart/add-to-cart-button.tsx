import { ShoppingCart } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useFetcher, useRouteLoaderData } from 'react-router';
import { toast } from '~/lib/toast';
import { addLocalLine } from '~/lib/cart-storage';

export interface AddToCartProduct {
  id: number;
  name: string;
  imageUrl: string | null;
}

const FAILED = 'There was a problem adding your product to the cart.';

/** Adds a product to the cart: a guest's in local storage, a signed-in user's on the server. */
export function AddToCartButton({ product }: { product: AddToCartProduct }) {
  const root = useRouteLoaderData('root') as { user: unknown } | undefined;
  const signedIn = Boolean(root?.user);
  const fetcher = useFetcher<{ ok: boolean; error?: string; name?: string }>();
  const shown = useRef<unknown>(null);

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data || shown.current === fetcher.data) return;
    shown.current = fetcher.data;
    if (fetcher.data.ok)
      toast.success('Added to Cart', { description: fetcher.data.name ?? product.name });
    else toast.error('Oops!', { description: fetcher.data.error ?? FAILED });
  }, [fetcher.state, fetcher.data, product.name]);

  function add() {
    if (signedIn) {
      void fetcher.submit({ intent: 'add', productId: product.id }, { method: 'post', action: '/cart' });
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
    <fetcher.Form method="post" action="/cart" onSubmit={(e) => (e.preventDefault(), add())}>
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
    </fetcher.Form>
  );
}
