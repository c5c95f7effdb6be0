import { ORDER_STATUS_LABELS, type OrderStatusName } from '~/lib/orders';

// The shop's own tones (as the enquiry statuses'), so the badge adds nothing to its stylesheet.
const TONE: Record<OrderStatusName, string> = {
  confirmed: 'bg-blue-50 text-blue-800',
  scheduled: 'bg-amber-50 text-amber-900',
  delivered: 'bg-brand-50 text-brand-800',
  invoiced: 'bg-brand-100 text-brand-900',
  paid: 'bg-green-50 text-green-800',
  cancelled: 'bg-slate-100 text-slate-700',
};

/** An order's status in the words staff and buyers see. */
export function OrderStatusBadge({ status }: { status: OrderStatusName }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${TONE[status]}`}
    >
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}
