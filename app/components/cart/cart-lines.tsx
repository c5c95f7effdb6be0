import { Minus, Plus, Trash2 } from 'lucide-react';
import { Link, useFetcher } from 'react-router';
import { MAX_QUANTITY, type CartLine, type CartResult } from '~/lib/cart';
import { removeLocalLine, setLocalQuantity } from '~/lib/cart-storage';
import { toast } from '~/lib/toast';
import { useFocusAfterChange } from '~/lib/use-focus-after-change';
import { useHydrated } from '~/lib/use-hydrated';
import { useSyncedValue } from '~/lib/use-synced-value';
import { useOnResult } from '~/lib/use-on-result';

const stepButton =
  'rounded-md border border-slate-300 p-1.5 hover:bg-slate-50 disabled:opacity-40 aria-disabled:opacity-40';

/**
 * The cart's lines with their quantity and remove controls. Each control is a small form of its
 * own that posts to /cart, so it works before the page's scripts run; once they run, a guest's
 * change goes to local storage and a customer's through a fetcher, and a refusal shows 'Oops!'.
 */
export function CartLines({
  lines,
  signedIn,
  onChanged,
}: {
  lines: CartLine[];
  signedIn: boolean;
  /** Says what a change did (the page's status region). */
  onChanged: (message: string) => void;
}) {
  const edit = useFetcher<CartResult>({ key: 'cart-edit' });
  useOnResult(edit.data, (r) => {
    if (!r.ok) toast.error('Oops!', { description: r.error ?? Object.values(r.fields ?? {})[0] });
  });
  // A removed line takes its Remove button with it: the focus goes to the next line's (or the
  // previous one's) instead of falling to the page. The last line's: the page's empty cart.
  const focusAfterChange = useFocusAfterChange(lines);

  const change = (line: CartLine, quantity: number) => {
    onChanged(`Quantity of ${line.name}: ${quantity}.`);
    if (signedIn)
      void edit.submit(
        { intent: 'quantity', productId: line.productId, quantity, js: '1' },
        { method: 'post', action: '/cart' },
      );
    else setLocalQuantity(line.productId, quantity);
  };
  const remove = (line: CartLine) => {
    const at = lines.indexOf(line);
    const next = lines[at + 1] ?? lines[at - 1];
    if (next) focusAfterChange(`remove-line-${next.productId}`);
    onChanged(`${line.name} removed from your cart.`);
    if (signedIn)
      void edit.submit(
        { intent: 'remove', productId: line.productId, js: '1' },
        { method: 'post', action: '/cart' },
      );
    else removeLocalLine(line.productId);
  };

  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {lines.map((line) => (
        <li
          key={line.productId}
          className="flex flex-wrap items-center gap-4 p-4"
          data-testid="cart-line"
        >
          {/* The name beside it is the link people use: this one is out of the tab order and
              hidden from screen readers (an image link without a name). */}
          <Link to={`/products/${line.productId}`} className="shrink-0" tabIndex={-1} aria-hidden>
            {line.imageUrl ? (
              <img
                src={line.imageUrl}
                alt=""
                width={80}
                height={80}
                className="size-20 rounded-md object-cover"
              />
            ) : (
              <div className="size-20 rounded-md bg-slate-100" />
            )}
          </Link>
          <div className="min-w-40 flex-1">
            <Link
              to={`/products/${line.productId}`}
              className="font-semibold text-slate-900 hover:text-brand-700"
            >
              {line.name}
            </Link>
          </div>
          <QuantityControl
            line={line}
            busy={edit.state !== 'idle'}
            onChange={(q) => change(line, q)}
          />
          <form
            method="post"
            action="/cart"
            onSubmit={(event) => {
              event.preventDefault();
              remove(line);
            }}
          >
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="productId" value={line.productId} />
            <button
              type="submit"
              aria-label={`Remove ${line.name}`}
              id={`remove-line-${line.productId}`}
              className="rounded-md p-2 text-slate-600 hover:bg-red-50 hover:text-red-700"
            >
              <Trash2 aria-hidden className="size-5" />
            </button>
          </form>
        </li>
      ))}
    </ul>
  );
}

/**
 * −, the quantity and +: three forms side by side. Without JavaScript − and + post the new
 * quantity and Enter in the field posts what was typed; with it, the field commits on Enter or
 * when it loses focus.
 */
function QuantityControl({
  line,
  busy,
  onChange,
}: {
  line: CartLine;
  busy: boolean;
  onChange: (quantity: number) => void;
}) {
  // A new quantity from outside (the server, another tab) replaces what was typed.
  const [value, setValue] = useSyncedValue(String(line.quantity));
  const commit = (raw: string | number) => {
    // While a change is on its way the controls stay focusable (aria-disabled, readOnly: a
    // disabled control drops the keyboard's focus to the page) but do nothing.
    if (busy) return;
    const n = Math.min(MAX_QUANTITY, Math.max(1, Math.floor(Number(raw)) || 1));
    setValue(String(n));
    if (n !== line.quantity) onChange(n);
  };
  const id = `qty-${line.productId}`;
  // Before scripts run a step at its limit (− at 1) is disabled, so no post can ask for 0; after,
  // it is aria-disabled and does nothing, so a keyboard stepping down to 1 keeps its focus there.
  const hydrated = useHydrated();
  const step = (quantity: number, label: string, icon: React.ReactNode, atLimit: boolean) => (
    <form
      method="post"
      action="/cart"
      onSubmit={(event) => {
        event.preventDefault();
        if (!atLimit) commit(quantity);
      }}
    >
      <input type="hidden" name="intent" value="quantity" />
      <input type="hidden" name="productId" value={line.productId} />
      <input type="hidden" name="quantity" value={quantity} />
      <button
        type="submit"
        aria-label={label}
        disabled={atLimit && !hydrated}
        aria-disabled={busy || atLimit || undefined}
        className={stepButton}
      >
        {icon}
      </button>
    </form>
  );
  return (
    <div className="flex items-center gap-1">
      {step(
        line.quantity - 1,
        `Decrease quantity of ${line.name}`,
        <Minus aria-hidden className="size-4" />,
        line.quantity <= 1,
      )}
      {/* With JavaScript, Enter commits what was typed as leaving the field does (too many
          becomes the most there can be), instead of the browser refusing it and the field
          showing a number the cart does not hold. */}
      <form
        method="post"
        action="/cart"
        noValidate={hydrated}
        onSubmit={(event) => {
          event.preventDefault();
          commit(value);
        }}
      >
        <input type="hidden" name="intent" value="quantity" />
        <input type="hidden" name="productId" value={line.productId} />
        <label htmlFor={id} className="sr-only">
          Quantity of {line.name}
        </label>
        <input
          id={id}
          name="quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_QUANTITY}
          value={value}
          readOnly={busy}
          onChange={(e) => setValue(e.target.value)}
          onBlur={(e) => commit(e.target.value)}
          className="w-20 rounded-md border border-slate-300 px-2 py-1.5 text-center text-sm"
        />
      </form>
      {step(
        line.quantity + 1,
        `Increase quantity of ${line.name}`,
        <Plus aria-hidden className="size-4" />,
        line.quantity >= MAX_QUANTITY,
      )}
    </div>
  );
}
