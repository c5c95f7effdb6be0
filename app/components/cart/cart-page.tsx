import * as Dialog from '@radix-ui/react-dialog';
import { Minus, Plus, Trash2, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { toast } from '~/lib/toast';
import type { CartActionResult } from '~/routes/cart';
import {
  readLocalCart,
  removeLocalLine,
  setLocalQuantity,
  useLocalCart,
  writeLocalCart,
} from '~/lib/cart-storage';
import { ENQUIRY_MESSAGES, guestContactError, MAX_QUANTITY } from '~/lib/schemas/enquiry';

interface Line {
  productId: number;
  name: string;
  imageUrl: string | null;
  quantity: number;
}

interface Props {
  signedIn: boolean;
  lines: Line[] | null;
  idempotencyKey: string;
}

const input =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-600';
const label = 'block text-sm font-medium text-slate-800';

function QuantityControl({
  line,
  onChange,
  disabled,
}: {
  line: Line;
  onChange: (quantity: number) => void;
  disabled?: boolean;
}) {
  const [value, setValue] = useState(String(line.quantity));
  useEffect(() => setValue(String(line.quantity)), [line.quantity]);
  const commit = (raw: string) => {
    const n = Math.min(MAX_QUANTITY, Math.max(1, Math.floor(Number(raw)) || 1));
    setValue(String(n));
    if (n !== line.quantity) onChange(n);
  };
  const id = `qty-${line.productId}`;
  return (
    <div className="flex items-center gap-1">
      <button
        type="button"
        aria-label={`Decrease quantity of ${line.name}`}
        disabled={disabled || line.quantity <= 1}
        onClick={() => commit(String(line.quantity - 1))}
        className="rounded-md border border-slate-300 p-1.5 hover:bg-slate-50 disabled:opacity-40"
      >
        <Minus aria-hidden className="size-4" />
      </button>
      <label htmlFor={id} className="sr-only">
        Quantity of {line.name}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_QUANTITY}
        value={value}
        disabled={disabled}
        onChange={(e) => setValue(e.target.value)}
        onBlur={(e) => commit(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit((e.target as HTMLInputElement).value);
        }}
        className="w-20 rounded-md border border-slate-300 px-2 py-1.5 text-center text-sm"
      />
      <button
        type="button"
        aria-label={`Increase quantity of ${line.name}`}
        disabled={disabled || line.quantity >= MAX_QUANTITY}
        onClick={() => commit(String(line.quantity + 1))}
        className="rounded-md border border-slate-300 p-1.5 hover:bg-slate-50 disabled:opacity-40"
      >
        <Plus aria-hidden className="size-4" />
      </button>
    </div>
  );
}

export function CartPage({ signedIn, lines: serverLines, idempotencyKey }: Props) {
  const local = useLocalCart(!signedIn);
  const lines: Line[] | null = signedIn
    ? serverLines
    : (local?.map((l) => ({
        productId: l.id,
        name: l.name,
        imageUrl: l.image_url,
        quantity: Math.max(1, l.quantity || 1),
      })) ?? null);
  const edit = useFetcher<CartActionResult>();
  const enquiry = useFetcher<CartActionResult>();
  const [message, setMessage] = useState('');
  const [messageError, setMessageError] = useState<string | null>(null);
  const [promo, setPromo] = useState('');
  const [appliedPromo, setAppliedPromo] = useState('');
  const [organisation, setOrganisation] = useState('');
  const [poReference, setPoReference] = useState('');
  const [dialogOpen, setDialogOpen] = useState(false);
  const [contact, setContact] = useState({ email: '', name: '', phone: '' });
  const [contactError, setContactError] = useState<string | null>(null);
  const handled = useRef<unknown>(null);
  const submitting = enquiry.state !== 'idle';

  useEffect(() => {
    const result = enquiry.data;
    if (enquiry.state !== 'idle' || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      toast.success('Order saved successfully!', {
        description: result.reference ? `Your reference is ${result.reference}.` : undefined,
      });
      if (!signedIn) writeLocalCart([]);
      toast.success('Cart cleared successfully!');
      setDialogOpen(false);
      setMessage('');
      setPromo('');
      setAppliedPromo('');
      setOrganisation('');
      setPoReference('');
      setContact({ email: '', name: '', phone: '' });
    } else if (result.field === 'message') {
      setMessageError(result.error);
    } else if (['email', 'phone', 'name'].includes(result.field ?? '') && dialogOpen) {
      setContactError(result.error);
    } else {
      toast.error(result.error || 'Something went wrong. Please try again.');
    }
  }, [enquiry.state, enquiry.data, signedIn, dialogOpen]);

  useEffect(() => {
    if (edit.state === 'idle' && edit.data && !edit.data.ok)
      toast.error('Oops!', { description: edit.data.error });
  }, [edit.state, edit.data]);

  function changeQuantity(line: Line, quantity: number) {
    if (signedIn) {
      void edit.submit({ intent: 'quantity', productId: line.productId, quantity }, { method: 'post' });
    } else setLocalQuantity(line.productId, quantity);
  }

  function remove(line: Line) {
    if (signedIn) void edit.submit({ intent: 'remove', productId: line.productId }, { method: 'post' });
    else removeLocalLine(line.productId);
  }

  function submit(extra: Record<string, string>) {
    const items = signedIn
      ? []
      : readLocalCart().map((l) => ({ productId: l.id, quantity: Math.max(1, l.quantity || 1) }));
    void enquiry.submit(
      {
        intent: 'enquire',
        idempotencyKey,
        message,
        promoCode: appliedPromo,
        organisation,
        poReference,
        items: JSON.stringify(items),
        ...extra,
      },
      { method: 'post' },
    );
  }

  function onEnquire(event: React.FormEvent) {
    event.preventDefault();
    if (!lines?.length) {
      toast.error(ENQUIRY_MESSAGES.emptyCart);
      return;
    }
    if (!message.trim()) {
      setMessageError(ENQUIRY_MESSAGES.message);
      document.getElementById('enquiry-message')?.focus();
      return;
    }
    setMessageError(null);
    if (signedIn) submit({});
    else {
      setContactError(null);
      setDialogOpen(true);
    }
  }

  function onContactSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const error = guestContactError(contact);
    setContactError(error);
    if (error) return;
    const honeypot = new FormData(event.currentTarget).get('website');
    submit({ ...contact, website: String(honeypot ?? '') });
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">My Cart</h1>
      {!signedIn ? (
        <p className="mt-2 text-sm text-slate-700">
          Log in to checkout later.{' '}
          <Link to="/login?redirectTo=/cart" className="font-semibold text-brand-700 underline">
            Log in
          </Link>
        </p>
      ) : null}
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_380px]">
        <section aria-label="Cart items">
          {lines === null ? (
            <p className="text-slate-600" aria-busy="true">
              Loading your cart…
            </p>
          ) : lines.length === 0 ? (
            <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
              <p className="text-lg font-semibold text-slate-900">Your shopping cart is empty.</p>
              <Link
                to="/shop"
                className="mt-4 inline-block rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
              >
                Browse the catalogue
              </Link>
            </div>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
              {lines.map((line) => (
                <li
                  key={line.productId}
                  className="flex flex-wrap items-center gap-4 p-4"
                  data-testid="cart-line"
                >
                  <Link to={`/products/${line.productId}`} className="shrink-0">
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
                    onChange={(q) => changeQuantity(line, q)}
                    disabled={edit.state !== 'idle'}
                  />
                  <button
                    type="button"
                    onClick={() => remove(line)}
                    aria-label={`Remove ${line.name}`}
                    className="rounded-md p-2 text-slate-600 hover:bg-red-50 hover:text-red-700"
                  >
                    <Trash2 aria-hidden className="size-5" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section
          aria-labelledby="summary"
          className="h-fit rounded-xl border border-slate-200 bg-white p-5"
        >
          <h2 id="summary" className="text-lg font-bold">
            Order Summary
          </h2>
          <ul className="mt-3 space-y-1 text-sm" aria-label="Items in your enquiry">
            {(lines ?? []).map((line) => (
              <li key={line.productId} className="flex justify-between gap-3">
                <span>{line.name}</span>
                <span className="shrink-0 font-medium">× {line.quantity}</span>
              </li>
            ))}
          </ul>
          <form onSubmit={onEnquire} noValidate className="mt-5 space-y-4">
            <div>
              <label htmlFor="promo" className={label}>
                Promo code
              </label>
              <div className="mt-1 flex gap-2">
                <input
                  id="promo"
                  value={promo}
                  onChange={(e) => setPromo(e.target.value)}
                  className={input}
                  autoComplete="off"
                />
                <button
                  type="button"
                  onClick={() => {
                    if (!promo.trim()) return;
                    setAppliedPromo(promo.trim());
                    toast.success('Promo code applied!');
                  }}
                  className="rounded-md border border-slate-300 px-4 text-sm font-semibold hover:bg-slate-50"
                >
                  Apply
                </button>
              </div>
            </div>
            {signedIn ? (
              <>
                <div>
                  <label htmlFor="organisation" className={label}>
                    Organisation <span className="font-normal text-slate-600">(optional)</span>
                  </label>
                  <input
                    id="organisation"
                    value={organisation}
                    onChange={(e) => setOrganisation(e.target.value)}
                    className={`${input} mt-1`}
                    autoComplete="organization"
                  />
                </div>
                <div>
                  <label htmlFor="po" className={label}>
                    PO / GeBIZ reference{' '}
                    <span className="font-normal text-slate-600">(optional)</span>
                  </label>
                  <input
                    id="po"
                    value={poReference}
                    onChange={(e) => setPoReference(e.target.value)}
                    className={`${input} mt-1`}
                  />
                </div>
              </>
            ) : null}
            <div>
              <label htmlFor="enquiry-message" className={label}>
                Message
              </label>
              <textarea
                id="enquiry-message"
                required
                rows={4}
                value={message}
                onChange={(e) => setMessage(e.target.value)}
                aria-invalid={messageError ? true : undefined}
                aria-describedby={messageError ? 'message-error' : undefined}
                placeholder="Quantities, sizes, site address, timeline…"
                className={`${input} mt-1`}
              />
              {messageError ? (
                <p id="message-error" role="alert" className="mt-1 text-sm text-red-700">
                  {messageError}
                </p>
              ) : null}
            </div>
            <button
              type="submit"
              disabled={submitting}
              className="w-full rounded-md bg-accent-600 px-4 py-3 font-bold tracking-wide text-white hover:bg-accent-700 disabled:opacity-70"
            >
              {submitting && signedIn ? 'Sending…' : 'ENQUIRE'}
            </button>
          </form>
        </section>
      </div>

      <Dialog.Root open={dialogOpen} onOpenChange={setDialogOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
          <Dialog.Content
            onOpenAutoFocus={(event) => {
              event.preventDefault();
              document.getElementById('contact-email')?.focus();
            }}
            className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl"
          >
            <div className="flex items-start justify-between">
              <Dialog.Title className="text-xl font-bold">Contact Information</Dialog.Title>
              <Dialog.Close
                aria-label="Close"
                className="rounded-md p-1 text-slate-600 hover:bg-slate-100"
              >
                <X aria-hidden className="size-5" />
              </Dialog.Close>
            </div>
            <Dialog.Description className="mt-1 text-sm text-slate-700">
              How should we reach you with the quotation? Give an e-mail or a phone number.
            </Dialog.Description>
            <form onSubmit={onContactSubmit} noValidate className="mt-4 space-y-3">
              {(
                [
                  ['email', 'Email', 'email', 'email'],
                  ['name', 'Name (optional)', 'text', 'name'],
                  ['phone', 'Phone Number (optional)', 'tel', 'tel'],
                ] as const
              ).map(([key, text, type, auto]) => (
                <div key={key}>
                  <label htmlFor={`contact-${key}`} className={label}>
                    {text}
                  </label>
                  <input
                    id={`contact-${key}`}
                    type={type}
                    autoComplete={auto}
                    value={contact[key]}
                    onChange={(e) => setContact((c) => ({ ...c, [key]: e.target.value }))}
                    className={`${input} mt-1`}
                  />
                </div>
              ))}
              <div>
                <label htmlFor="contact-organisation" className={label}>
                  Organisation (optional)
                </label>
                <input
                  id="contact-organisation"
                  autoComplete="organization"
                  value={organisation}
                  onChange={(e) => setOrganisation(e.target.value)}
                  className={`${input} mt-1`}
                />
              </div>
              <div>
                <label htmlFor="contact-po" className={label}>
                  PO / GeBIZ reference (optional)
                </label>
                <input
                  id="contact-po"
                  value={poReference}
                  onChange={(e) => setPoReference(e.target.value)}
                  className={`${input} mt-1`}
                />
              </div>
              {/* Honeypot: hidden from people, filled by bots. */}
              <div aria-hidden className="absolute -left-[9999px] h-px w-px overflow-hidden">
                <label htmlFor="contact-website">Website</label>
                <input id="contact-website" name="website" tabIndex={-1} autoComplete="off" />
              </div>
              {contactError ? (
                <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
                  {contactError}
                </p>
              ) : null}
              <p className="text-xs text-slate-600">
                We use these details only to answer this enquiry and keep a record of it, as our{' '}
                <Link to="/privacy" className="underline">
                  privacy notice
                </Link>{' '}
                (PDPA) explains.
              </p>
              <div className="flex justify-end gap-2 pt-2">
                <Dialog.Close className="rounded-md px-4 py-2 font-semibold text-slate-700 hover:bg-slate-100">
                  Cancel
                </Dialog.Close>
                <button
                  type="submit"
                  disabled={submitting}
                  className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
                >
                  {submitting ? 'Sending…' : 'Submit'}
                </button>
              </div>
            </form>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}
