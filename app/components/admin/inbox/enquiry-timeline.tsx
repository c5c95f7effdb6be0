import {
  AlarmClock,
  CircleCheck,
  ClipboardPen,
  Inbox,
  UserRound,
  CircleX,
  FileText,
  Lock,
  Mail,
  MessageSquarePlus,
  Receipt,
  Paperclip,
  PencilLine,
  RefreshCw,
  Send,
  ShoppingCart,
  type LucideIcon,
} from 'lucide-react';
import { formatFileSize } from '~/lib/attachments';
import { formatCents } from '~/lib/money';
import { STATUS_LABELS } from '~/lib/schemas/inbox';
import { ORDER_STATUS_LABELS } from '~/lib/orders';
import type { TimelineEvent } from '~/services/inbox/enquiries.server';
import { When } from './status-badge';

type Event = Omit<TimelineEvent, 'createdAt'> & { createdAt: Date | string };

const ICON: Partial<Record<Event['kind'], LucideIcon>> = {
  created: MessageSquarePlus,
  status: RefreshCw,
  note: Lock,
  reply: Mail,
  quotation: FileText,
  order: ShoppingCart,
  order_status: RefreshCw,
  invoice: Receipt,
  credit_note: Receipt,
  reminder: AlarmClock,
  accepted: CircleCheck,
  declined: CircleX,
  changes_requested: PencilLine,
  assigned: UserRound,
  entered: ClipboardPen,
  message: Inbox,
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
    case 'order':
      return (
        <>
          {who} confirmed order{' '}
          <strong className="font-semibold">{e.order?.number ?? '(removed)'}</strong>
        </>
      );
    case 'order_status':
      return (
        <>
          {who} moved order {e.order?.number} from {ORDER_STATUS_LABELS[e.fromOrderStatus!]} to{' '}
          <strong className="font-semibold">{ORDER_STATUS_LABELS[e.toOrderStatus!]}</strong>
        </>
      );
    case 'invoice':
    case 'credit_note':
      return (
        <>
          {who} issued {e.kind === 'invoice' ? 'invoice' : 'credit note'}{' '}
          <strong className="font-semibold">{e.invoice?.number}</strong>
          {e.invoice ? ` (${formatCents(e.invoice.totalCents)})` : ''}
        </>
      );
    case 'reminder':
      return <>The buyer was reminded that the quotation expires</>;
    // The buyer's answers: who gave them (the name typed with an acceptance), and the enquiry's
    // move back to In progress when staff have the next step.
    case 'accepted':
      return (
        <>
          {who}
          {e.acceptance?.designation ? `, ${e.acceptance.designation},` : ''} accepted quotation{' '}
          <strong className="font-semibold">{e.quotation?.number ?? '(removed)'}</strong>
          {e.acceptance?.poNumber ? ` with PO ${e.acceptance.poNumber}` : ''}
          {moved(e)}
        </>
      );
    case 'declined':
      return (
        <>
          {who} declined quotation{' '}
          <strong className="font-semibold">{e.quotation?.number ?? '(removed)'}</strong>
        </>
      );
    case 'changes_requested':
      return (
        <>
          {who} asked for changes to quotation{' '}
          <strong className="font-semibold">{e.quotation?.number ?? '(removed)'}</strong>
          {moved(e)}
        </>
      );
    case 'assigned':
      return e.body ? (
        <>
          {who} assigned it to <strong className="font-semibold">{e.body}</strong>
        </>
      ) : (
        <>{who} left it unassigned</>
      );
    case 'entered':
      return (
        <>
          {who} entered the enquiry by hand (it came in {e.body})
        </>
      );
    case 'message':
      return <>{who} wrote through the contact form</>;
  }
}

function moved(e: Event): React.ReactNode {
  if (!e.toStatus || !e.fromStatus) return null;
  return (
    <>
      {' '}
      and it moved to <strong className="font-semibold">{STATUS_LABELS[e.toStatus]}</strong>
    </>
  );
}

/**
 * An enquiry's timeline, oldest first, with who and when. Notes are marked private, so staff
 * always know what the customer cannot see.
 */
export function EnquiryTimeline({
  events,
  quotationHref,
  attachmentHref,
  replyFiles,
}: {
  events: Event[];
  quotationHref: (number: string) => string;
  /** Where staff download a private file of the enquiry (here, a purchase order). */
  attachmentHref: (id: number) => string;
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
              {e.body && e.kind !== 'assigned' && e.kind !== 'entered' ? (
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
              {e.invoice && e.order ? (
                <a
                  href={`/admin/orders/${e.order.id}/documents/${encodeURIComponent(e.invoice.number)}.pdf`}
                  className="mt-1 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
                >
                  <Receipt aria-hidden className="size-4" /> {e.invoice.number}.pdf
                </a>
              ) : null}
              {e.kind === 'order' && e.order ? (
                <a
                  href={`/admin/orders/${e.order.id}`}
                  className="mt-1 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
                >
                  <ShoppingCart aria-hidden className="size-4" /> Order {e.order.number}
                </a>
              ) : null}
              {e.quotation && e.kind !== 'order' ? (
                <a
                  href={quotationHref(e.quotation.number)}
                  className="mt-1 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
                >
                  <FileText aria-hidden className="size-4" /> {e.quotation.number}.pdf
                </a>
              ) : null}
              {e.acceptance?.file ? (
                <a
                  href={attachmentHref(e.acceptance.file.id)}
                  className="mt-1 flex w-fit items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
                >
                  <Paperclip aria-hidden className="size-4" /> Purchase order:{' '}
                  {e.acceptance.file.fileName} ({formatFileSize(e.acceptance.file.size)})
                </a>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
