import { useRef } from 'react';
import { PrivacyNoticeVersion } from '~/components/ui/privacy-notice-version';
import { Form, Link, useNavigation } from 'react-router';
import { Field, TextAreaField } from '~/components/ui/field';
import { busyButton } from '~/lib/busy-button';
import { useHydrated } from '~/lib/use-hydrated';
import type { ActionResult } from '~/lib/forms';
import { CONTACT_MESSAGES, ContactFormSchema } from '~/lib/schemas/contact';
import { useForm } from '~/lib/use-form';
import { useOnResult } from '~/lib/use-on-result';

/**
 * Name, Email, Phone and Message, all required, with a status line:
 * 'Sending...', then 'Message sent successfully!' with the form cleared, or 'Failed to send
 * message. Please try again.' with the text kept. A plain POST without JavaScript, whose success
 * is a redirect to `?sent=1` (`sent`): reloading that page says it again instead of sending the
 * message again.
 */
export function ContactForm({
  result,
  sent = false,
}: {
  /** The action's answer; a failure brings back what was typed (`typed`). */
  result: ActionResult | undefined;
  sent?: boolean;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting' && navigation.formAction === '/contact-us';
  const form = useForm(ContactFormSchema, result);
  const ref = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  useOnResult(result, (r) => {
    if (r.ok) ref.current?.reset();
  });
  const kept = result && !result.ok ? (result.typed ?? {}) : {};
  const done = result ? result.ok : sent;
  const status = sending
    ? 'Sending...'
    : result && !result.ok
      ? result.fields
        ? ''
        : (result.error ?? CONTACT_MESSAGES.failed)
      : done
        ? CONTACT_MESSAGES.sent
        : '';
  const failed = !sending && result !== undefined && !result.ok && !result.fields;

  return (
    <Form
      ref={ref}
      method="post"
      action="/contact-us"
      {...form.props}
      aria-labelledby="contact-form-title"
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id="contact-form-title" className="text-xl font-bold text-slate-900">
        Send us a message
      </h2>
      <p className="mt-1 text-sm text-slate-600">All fields are required.</p>
      <div className="mt-5 grid gap-x-4 gap-y-1 sm:grid-cols-2">
        {/* The fields' order: Name, Email, Phone, Message. */}
        <div className="sm:col-span-2">
          <Field
            id="contact-name"
            name="name"
            label="Name"
            autoComplete="name"
            required
            maxLength={100}
            defaultValue={kept.name}
            error={form.errors.name}
          />
        </div>
        <Field
          id="contact-email"
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          defaultValue={kept.email}
          error={form.errors.email}
        />
        <Field
          id="contact-phone"
          name="phone"
          label="Phone"
          type="tel"
          autoComplete="tel"
          required
          maxLength={40}
          defaultValue={kept.phone}
          error={form.errors.phone}
        />
        <div className="sm:col-span-2">
          <TextAreaField
            id="contact-message"
            name="message"
            label="Message"
            required
            rows={6}
            maxLength={5000}
            defaultValue={kept.message}
            error={form.errors.message}
          />
        </div>
      </div>
      {/* The action answers a post from this page with JavaScript; a plain one, with a redirect. */}
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <PrivacyNoticeVersion />
      {/* Honeypot: hidden from people, filled by bots. */}
      <div aria-hidden className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" name="website" tabIndex={-1} autoComplete="off" />
      </div>
      <p className="mt-2 text-xs text-slate-600">
        We use your details only to answer your message and keep a record of it, as our{' '}
        <Link to="/privacy" className="underline">
          privacy notice
        </Link>{' '}
        (PDPA) explains.
      </p>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center">
        <button
          type="submit"
          {...busyButton(sending)}
          className="rounded-md bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700 aria-disabled:opacity-70"
        >
          Send Message
        </button>
        <p
          role="status"
          data-testid="contact-status"
          className={`min-h-6 text-sm font-medium ${failed ? 'text-red-700' : done && !sending ? 'text-green-700' : 'text-slate-700'}`}
        >
          {status}
        </p>
      </div>
    </Form>
  );
}
