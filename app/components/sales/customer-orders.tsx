import { Download } from 'lucide-react';
import { formatCents, totalLabel } from '~/lib/money';
import type { OrderStatusName } from '~/lib/orders';
import { OrderStatusBadge } from './order-status-badge';

type Dated<T> = Omit<T, 'issuedAt'> & { issuedAt: Date | string };

/** An order as its buyer sees it (services/sales/orders.server's CustomerOrder). */
export interface CustomerOrderView {
  number: string;
  status: OrderStatusName;
  scheduledFor: string | null;
  poNumber: string | null;
  totalCents: number;
  gstRegistered: boolean;
  documents: Dated<{
    kind: 'invoice' | 'credit_note';
    number: string;
    issuedAt: Date;
    totalCents: number;
  }>[];
}

const day = new Intl.DateTimeFormat('en-SG', { dateStyle: 'medium', timeZone: 'Asia/Singapore' });

/** What the buyer is told about each status. */
const NEXT: Record<OrderStatusName, string> = {
  confirmed: 'We have confirmed your order and will tell you the delivery or installation date.',
  scheduled: 'Delivery or installation is scheduled.',
  delivered: 'Delivered or installed. Our invoice follows.',
  invoiced: 'Invoiced: please quote the invoice number with your payment.',
  paid: 'Paid. Thank you!',
  cancelled: 'This order was cancelled.',
};

/**
 * The buyer's orders on their enquiry page: status, the planned day, and the tax invoices and
 * credit notes to download (`href` gives each document's address: My Enquiries or the guest link).
 */
export function CustomerOrders({
  orders,
  href,
}: {
  orders: CustomerOrderView[];
  href: (number: string) => string;
}) {
  if (!orders.length) return null;
  return (
    <section aria-labelledby="orders-heading" className="mt-8 print:hidden">
      <h2 id="orders-heading" className="text-xl font-bold text-slate-900">
        {orders.length > 1 ? 'Your orders' : 'Your order'}
      </h2>
      <ul className="mt-3 space-y-3">
        {orders.map((o) => (
          <li key={o.number} className="rounded-xl border border-slate-200 bg-white p-4">
            <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
              Order {o.number} <OrderStatusBadge status={o.status} />
            </p>
            <p className="mt-1 text-sm text-slate-700">
              {NEXT[o.status]}
              {o.scheduledFor && o.status === 'scheduled'
                ? ` ${day.format(new Date(`${o.scheduledFor}T00:00:00+08:00`))}.`
                : ''}
            </p>
            <p className="mt-1 text-sm text-slate-600">
              {formatCents(o.totalCents)} {totalLabel(o.gstRegistered)}
              {o.poNumber ? ` · your PO ${o.poNumber}` : ''}
            </p>
            {o.documents.length ? (
              <ul className="mt-3 space-y-2" aria-label={`Documents of order ${o.number}`}>
                {o.documents.map((d) => (
                  <li key={d.number} className="flex flex-wrap items-center justify-between gap-2">
                    <span className="text-sm text-slate-700">
                      {d.kind === 'invoice' ? 'Invoice' : 'Credit note'} {d.number} ·{' '}
                      {formatCents(d.totalCents)} · {day.format(new Date(d.issuedAt))}
                    </span>
                    <a
                      href={href(d.number)}
                      className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
                    >
                      <Download aria-hidden className="size-4" />
                      Download {d.number} (PDF)
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
