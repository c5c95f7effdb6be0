import { Link, redirect } from 'react-router';
import type { Route } from './+types/admin.orders';
import { AdminPageHeader } from '~/components/admin/admin-shell';
import { When } from '~/components/admin/inbox/status-badge';
import { Pagination } from '~/components/catalogue/pagination';
import { OrderStatusBadge } from '~/components/sales/order-status-badge';
import { adminMeta } from '~/lib/admin-meta';
import { formatCents, totalLabel } from '~/lib/money';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatusName } from '~/lib/orders';
import { readOrderFilter } from '~/lib/schemas/orders';
import { refusePosts, requireAdmin } from '~/services/permissions.server';
import { listOrders } from '~/services/sales/orders.server';

export const meta: Route.MetaFunction = () => adminMeta('Orders');

const query = (status: OrderStatusName | undefined, page = 1) => {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filter = readOrderFilter(new URL(request.url).searchParams);
  const result = await listOrders(filter);
  if (result.total > 0 && filter.page > result.pages)
    throw redirect(`/admin/orders${query(filter.status, result.pages)}`);
  return { filter, result };
}

/** Posts here are answered after the guard (permissions.server's refusePosts). */
export async function action({ request }: Route.ActionArgs) {
  return refusePosts(request);
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { filter, result } = loaderData;
  const noun = result.total === 1 ? 'order' : 'orders';
  return (
    <>
      <AdminPageHeader
        title="Orders"
        description={`${result.total} ${noun}${filter.status ? ` ${ORDER_STATUS_LABELS[filter.status].toLowerCase()}` : ''}, most recently changed first. An order starts when staff confirm a quotation the buyer accepted.`}
      />
      <nav aria-label="Status" className="mb-4 flex flex-wrap gap-1.5">
        {[undefined, ...ORDER_STATUSES].map((status) => {
          const current = filter.status === status;
          return (
            <Link
              key={status ?? 'all'}
              to={`/admin/orders${query(status)}`}
              aria-current={current ? 'page' : undefined}
              className={`rounded-full px-3 py-1 text-sm font-medium ${current ? 'bg-brand-600 text-white' : 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-100'}`}
            >
              {status ? ORDER_STATUS_LABELS[status] : 'All'}
            </Link>
          );
        })}
      </nav>
      {result.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
          {filter.status ? 'No orders with this status.' : 'No orders yet.'}
        </p>
      ) : (
        <ul
          aria-label="Orders"
          className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white"
        >
          {result.items.map((o) => (
            <li
              key={o.id}
              className="relative grid gap-x-6 gap-y-1 p-4 hover:bg-slate-50 md:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto] md:items-center"
            >
              <div className="flex items-center justify-between gap-2 md:flex-col md:items-start md:gap-1">
                <Link
                  to={`/admin/orders/${o.id}`}
                  className="font-semibold break-all text-brand-800 after:absolute after:inset-0 hover:underline"
                >
                  {o.number}
                </Link>
                <OrderStatusBadge status={o.status} />
              </div>
              <div className="min-w-0 text-sm text-slate-600">
                <p className="font-medium text-slate-900">{o.customer}</p>
                {o.organisation ? <p>{o.organisation}</p> : null}
              </div>
              <div className="text-sm text-slate-600 md:text-right">
                <p className="font-semibold text-slate-900">
                  {formatCents(o.totalCents)}{' '}
                  <span className="font-normal">{totalLabel(o.gstRegistered)}</span>
                </p>
                <p>
                  Updated <When date={o.updatedAt} />
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={result.page}
        pages={result.pages}
        href={(page) => `/admin/orders${query(filter.status, page)}`}
      />
    </>
  );
}
