import {
  FileText,
  Lock,
  Mail,
  MessageSquarePlus,
  RefreshCw,
  Send,
  type LucideIcon,
} from 'lucide-react';
import { formatCents } from '~/lib/money';
import { STATUS_LABELS } from '~/lib/schemas/inbox';
import type { TimelineEvent } from '~/services/inbox/enquiries.server';
import { When } from './status-badge';

type Event = Omit<TimelineEvent, 'createdAt'> & { createdAt: Date | string };

const ICON: Partial<Record<Event['kind'], LucideIcon>> = {
  created: MessageSquarePlus,
  status: RefreshCw,
  note: Lock,
  reply: Mail,
  quotation: FileText,
};

function headline(e: Event): React.ReactNode {
  const who = <strong className="font-semibold text-slate-900">{e.actorName ?? 'Staff'}</strong>;
  switch (e.kind) {
    case 'created':
      return <>{who} sent the enquiry</>;
    case 'status':
      return (
        <>
          {who} moved it from {STATUS_LABELS[e.fromStatus!]} to{' '}
          <strong className="font-semibold">{STATUS_LABELS[e.toStatus!]}</strong>
        </>
      );
    case 'note':
      return <>{who} added a private note</>;
    case 'reply':
      return <>{who} replied by e-mail</>;
    case 'quotation':
      return (
        <>
          {who} sent quotation{' '}
          <strong className="font-semibold">{e.quotation?.number ?? '(removed)'}</strong>
          {e.quotation ? ` (${formatCents(e.quotation.totalCents)})` : ''}
        </>
      );
  }
}

/**
 * An enquiry's timeline, oldest first, with who and when. Notes are marked private, so staff
 * always know what the customer cannot see.
 */
export function EnquiryTimeline({
  events,
  quotationHref,
  replyFiles,
}: {
  events: Event[];
  quotationHref: (number: string) => string;
  /** The files sent with a reply (by the reply's event id). */
  replyFiles?: (eventId: number) => React.ReactNode;
}) {
  return (
    <ol className="space-y-4">
      {events.map((e) => {
        const Icon = ICON[e.kind] ?? Send;
        return (
          <li key={`${e.kind}-${e.id}`} className="flex gap-3">
            <span
              className={`mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full ${e.kind === 'note' ? 'bg-amber-100 text-amber-900' : 'bg-brand-50 text-brand-700'}`}
            >
              <Icon aria-hidden className="size-4" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="text-sm text-slate-700">
                {headline(e)}
                <span className="text-slate-600">
                  {' · '}
                  <When date={e.createdAt} />
                </span>
              </p>
              {e.body ? (
                <div
                  className={`mt-1.5 rounded-lg px-3 py-2 text-sm whitespace-pre-line ${e.kind === 'note' ? 'border border-amber-200 bg-amber-50 text-amber-950' : 'border border-slate-200 bg-slate-50 text-slate-800'}`}
                >
                  {e.kind === 'note' ? (
                    <span className="mb-1 block text-xs font-semibold tracking-wide text-amber-900 uppercase">
                      Private note · not shown to the customer
                    </span>
                  ) : null}
                  {e.body}
                </div>
              ) : null}
              {e.kind === 'reply' ? replyFiles?.(e.id) : null}
              {e.quotation ? (
                <a
                  href={quotationHref(e.quotation.number)}
                  className="mt-1 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
                >
                  <FileText aria-hidden className="size-4" /> {e.quotation.number}.pdf
                </a>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
