import { ORDER_STATUS_LABELS, type OrderStatusName } from '~/lib/schemas/orders';

const TONE: Record<OrderStatusName, string> = {
  confirmed: 'bg-brand-50 text-brand-800',
  scheduled: 'bg-amber-100 text-amber-900',
  delivered: 'bg-sky-100 text-sky-900',
  invoiced: 'bg-violet-100 text-violet-900',
  paid: 'bg-green-100 text-green-900',
  cancelled: 'bg-slate-200 text-slate-800',
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
