import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { useActionData, useFetcher } from 'react-router';
import { AttachmentField } from '~/components/ui/attachment-field';
import { Field, FormError, TextAreaField } from '~/components/ui/field';
import { ATTACHMENT_HINT, ATTACHMENT_MESSAGES } from '~/lib/attachments';
import { busyButton } from '~/lib/busy-button';
import type { CartLine, CartResult } from '~/lib/cart';
import { writeLocalCart } from '~/lib/cart-storage';
import {
  ENQUIRY_LIMITS,
  ENQUIRY_MESSAGES,
  EnquiryFormSchema,
  GuestEnquiryFormSchema,
} from '~/lib/schemas/enquiry';
import { toast } from '~/lib/toast';
import { useForm } from '~/lib/use-form';
import { useOnResult } from '~/lib/use-on-result';
import { CONTACT_PROMPT, ContactFields } from './contact-fields';
import { PrivacyNoticeVersion } from '~/components/ui/privacy-notice-version';

// The dialog (Radix, ~14 KiB gzip) is needed only when a guest presses ENQUIRE with scripts on:
// it loads then (or when the form is first focused), not with the cart page.
const loadContactDialog = () => import('./contact-dialog');
const ContactDialog = lazy(() => loadContactDialog().then((m) => ({ default: m.ContactDialog })));

const secondaryButton =
  'rounded-md border border-slate-300 px-4 text-sm font-semibold hover:bg-slate-50';

/**
 * The Order Summary and the enquiry form. The server renders a guest's contact fields inline, so
 * the form is whole before scripts run (or without them) and is a plain post to /cart. Once
 * scripts run, a customer's enquiry goes straight out and a guest's after the Contact Information
 * dialog, unless the guest already used the inline fields: they then stay, and are sent. The
 * server's answer shows under the fields either way; a sent enquiry takes the buyer to its
 * confirmation page.
 */
export function EnquiryForm({
  lines,
  signedIn,
  idempotencyKey,
}: {
  lines: CartLine[] | null;
  signedIn: boolean;
  idempotencyKey: string;
}) {
  const enquiry = useFetcher<CartResult>({ key: 'enquiry' });
  // The answer to a plain form post (before scripts ran, or without them), rendered by the server.
  const posted = useActionData<CartResult>();
  const result = enquiry.data ?? posted;
  // A guest's contact fields are in this form (not in the dialog): always in the server's HTML.
  const [contactInline, setContactInline] = useState(!signedIn);
  const inlineContact = useRef<HTMLFieldSetElement>(null);
  const form = useForm(contactInline ? GuestEnquiryFormSchema : EnquiryFormSchema, result);
  // A refused plain post comes back with what was typed: the fields keep it.
  const typed = posted && !posted.ok ? (posted.typed ?? {}) : {};
  const summary = useRef<HTMLFormElement>(null);
  const [contactOpen, setContactOpen] = useState(false);
  /** The code last applied: null before Apply was pressed. */
  const [promoCode, setPromoCode] = useState<string | null>(null);
  const [contactWanted, setContactWanted] = useState(false);
  const busy = enquiry.state !== 'idle';
  // Set from a send until its answer: a double click's second submit comes before the render
  // that makes the button busy, and would send the enquiry again (the server keeps one of the
  // two, by its idempotency key, but the browser cancelled the first request).
  const sending = useRef(false);

  // Once scripts run, the dialog takes the contact details, unless the inline fields are in use:
  // typed into (or focused) before the scripts ran, or showing the server's answer to a plain
  // post. Taking those away would lose what was typed, or the messages under them. Decided
  // before the hydrated page is first painted, so it never shows both ways.
  const answeredPlainPost = posted !== undefined && !posted.ok;
  useLayoutEffect(() => {
    const fields = inlineContact.current;
    if (!fields || answeredPlainPost) return;
    const typedInto = [...fields.querySelectorAll('input')].some(
      (input) => input.name !== 'website' && input.value !== '',
    );
    if (!typedInto && !fields.contains(document.activeElement)) setContactInline(false);
  }, [answeredPlainPost]);

  useOnResult(enquiry.data, (r) => {
    sending.current = false;
    // A sent enquiry redirects to its confirmation page, which says it all (reference, items,
    // what happens next): no toasts. This answer is a repeated submit's, or the honeypot's.
    if (r.ok) {
      if (!signedIn) writeLocalCart([]);
      setContactOpen(false);
      summary.current?.reset();
    } else if (r.fields?.message || r.fields?.idempotencyKey || r.fields?.files) {
      setContactOpen(false);
    } else if (!contactOpen && r.error) {
      toast.error(r.error);
    }
  });

  function send(contact?: FormData) {
    if (sending.current) return;
    sending.current = true;
    const data = new FormData(summary.current!);
    if (contact) for (const [name, value] of contact) data.set(name, value);
    data.set('js', '1');
    if (!signedIn)
      data.set(
        'items',
        JSON.stringify(
          (lines ?? []).map((l) => ({ productId: l.productId, quantity: l.quantity })),
        ),
      );
    // Multipart, as the form itself posts without scripts: its files go with it.
    void enquiry.submit(data, { method: 'post', action: '/cart', encType: 'multipart/form-data' });
  }

  const errors = form.errors;

  return (
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
      <form
        ref={summary}
        method="post"
        action="/cart"
        encType="multipart/form-data"
        noValidate
        onBlur={form.props.onBlur}
        onFocus={signedIn || contactInline ? undefined : () => void loadContactDialog()}
        onSubmit={(event) => {
          if (!lines?.length) {
            event.preventDefault();
            toast.error(ENQUIRY_MESSAGES.emptyCart);
            return;
          }
          form.props.onSubmit?.(event);
          if (event.defaultPrevented) return;
          event.preventDefault();
          if (signedIn || contactInline) send();
          else {
            setContactWanted(true);
            setContactOpen(true);
          }
        }}
        className="mt-5 space-y-1"
      >
        <input type="hidden" name="intent" value="enquire" />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <PrivacyNoticeVersion />
        {signedIn ? <input type="hidden" name="customer" value="1" /> : null}
        <FormError message={contactOpen ? undefined : form.formError} />
        <div>
          <label htmlFor="promo" className="block text-sm font-medium text-slate-800">
            Promo code
          </label>
          <div className="mt-1 flex gap-2">
            {/* Sent with the enquiry whether or not Apply was pressed: nothing typed is lost. */}
            <input
              id="promo"
              name="promoCode"
              defaultValue={typed.promoCode}
              maxLength={ENQUIRY_LIMITS.promoCode}
              aria-invalid={errors.promoCode ? true : undefined}
              aria-describedby={errors.promoCode ? 'promo-error' : undefined}
              autoComplete="off"
              className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
            />
            {/* Without JavaScript a button that does nothing: the code goes with the enquiry. */}
            <button
              type="button"
              onClick={() => {
                const input = document.getElementById('promo') as HTMLInputElement | null;
                setPromoCode(input?.value.trim() ?? '');
              }}
              className={`${secondaryButton} noscript:hidden`}
            >
              Apply
            </button>
          </div>
          {errors.promoCode ? (
            <p id="promo-error" className="mt-1 text-sm text-red-700">
              {errors.promoCode}
            </p>
          ) : null}
          {/* No prices here, so nothing is discounted on the spot: say what happens to the code
              instead of "applied!", which reads like a granted discount. */}
          <p aria-live="polite" className="mt-1 min-h-5 text-xs text-slate-600">
            {promoCode === null
              ? 'Our team takes it into account in your quotation.'
              : promoCode
                ? `Code ${promoCode} goes with your enquiry; our team checks it and applies it in your quotation.`
                : 'Type a promo code first.'}
          </p>
        </div>
        {signedIn ? (
          <>
            <Field
              id="organisation"
              label="Organisation (optional)"
              autoComplete="organization"
              defaultValue={typed.organisation}
              maxLength={ENQUIRY_LIMITS.organisation}
              error={errors.organisation}
            />
            <Field
              id="po"
              name="poReference"
              label="PO / GeBIZ reference (optional)"
              defaultValue={typed.poReference}
              maxLength={ENQUIRY_LIMITS.poReference}
              error={errors.poReference}
            />
          </>
        ) : null}
        <TextAreaField
          id="enquiry-address"
          name="address"
          label="Delivery or site address (optional)"
          rows={2}
          autoComplete="street-address"
          defaultValue={typed.address}
          maxLength={ENQUIRY_LIMITS.address}
          error={errors.address}
        />
        <TextAreaField
          id="enquiry-message"
          name="message"
          label="Message"
          rows={4}
          placeholder="Quantities, sizes, timeline…"
          defaultValue={typed.message}
          maxLength={ENQUIRY_LIMITS.message}
          error={errors.message}
        />
        <AttachmentField
          label="Photos or drawings (optional)"
          hint={ATTACHMENT_HINT}
          error={errors.files}
          keptNote={typed.files ? ATTACHMENT_MESSAGES.chooseAgain : undefined}
        />
        {contactInline ? (
          <fieldset ref={inlineContact} className="space-y-1 pt-2">
            <legend className="text-base font-bold text-slate-900">Contact Information</legend>
            <p className="text-sm text-slate-600">{CONTACT_PROMPT}</p>
            <ContactFields prefix="guest" errors={errors} typed={typed} />
          </fieldset>
        ) : null}
        <button
          type="submit"
          // A guest's cart is read by the page's scripts: until then, a plain post could only
          // be told that the cart is empty.
          disabled={lines === null}
          {...busyButton(busy)}
          className="mt-3 w-full rounded-md bg-accent-600 px-4 py-3 font-bold tracking-wide text-white hover:bg-accent-700 disabled:opacity-70 aria-disabled:opacity-70"
        >
          {busy && (signedIn || contactInline) ? 'Sending…' : 'Enquire'}
        </button>
      </form>
      {contactWanted ? (
        <Suspense fallback={null}>
          <ContactDialog
            open={contactOpen}
            onOpenChange={setContactOpen}
            result={enquiry.data}
            busy={busy}
            onSend={send}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
