import { FileText } from 'lucide-react';
import { totalLabel } from '~/lib/money';
import { ORDER_STATUS_LABELS } from '~/lib/orders';
import { quotationState, revisionStatus } from '~/lib/quotation-state';
import { StateBadge } from './quotation-state-badge';
import type { QuotationSummary, TimelineEvent } from '~/services/inbox/enquiries.server';

type Dated<T> = Omit<T, 'createdAt'> & { createdAt: Date | string };

const STATUS: Record<string, string> = {
  new: 'Received',
  in_progress: 'In progress',
  quoted: 'Quoted',
  closed: 'Closed',
};

const when = new Intl.DateTimeFormat('en-SG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Singapore',
});
const money = (cents: number) =>
  `S$${Math.floor(cents / 100).toLocaleString('en-SG')}.${String(cents % 100).padStart(2, '0')}`;

function Time({ date }: { date: Date | string }) {
  const d = new Date(date);
  return <time dateTime={d.toISOString()}>{when.format(d)}</time>;
}

function line(e: Dated<TimelineEvent>): React.ReactNode {
  switch (e.kind) {
    case 'created':
      return 'You sent this enquiry';
    case 'status':
      return `Status changed to ${STATUS[e.toStatus ?? ''] ?? e.toStatus}`;
    case 'reply':
      return `${e.actorName ?? 'Our team'} replied`;
    case 'quotation':
      return `We sent quotation ${e.quotation?.number ?? ''}`;
    case 'order':
      return `We confirmed your order ${e.order?.number ?? ''}`;
    case 'order_status':
      return `Order ${e.order?.number ?? ''}: ${ORDER_STATUS_LABELS[e.toOrderStatus!]}`;
    case 'invoice':
      return `We issued invoice ${e.invoice?.number ?? ''}`;
    case 'credit_note':
      return `We issued credit note ${e.invoice?.number ?? ''}`;
    case 'reminder':
      return `We reminded you that quotation ${e.quotation?.number ?? ''} expires soon`;
    case 'accepted':
      return `${e.actorName ?? 'You'} accepted quotation ${e.quotation?.number ?? ''}${
        e.acceptance?.poNumber ? ` (PO ${e.acceptance.poNumber})` : ''
      }`;
    case 'declined':
      return `You declined quotation ${e.quotation?.number ?? ''}`;
    case 'changes_requested':
      return `You asked for changes to quotation ${e.quotation?.number ?? ''}`;
    default:
      return null;
  }
}

/**
 * The customer's view of the work on an enquiry: quotations to download, then what happened
 * (status changes and staff replies). Staff notes never reach this component: the service
 * leaves them out.
 */
export function EnquiryUpdates({
  enquiryId,
  timeline,
  quotations,
  now,
  replyFiles,
  quotationHref,
}: {
  enquiryId: number;
  timeline: Dated<TimelineEvent>[];
  quotations: (Omit<Dated<QuotationSummary>, 'validUntil'> & { validUntil: Date | string })[];
  /** The clock the server read the revisions' states by. */
  now: Date | string;
  /** The files sent with a reply (by the reply's event id). */
  replyFiles?: (eventId: number) => React.ReactNode;
  /** A quotation PDF's address (the guest's link has its own); My Enquiries' by default. */
  quotationHref?: (number: string) => string;
}) {
  const href =
    quotationHref ??
    ((number: string) => `/orders/${enquiryId}/quotations/${encodeURIComponent(number)}.pdf`);
  return (
    <>
      <section aria-labelledby="quotations-heading" className="mt-8">
        <h2 id="quotations-heading" className="text-xl font-bold text-slate-900">
          Quotations
        </h2>
        {quotations.length ? (
          <ul className="mt-3 space-y-2">
            {[...quotations].reverse().map((q, i) => (
              <li
                key={q.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4"
              >
                <div>
                  <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                    {q.number}
                    {i === 0 && quotations.length > 1 ? (
                      <span className="rounded-full bg-green-50 px-2 py-0.5 text-xs text-green-800">
                        Latest
                      </span>
                    ) : null}
                    <StateBadge
                      state={
                        quotationState(
                          revisionStatus(q.status, i === 0),
                          q.validUntil,
                          new Date(now),
                        ).state
                      }
                    />
                  </p>
                  <p className="text-sm text-slate-600">
                    {money(q.totalCents)} {totalLabel(q.gstRegistered)} ·{' '}
                    <Time date={q.createdAt} /> · valid {q.validityDays} days
                  </p>
                </div>
                <a
                  href={href(q.number)}
                  className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
                >
                  <FileText aria-hidden className="size-4" />
                  Download {q.number} (PDF)
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-600">
            No quotation yet. We usually reply within one working day.
          </p>
        )}
      </section>
      <section aria-labelledby="updates-heading" className="mt-8">
        <h2 id="updates-heading" className="text-xl font-bold text-slate-900">
          Updates
        </h2>
        <ol className="mt-3 space-y-3 border-l-2 border-slate-200 pl-4">
          {timeline.map((e) => (
            <li key={`${e.kind}-${e.id}`} className="text-sm">
              <p className="text-slate-700">
                <span className="font-semibold text-slate-900">{line(e)}</span> ·{' '}
                <Time date={e.createdAt} />
              </p>
              {(e.kind === 'reply' || e.kind === 'changes_requested' || e.kind === 'declined') &&
              e.body ? (
                <p className="mt-1.5 rounded-lg border border-slate-200 bg-white px-3 py-2 whitespace-pre-line text-slate-800">
                  {e.body}
                </p>
              ) : null}
              {e.kind === 'reply' ? replyFiles?.(e.id) : null}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
