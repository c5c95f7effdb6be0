import { useEffect, useRef, useState } from 'react';
import { Link, useActionData, useFetcher } from 'react-router';
import type { CartLine, CartResult } from '~/lib/cart';
import { CART_STORAGE_KEY, foldGuestCookie, useLocalCart } from '~/lib/cart-storage';
import { useNonce } from '~/lib/nonce';
import { ENQUIRY_REPLY_TIME } from '~/lib/site';
import { CartLines } from './cart-lines';
import { EnquiryForm } from './enquiry-form';

interface Props {
  signedIn: boolean;
  /** A customer's cart, or the lines of a guest's cart that the server knows (its cookie). */
  lines: CartLine[];
  /** The product just added by a plain form post, to confirm it. */
  added: string | null;
  idempotencyKey: string;
}

/**
 * The cart: its lines and the enquiry form. A customer's lines come from the server; a guest's
 * from local storage once scripts run (the server's cookie lines folded in), and from the cookie
 * before that or without JavaScript.
 */
export function CartPage({ signedIn, lines: serverLines, added, idempotencyKey }: Props) {
  const local = useLocalCart(!signedIn);
  const nonce = useNonce();
  useEffect(() => {
    if (!signedIn) foldGuestCookie(serverLines);
  }, [signedIn, serverLines]);
  // The empty-cart mark of the first paint is stale once this page is left.
  useEffect(() => () => document.documentElement.classList.remove('cart-empty'), []);
  const lines = signedIn ? serverLines : (local ?? (serverLines.length ? serverLines : null));
  // A sent enquiry's answer is a redirect to its confirmation page. A repeated submit of a
  // guest's form cannot have one (its link's token is not kept): say the reference here instead.
  const fetched = useFetcher<CartResult>({ key: 'enquiry' }).data;
  const posted = useActionData<CartResult>();
  const result = fetched ?? posted;
  const sent = result?.ok ? result.reference : undefined;
  // What a change to the lines did, said to screen readers (the region is there from the start).
  const [said, say] = useState('');
  // The last line removed: the empty cart's message takes the focus its button had.
  const emptied = useRef<HTMLParagraphElement>(null);
  const hadLines = useRef(false);
  useEffect(() => {
    if (lines?.length) hadLines.current = true;
    else if (lines && hadLines.current && said) emptied.current?.focus();
  }, [lines, said]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">My Cart</h1>
      <p role="status" className="sr-only">
        {said}
      </p>
      {!signedIn ? (
        <p className="mt-2 text-sm text-slate-700">
          Log in to keep your cart and follow your enquiries.{' '}
          <Link to="/login?redirectTo=/cart" className="font-semibold text-brand-700 underline">
            Log in
          </Link>
        </p>
      ) : null}
      {added ? (
        <p role="status" className="mt-4 rounded-md bg-green-50 px-3 py-2 text-sm text-green-900">
          Added to Cart: {added}
        </p>
      ) : null}
      {sent ? (
        <div role="status" className="mt-4 rounded-md bg-green-50 px-4 py-3 text-green-900">
          <p className="font-semibold">Thank you, your enquiry has been sent.</p>
          <p>
            Reference: <strong data-testid="enquiry-reference">{sent}</strong>. Please quote it when
            you contact us; we reply {ENQUIRY_REPLY_TIME}.
          </p>
        </div>
      ) : null}
      {lines?.length === 0 ? (
        // Nothing to enquire about: no Order Summary and no ENQUIRE, only the way back to the shop.
        <div className="mt-6">
          <EmptyCart focusRef={emptied} />
        </div>
      ) : (
        <>
          {lines === null ? (
            // A guest's cart before scripts have read it. Without scripts the server's (empty)
            // cart is all there is; with them, this inline script marks an empty local cart on
            // <html> before the first paint, so an empty cart shows at once instead of the form
            // it would then remove (a layout shift of the whole page).
            <>
              <script
                nonce={nonce}
                suppressHydrationWarning
                dangerouslySetInnerHTML={{ __html: EMPTY_CART_PROBE }}
              />
              <div className="mt-6 hidden noscript:block [.cart-empty_&]:block">
                <EmptyCart />
              </div>
            </>
          ) : null}
          <div
            className={`mt-6 grid gap-8 lg:grid-cols-[1fr_380px] ${lines === null ? 'noscript:hidden [.cart-empty_&]:hidden' : ''}`}
          >
            <section aria-label="Cart items">
              {lines === null ? (
                <p className="text-slate-600" aria-busy="true">
                  Loading your cart…
                </p>
              ) : (
                <CartLines lines={lines} signedIn={signedIn} onChanged={say} />
              )}
            </section>
            <div>
              <EnquiryForm lines={lines} signedIn={signedIn} idempotencyKey={idempotencyKey} />
            </div>
          </div>
        </>
      )}
    </div>
  );
}

/** Marks <html> when the guest's local cart is empty (see CartPage); removed when it unmounts. */
const EMPTY_CART_PROBE = `try{var c=JSON.parse(localStorage.getItem(${JSON.stringify(CART_STORAGE_KEY)})||"[]");if(!c||!c.length)document.documentElement.classList.add("cart-empty")}catch(e){}`;

function EmptyCart({ focusRef }: { focusRef?: React.Ref<HTMLParagraphElement> }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
      <p ref={focusRef} tabIndex={-1} className="text-lg font-semibold text-slate-900">
        Your shopping cart is empty.
      </p>
      <p className="mt-2 text-slate-600">
        Add the equipment you need, then send us one enquiry for a quotation.
      </p>
      <Link
        to="/shop"
        className="mt-4 inline-block rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
      >
        Browse the catalogue
      </Link>
    </div>
  );
}
