import { data, Link } from 'react-router';
import type { Route } from './+types/admin.customers.$key';
import { AdminPageHeader, BackLink } from '~/components/admin/admin-shell';
import { CustomerKind, EmailText } from '~/components/admin/customers/customer-bits';
import { StatusBadge, When } from '~/components/admin/inbox/status-badge';
import { card } from '~/components/admin/inbox/styles';
import { OrderStatusBadge } from '~/components/sales/order-status-badge';
import { adminMeta } from '~/lib/admin-meta';
import { formatCents, totalLabel } from '~/lib/money';
import { quotationState } from '~/lib/quotation-state';
import { StateBadge } from '~/components/orders/quotation-state-badge';
import { getCustomer, parseCustomerKey } from '~/services/customers/customers.server';
import { refusePosts, requireAdmin } from '~/services/permissions.server';

export const meta: Route.MetaFunction = ({ data: d }) => adminMeta(d?.customer.name ?? 'Customer');

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const key = parseCustomerKey(params.key);
  const customer = key ? await getCustomer(key) : null;
  if (!customer) throw data('Customer not found', { status: 404 });
  return { customer };
}

/** Posts here are answered after the guard (permissions.server's refusePosts). */
export async function action({ request }: Route.ActionArgs) {
  return refusePosts(request);
}

function Section({
  id,
  title,
  empty,
  count,
  children,
}: {
  id: string;
  title: string;
  empty: string;
  count: number;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`${card} min-w-0`}>
      <h2 id={id} className="font-bold text-slate-900">
        {title} <span className="font-normal text-slate-600">({count})</span>
      </h2>
      {count ? (
        <ul className="mt-2 divide-y divide-slate-100 text-sm">{children}</ul>
      ) : (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      )}
    </section>
  );
}

export default function AdminCustomer({ loaderData }: Route.ComponentProps) {
  const { customer: c } = loaderData;
  const reference = new Map(c.enquiries.map((e) => [e.id, e.reference]));
  return (
    <>
      <BackLink to="/admin/customers">Customers</BackLink>
      <AdminPageHeader title={c.name} />
      <div className="mb-6 grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="contact-heading" className={`${card} min-w-0`}>
          <h2 id="contact-heading" className="flex items-center gap-2 font-bold text-slate-900">
            Contact <CustomerKind account={Boolean(c.account)} />
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
            {c.email ? (
              <>
                <dt className="text-slate-600">E-mail</dt>
                <dd className="text-slate-900">
                  <a href={`mailto:${c.email}`} className="text-brand-700 hover:underline">
                    <EmailText email={c.email} />
                  </a>
                </dd>
              </>
            ) : null}
            {c.phone ? (
              <>
                <dt className="text-slate-600">Phone</dt>
                <dd className="text-slate-900">{c.phone}</dd>
              </>
            ) : null}
            {c.organisations.length ? (
              <>
                <dt className="text-slate-600">
                  {c.organisations.length === 1 ? 'Organisation' : 'Organisations'}
                </dt>
                <dd className="text-slate-900">{c.organisations.join(', ')}</dd>
              </>
            ) : null}
            {c.account ? (
              <>
                <dt className="text-slate-600">Account</dt>
                <dd className="text-slate-900">
                  {c.account.name}, since <When date={c.account.since} withTime={false} />
                </dd>
              </>
            ) : null}
          </dl>
        </section>
        <section aria-labelledby="values-heading" className={`${card} min-w-0`}>
          <h2 id="values-heading" className="font-bold text-slate-900">
            Values
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">Quoted (latest revisions)</dt>
            <dd className="font-semibold text-slate-900">{formatCents(c.values.quotedCents)}</dd>
            <dt className="text-slate-600">Accepted</dt>
            <dd className="font-semibold text-slate-900">{formatCents(c.values.acceptedCents)}</dd>
            <dt className="text-slate-600">Ordered</dt>
            <dd className="font-semibold text-slate-900">{formatCents(c.values.orderedCents)}</dd>
          </dl>
        </section>
      </div>
      <div className="grid gap-4 xl:grid-cols-3">
        <Section
          id="enquiries-heading"
          title="Enquiries"
          count={c.enquiries.length}
          empty="No enquiries yet."
        >
          {c.enquiries.map((e) => (
            <li key={e.id} className="py-2">
              <span className="flex flex-wrap items-center gap-2">
                <Link
                  to={`/admin/enquiries/${e.id}`}
                  className="font-semibold break-all text-brand-800 hover:underline"
                >
                  {e.reference}
                </Link>
                <StatusBadge status={e.status} />
              </span>
              <p className="text-slate-600">
                <When date={e.createdAt} withTime={false} /> · {e.items}{' '}
                {e.items === 1 ? 'item' : 'items'}
                {e.organisation ? ` · ${e.organisation}` : ''}
              </p>
            </li>
          ))}
        </Section>
        <Section
          id="quotations-heading"
          title="Quotations"
          count={c.quotations.length}
          empty="No quotations yet."
        >
          {c.quotations.map((q) => (
            <li key={q.id} className="py-2">
              <span className="flex flex-wrap items-center gap-2">
                <a
                  href={`/admin/enquiries/${q.enquiryId}/quotations/${encodeURIComponent(q.number)}.pdf`}
                  className="font-semibold break-all text-brand-800 hover:underline"
                >
                  {q.number} (PDF)
                </a>
                <StateBadge state={quotationState(q.status, q.validUntil).state} />
              </span>
              <p className="text-slate-600">
                {formatCents(q.totalCents)} {totalLabel(q.gstRegistered)} ·{' '}
                <When date={q.createdAt} withTime={false} /> · for {reference.get(q.enquiryId)}
              </p>
            </li>
          ))}
        </Section>
        <Section id="orders-heading" title="Orders" count={c.orders.length} empty="No orders yet.">
          {c.orders.map((o) => (
            <li key={o.id} className="py-2">
              <span className="flex flex-wrap items-center gap-2">
                <Link
                  to={`/admin/orders/${o.id}`}
                  className="font-semibold break-all text-brand-800 hover:underline"
                >
                  {o.number}
                </Link>
                <OrderStatusBadge status={o.status} />
              </span>
              <p className="text-slate-600">
                {formatCents(o.totalCents)} · confirmed <When date={o.createdAt} withTime={false} />
              </p>
            </li>
          ))}
        </Section>
      </div>
    </>
  );
}
