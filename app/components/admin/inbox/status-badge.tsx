import { STATUS_LABELS, type InboxStatus } from '~/lib/schemas/inbox';

const TONE: Record<InboxStatus, string> = {
  new: 'bg-accent-600 text-white',
  in_progress: 'bg-amber-100 text-amber-900',
  quoted: 'bg-green-100 text-green-900',
  closed: 'bg-slate-200 text-slate-800',
};

/** An enquiry's status as staff name it (New, In progress, Quoted, Closed). */
export function StatusBadge({ status }: { status: InboxStatus }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${TONE[status]}`}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}

const dateTime = new Intl.DateTimeFormat('en-SG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Singapore',
});
const dateOnly = new Intl.DateTimeFormat('en-SG', {
  dateStyle: 'medium',
  timeZone: 'Asia/Singapore',
});

/** A date (and time) in Singapore time, with a machine-readable datetime. */
export function When({ date, withTime = true }: { date: Date | string; withTime?: boolean }) {
  const d = new Date(date);
  return <time dateTime={d.toISOString()}>{(withTime ? dateTime : dateOnly).format(d)}</time>;
}
