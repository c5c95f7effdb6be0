import { Link } from 'react-router';
import type { EnquiryView } from '~/services/enquiries/enquiries.server';

export const STATUS: Record<string, { label: string; className: string }> = {
  new: { label: 'Received', className: 'bg-blue-50 text-blue-800' },
  in_progress: { label: 'In progress', className: 'bg-amber-50 text-amber-900' },
  quoted: { label: 'Quoted', className: 'bg-green-50 text-green-800' },
  closed: { label: 'Closed', className: 'bg-slate-100 text-slate-700' },
};

export const dateFormat = new Intl.DateTimeFormat('en-SG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Singapore',
});

/** What staff have done so far, as the list shows it. */
export interface EnquiryActivity {
  replies: number;
  latestQuotation: string | null;
}

/**
 * One enquiry: reference, date, status, items and message (rendered as text, never as HTML),
 * and, in the list, how many replies and which quotation it has.
 */
export function EnquiryCard({
  enquiry,
  link = true,
  activity,
}: {
  enquiry: EnquiryView;
  link?: boolean;
  activity?: EnquiryActivity;
}) {
  const status = STATUS[enquiry.status] ?? STATUS.new!;
  const created = new Date(enquiry.createdAt);
  return (
    <article
      className="rounded-xl border border-slate-200 bg-white p-5"
      aria-labelledby={`enquiry-${enquiry.id}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`enquiry-${enquiry.id}`} className="font-bold text-slate-900">
          {link ? (
            <Link to={`/orders/${enquiry.id}`} className="hover:text-brand-700 hover:underline">
              {enquiry.reference}
            </Link>
          ) : (
            enquiry.reference
          )}
        </h2>
        <span className={`rounded-full px-3 py-0.5 text-sm font-medium ${status.className}`}>
          {status.label}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        <time dateTime={created.toISOString()}>{dateFormat.format(created)}</time>
      </p>
      <ul className="mt-3 space-y-1 text-sm">
        {enquiry.items.map((item, i) => (
          <li key={i} className="flex justify-between gap-3">
            {item.productId ? (
              <Link
                to={`/products/${item.productId}`}
                className="text-slate-900 hover:text-brand-700"
              >
                {item.name}
              </Link>
            ) : (
              <span>{item.name}</span>
            )}
            <span className="shrink-0 font-medium">× {item.quantity}</span>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm whitespace-pre-line text-slate-700">{enquiry.message}</p>
      {activity && (activity.replies || activity.latestQuotation) ? (
        <p className="mt-3 border-t border-slate-100 pt-3 text-sm font-medium text-brand-800">
          {[
            activity.replies
              ? `${activity.replies} ${activity.replies === 1 ? 'reply' : 'replies'} from our team`
              : '',
            activity.latestQuotation ? `Quotation ${activity.latestQuotation} ready` : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      ) : null}
    </article>
  );
}
