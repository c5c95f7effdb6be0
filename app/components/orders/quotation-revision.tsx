import { formatCents, totalLabel } from '~/lib/money';
import { quotationState, type QuotationState } from '~/lib/quotation-state';
import type { BuyerQuotation } from '~/services/sales/responses.server';
import { PricedLines, QuotationTotals } from './quotation-figures';
import { StateBadge } from './quotation-state-badge';

/** Loader data: dates arrive as strings on the client. */
export type Serialized<T> = T extends Date
  ? Date | string
  : T extends (infer U)[]
    ? Serialized<U>[]
    : T extends object
      ? { [K in keyof T]: Serialized<T[K]> }
      : T;

export type QuotationView = Serialized<BuyerQuotation>;

const day = new Intl.DateTimeFormat('en-SG', { dateStyle: 'medium', timeZone: 'Asia/Singapore' });
const dayTime = new Intl.DateTimeFormat('en-SG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Singapore',
});

export function DateText({ date, withTime = false }: { date: Date | string; withTime?: boolean }) {
  const d = new Date(date);
  return <time dateTime={d.toISOString()}>{(withTime ? dayTime : day).format(d)}</time>;
}

/**
 * Where a revision stands, in words: what the buyer can still do, or why not. A superseded
 * revision names the newer one without linking to it: its link is the key sent in its own
 * e-mail, which the holder of this one may not have.
 */
export function RevisionStateNote({
  quotation,
  state,
  phone,
}: {
  quotation: QuotationView;
  state: QuotationState;
  phone: string;
}) {
  const box = 'mt-4 rounded-lg px-4 py-3 text-sm';
  switch (state) {
    case 'expired':
      return (
        <p className={`${box} bg-slate-100 text-slate-800`}>
          This quotation expired on <DateText date={quotation.validUntil} />. It can no longer be
          accepted: please ask us for a new revision by replying to our e-mail or calling {phone}.
        </p>
      );
    case 'superseded':
      return (
        <p className={`${box} bg-slate-100 text-slate-800`}>
          A newer revision{quotation.newer ? `, ${quotation.newer},` : ''} replaces this quotation.
          Please answer that one: it came with its own e-mail.
        </p>
      );
    case 'accepted':
      return quotation.answer ? (
        <p className={`${box} bg-green-50 text-green-900`}>
          Accepted on <DateText date={quotation.answer.createdAt} withTime /> by{' '}
          {quotation.answer.name}
          {quotation.answer.designation ? `, ${quotation.answer.designation}` : ''}
          {quotation.answer.poNumber ? ` (PO ${quotation.answer.poNumber})` : ''}.
        </p>
      ) : null;
    case 'declined':
      return quotation.answer ? (
        <p className={`${box} bg-red-50 text-red-800`}>
          Declined on <DateText date={quotation.answer.createdAt} withTime />
          {quotation.answer.message ? ` (${quotation.answer.message})` : ''}.
        </p>
      ) : null;
    case 'changes_requested':
      return (
        <p className={`${box} bg-amber-50 text-amber-900`}>
          Changes asked for. Until our revised quotation comes, you can still accept this one as it
          stands: it is valid until <DateText date={quotation.validUntil} />.
        </p>
      );
    default:
      return (
        <p className={`${box} bg-brand-50 text-brand-900`}>
          Valid until <DateText date={quotation.validUntil} />. Accept it below, ask for changes, or
          decline it.
        </p>
      );
  }
}

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold text-slate-600">{term}</dt>
      <dd className="text-slate-900 [overflow-wrap:anywhere] whitespace-pre-line">{children}</dd>
    </div>
  );
}

/**
 * One revision as the buyer reads it: its facts, the lines, the totals with the amount
 * including GST the most prominent figure (no amount before GST is shown larger), the terms and
 * its PDF. The same on the e-mailed link's page and on My Enquiries.
 */
export function QuotationRevision({
  quotation,
  pdfHref,
  now,
  level = 2,
}: {
  quotation: QuotationView;
  pdfHref: (number: string) => string;
  /** The clock the server judged the state by (so the page and its forms agree). */
  now: Date | string;
  /** The revision's heading level (3 under a page's own section heading). */
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const Sub = level === 2 ? 'h3' : 'h4';
  const { state } = quotationState(quotation.status, quotation.validUntil, new Date(now));
  const a = quotation.attention;
  return (
    <section aria-labelledby="revision-heading" className="mt-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Heading id="revision-heading" className="text-xl font-bold text-slate-900">
          {quotation.number}
        </Heading>
        <StateBadge state={state} />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <Row term="Revision">
          {quotation.sequence}
          {quotation.sequence > 1 ? ' (replaces the earlier ones)' : ''}
        </Row>
        <Row term="Date">
          <DateText date={quotation.createdAt} />
        </Row>
        <Row term="Valid until">
          <DateText date={quotation.validUntil} />
        </Row>
        <Row term="Attention to">
          {[a.name, a.organisation, a.address].filter(Boolean).join('\n')}
        </Row>
        <Row term="Enquiry">{quotation.reference}</Row>
        {quotation.buyerReference ? (
          <Row term="Your reference">{quotation.buyerReference}</Row>
        ) : null}
        {quotation.gstRegNo ? <Row term="GST reg. no.">{quotation.gstRegNo}</Row> : null}
        {quotation.gebizReference ? (
          <Row term="GeBIZ reference">{quotation.gebizReference}</Row>
        ) : null}
      </dl>

      <div className="mt-6">
        <PricedLines lines={quotation.lines} caption={`Lines of ${quotation.number}`} />
      </div>
      <QuotationTotals sums={quotation} registered={quotation.gstRegNo !== null} />

      {quotation.terms ? (
        <div className="mt-4 text-sm">
          <Sub className="font-semibold text-slate-900">Terms</Sub>
          <p className="mt-1 whitespace-pre-line text-slate-700">{quotation.terms}</p>
        </div>
      ) : null}

      <a
        href={pdfHref(quotation.number)}
        className="mt-4 inline-block rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
      >
        Download this quotation (PDF)
      </a>
    </section>
  );
}

/** Every revision of the enquiry, newest first, each readable as its PDF. */
export function RevisionList({
  quotation,
  pdfHref,
  now,
}: {
  quotation: QuotationView;
  pdfHref: (number: string) => string;
  now: Date | string;
}) {
  if (quotation.revisions.length < 2) return null;
  return (
    <section aria-labelledby="revisions-heading" className="mt-8">
      <h2 id="revisions-heading" className="text-lg font-bold text-slate-900">
        All revisions
      </h2>
      <ul className="mt-3 space-y-2">
        {[...quotation.revisions].reverse().map((r) => (
          <li
            key={r.number}
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm"
          >
            <div>
              <p className="font-semibold text-slate-900">
                {r.number}{' '}
                <StateBadge state={quotationState(r.status, r.validUntil, new Date(now)).state} />
              </p>
              <p className="text-slate-600">
                {formatCents(r.totalCents)} {totalLabel(r.gstRegistered)} ·{' '}
                <DateText date={r.createdAt} />
              </p>
            </div>
            <a href={pdfHref(r.number)} className="font-semibold text-brand-700 underline">
              {r.number}.pdf
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
