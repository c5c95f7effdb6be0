import { Minus, Plus, ShoppingCart } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useFetcher, useNavigate, useRouteLoaderData } from 'react-router';
import { busyButton } from '~/lib/busy-button';
import { MAX_QUANTITY, parseQuantity, QUANTITY_MESSAGE, type CartResult } from '~/lib/cart';
import { addLocalLine } from '~/lib/cart-storage';
import { toast } from '~/lib/toast';
import { useHydrated } from '~/lib/use-hydrated';
import { useOnResult } from '~/lib/use-on-result';

export interface AddToCartProduct {
  id: number;
  name: string;
  imageUrl: string | null;
}

const FAILED = 'There was a problem adding your product to the cart.';

const stepButton =
  'flex size-11 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 disabled:opacity-50 aria-disabled:opacity-50';

/**
 * Adds a product to the cart: a guest's in local storage, a signed-in user's on the server. It is
 * a plain form posting to /cart, so a tap before the page's scripts run (or without JavaScript)
 * still adds it: the server keeps a guest's line in the guest cart cookie and shows the cart.
 * `withQuantity` adds a labelled quantity field with −/+ buttons (1–MAX_QUANTITY, the cart's own
 * limit and message); without JavaScript the browser checks the field's min and max itself.
 */
export function AddToCartButton({
  product,
  withQuantity = false,
}: {
  product: AddToCartProduct;
  withQuantity?: boolean;
}) {
  const root = useRouteLoaderData('root') as { user: unknown } | undefined;
  const signedIn = Boolean(root?.user);
  const hydrated = useHydrated();
  const fetcher = useFetcher<CartResult>();
  const navigate = useNavigate();
  const [value, setValue] = useState('1');
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const described = (n: number) => (n > 1 ? `${n} × ${product.name}` : product.name);
  // The toast offers the cart straight away: a buyer adding several products goes on shopping,
  // one adding the last goes to enquire.
  const added = (n: number) =>
    toast.success('Added to Cart', {
      description: described(n),
      action: { label: 'View cart', onClick: () => void navigate('/cart') },
    });

  const current = parseQuantity(value);
  useOnResult(fetcher.data, (r) => {
    if (r.ok) added(current ?? 1);
    else
      toast.error('Oops!', {
        description: r.error ?? r.fields?.quantity ?? r.fields?.productId ?? FAILED,
      });
  });

  function add() {
    const quantity = withQuantity ? parseQuantity(value) : 1;
    if (quantity === null) {
      setError(QUANTITY_MESSAGE);
      input.current?.focus();
      return;
    }
    setError(undefined);
    if (signedIn) {
      void fetcher.submit(
        { intent: 'add', productId: product.id, quantity, js: '1' },
        { method: 'post', action: '/cart' },
      );
      return;
    }
    try {
      addLocalLine(product, quantity);
      added(quantity);
    } catch {
      toast.error('Oops!', { description: FAILED });
    }
  }

  const step = (by: number) => {
    const n = Math.min(MAX_QUANTITY, Math.max(1, (parseQuantity(value) ?? 1) + by));
    setValue(String(n));
    setError(undefined);
  };

  const submit = (
    <button
      type="submit"
      {...busyButton(fetcher.state !== 'idle')}
      // Beside the quantity field it takes the field's height, so both fit one row on a phone.
      className={`inline-flex items-center justify-center gap-2 rounded-md bg-brand-600 font-semibold text-white hover:bg-brand-700 aria-disabled:opacity-70 ${withQuantity ? 'h-11 px-5' : 'px-6 py-3'}`}
    >
      <ShoppingCart aria-hidden className="size-5" />
      Add to Cart
    </button>
  );

  return (
    <form
      method="post"
      action="/cart"
      // With scripts the form checks the quantity itself and says so under the field; without,
      // the browser's own check of min/max stops a bad number.
      noValidate={hydrated}
      onSubmit={(event) => {
        event.preventDefault();
        add();
      }}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={product.id} />
      {withQuantity ? (
        <div>
          <div className="flex flex-wrap items-end gap-3">
            <div>
              <label htmlFor={id} className="block text-sm font-medium text-slate-800">
                Quantity
              </label>
              <div className="mt-1 flex items-center gap-1">
                {/* Named by text, not aria-label: getByLabel('Quantity') finds only the input. */}
                <button
                  type="button"
                  onClick={() => step(-1)}
                  disabled={!hydrated || (current !== null && current <= 1)}
                  className={stepButton}
                >
                  <Minus aria-hidden className="size-4" />
                  <span className="sr-only">Decrease quantity</span>
                </button>
                <input
                  ref={input}
                  id={id}
                  name="quantity"
                  type="number"
                  inputMode="numeric"
                  required
                  min={1}
                  max={MAX_QUANTITY}
                  step={1}
                  value={value}
                  onChange={(event) => {
                    setValue(event.target.value);
                    if (error && parseQuantity(event.target.value) !== null) setError(undefined);
                  }}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={`${id}-error`}
                  // The −/+ buttons replace the browser's spinner, which would crowd four digits.
                  className={`h-11 w-14 [appearance:textfield] rounded-md border bg-white px-1 text-center text-slate-900 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none ${error ? 'border-red-600' : 'border-slate-300'}`}
                />
                <button
                  type="button"
                  onClick={() => step(1)}
                  disabled={!hydrated || (current !== null && current >= MAX_QUANTITY)}
                  className={stepButton}
                >
                  <Plus aria-hidden className="size-4" />
                  <span className="sr-only">Increase quantity</span>
                </button>
              </div>
            </div>
            {submit}
          </div>
          <p id={`${id}-error`} className="mt-1 min-h-5 text-sm text-red-700">
            {error}
          </p>
        </div>
      ) : (
        submit
      )}
    </form>
  );
}
