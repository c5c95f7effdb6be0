import { CheckCircle2, Printer } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useSite } from '~/components/company/use-site';
import { contactRows } from '~/lib/enquiry-contact';
import { ENQUIRY_REPLY_TIME } from '~/lib/site';
import type { EnquiryConfirmationView } from '~/services/enquiries/enquiries.server';
import { dateFormat, STATUS } from './enquiry-card';

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * An enquiry's confirmation: the page a buyer lands on after sending, and the same page reopened
 * from My Enquiries (a customer) or the e-mailed link (a guest). The reference first and large, then
 * what happens next, the items, and the contact details given. Prints without the site's frame
 * (app.css) and without the Print button. On arrival the heading takes the focus, so a screen
 * reader starts at "Thank you" rather than at the top of the page.
 */
export function EnquiryConfirmation({
  enquiry,
  justSent,
  back,
  nextSteps,
  files,
  children,
}: {
  enquiry: EnquiryConfirmationView;
  /** Right after sending: thank the buyer instead of naming the enquiry. */
  justSent: boolean;
  /** A link back (My Enquiries for a customer). */
  back?: { to: string; label: string };
  /** Where the enquiry stands once the buyer has answered a quotation (instead of the steps). */
  nextSteps?: string;
  /** The files the buyer attached (and, on a guest's page, those our replies carried). */
  files?: React.ReactNode;
  /** What follows the confirmation (a customer's replies and quotations). */
  children?: React.ReactNode;
}) {
  const site = useSite();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [enquiry.id]);
  const status = STATUS[enquiry.status] ?? STATUS.new!;
  // The steps ahead only while staff are still on it; a quoted or closed enquiry says where it is.
  const open = enquiry.status === 'new' || enquiry.status === 'in_progress';
  const created = new Date(enquiry.createdAt);
  const contact = contactRows(enquiry);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12 print:max-w-none print:p-0">
      {/* On paper the site's header is gone: the sheet still says whom the enquiry went to. */}
      <div
        data-testid="print-letterhead"
        className="mb-6 hidden border-b border-slate-900 pb-3 text-sm print:block"
      >
        <p className="text-lg font-bold text-slate-900">{site.name}</p>
        <p className="whitespace-pre-line text-slate-800">{site.address}</p>
        <p className="text-slate-800">
          {site.email} · {site.phone}
          {site.uen ? ` · UEN ${site.uen}` : ''}
        </p>
      </div>
      {back ? (
        <Link
          to={back.to}
          className="text-sm font-semibold text-brand-700 hover:underline print:hidden"
        >
          ← {back.label}
        </Link>
      ) : null}
      <div className="mt-3 flex items-start gap-3">
        {justSent ? (
          <CheckCircle2 aria-hidden className="mt-1 size-8 shrink-0 text-green-700 print:hidden" />
        ) : null}
        <div>
          <h1
            ref={heading}
            tabIndex={-1}
            className="text-2xl font-extrabold tracking-tight text-slate-900 focus:outline-none sm:text-3xl"
          >
            {justSent ? 'Thank you, your enquiry has been sent' : `Enquiry ${enquiry.reference}`}
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            Sent <time dateTime={created.toISOString()}>{dateFormat.format(created)}</time>
            {' · '}
            <span className={`rounded-full px-2.5 py-0.5 font-medium ${status.className}`}>
              {status.label}
            </span>
          </p>
        </div>
      </div>

      <section
        aria-labelledby="reference-label"
        className="mt-6 flex flex-wrap items-center justify-between gap-4 rounded-xl border-2 border-brand-600 bg-brand-50 p-5 print:border-slate-900 print:bg-white"
      >
        <div>
          <h2 id="reference-label" className="text-sm font-semibold text-brand-900">
            Your reference
          </h2>
          <p
            data-testid="enquiry-reference"
            className="font-mono text-3xl font-bold tracking-wider text-slate-900 sm:text-4xl"
          >
            {enquiry.reference}
          </p>
          <p className="mt-1 text-sm text-slate-700">
            Please quote it whenever you contact us about this enquiry.
          </p>
        </div>
        <button
          type="button"
          onClick={() => window.print()}
          className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 noscript:hidden print:hidden"
        >
          <Printer aria-hidden className="size-4" />
          Print
        </button>
      </section>

      <section aria-labelledby="next-steps" className="mt-8">
        <h2 id="next-steps" className="text-lg font-bold text-slate-900">
          What happens next
        </h2>
        {nextSteps ? (
          <p className="mt-3 text-slate-700">{nextSteps}</p>
        ) : open ? (
          <ol className="mt-3 space-y-3 text-slate-700">
            {[
              'Our team checks your items and anything you told us about delivery or installation.',
              `We reply with a quotation, ${ENQUIRY_REPLY_TIME}, using the contact details below.`,
              'No payment is taken online: you decide once you have our quotation.',
            ].map((text, i) => (
              <li key={i} className="flex gap-3">
                <span
                  aria-hidden
                  className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white print:border print:border-slate-900 print:bg-white print:text-slate-900"
                >
                  {i + 1}
                </span>
                <span>{text}</span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-3 text-slate-700">
            {enquiry.status === 'quoted'
              ? 'We have sent you our quotation. Accept it, ask for changes or decline it from the link in its e-mail or under My Enquiries, or simply reply to it.'
              : 'This enquiry is closed. For anything new, send us another enquiry.'}
          </p>
        )}
        <p className="mt-4 text-sm text-slate-700">
          {open ? 'Questions meanwhile?' : 'Questions?'} Call{' '}
          <a href={telHref(site.phone)} className="font-semibold text-brand-700 underline">
            {site.phone}
          </a>{' '}
          or write to{' '}
          <a href={`mailto:${site.email}`} className="font-semibold text-brand-700 underline">
            {site.email}
          </a>
          , quoting <span className="whitespace-nowrap">{enquiry.reference}</span>.
        </p>
      </section>

      <div className="mt-8 grid gap-6 sm:grid-cols-2 print:grid-cols-2 [&>*]:min-w-0">
        <section
          aria-labelledby="items-heading"
          className="rounded-xl border border-slate-200 bg-white p-5 print:border-slate-400"
        >
          <h2 id="items-heading" className="font-bold text-slate-900">
            Items ({enquiry.items.length})
          </h2>
          <ul className="mt-3 divide-y divide-slate-100 text-sm">
            {enquiry.items.map((item, i) => (
              <li key={i} className="flex justify-between gap-3 py-2">
                <span className="text-slate-900">{item.name}</span>
                <span className="shrink-0 font-semibold" aria-label={`quantity ${item.quantity}`}>
                  × {item.quantity}
                </span>
              </li>
            ))}
          </ul>
        </section>
        <section
          aria-labelledby="contact-heading"
          className="rounded-xl border border-slate-200 bg-white p-5 print:border-slate-400"
        >
          <h2 id="contact-heading" className="font-bold text-slate-900">
            Your contact details
          </h2>
          <dl className="mt-3 space-y-2 text-sm">
            {contact.map(([label, value]) => (
              <div key={label}>
                <dt className="text-xs font-semibold text-slate-600">{label}</dt>
                <dd className="text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
              </div>
            ))}
          </dl>
          {enquiry.masked ? (
            <p className="mt-3 text-xs text-slate-600">
              Partly hidden, because this link may have been forwarded. The details are as you gave
              them; we will use them to reply.
            </p>
          ) : null}
        </section>
      </div>

      {enquiry.message ? (
        <section aria-labelledby="message-heading" className="mt-6">
          <h2 id="message-heading" className="font-bold text-slate-900">
            Your message
          </h2>
          <p className="mt-2 text-sm whitespace-pre-line text-slate-700">{enquiry.message}</p>
        </section>
      ) : null}

      {files}

      {children}

      <p className="mt-10 flex flex-wrap gap-x-6 gap-y-2 text-sm font-semibold print:hidden">
        <Link to="/shop" className="text-brand-700 underline">
          Continue browsing the catalogue
        </Link>
        <Link to="/contact-us" className="text-brand-700 underline">
          Contact us
        </Link>
      </p>
    </div>
  );
}
