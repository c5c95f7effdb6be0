import { ImageOff, Inbox, Mail, Package, Plus, Tags, Trophy } from 'lucide-react';
import { Link, useRouteLoaderData } from 'react-router';
import type { loader as adminLoader } from './admin';
import type { Route } from './+types/admin._index';
import { AdminPageHeader } from '~/components/admin/admin-shell';
import { adminMeta } from '~/lib/admin-meta';
import { OrderStatusBadge } from '~/components/sales/order-status-badge';
import { StatusBadge, When } from '~/components/admin/inbox/status-badge';
import { formatCents, totalLabel } from '~/lib/money';
import {
  catalogueOverview,
  REPLY_WITHIN_WORKING_DAYS,
  salesOverview,
} from '~/services/admin/overview.server';
import { refusePosts, requireAdmin } from '~/services/permissions.server';
import { siteInfo } from '~/services/site.server';

export const meta: Route.MetaFunction = () => adminMeta('Dashboard');

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const [catalogue, sales] = await Promise.all([catalogueOverview(), salesOverview()]);
  // The shop's GST setting decides how this month's quoted value is told.
  return {
    name: admin.name,
    catalogue,
    sales,
    gstRegistered: siteInfo().gstRegNo !== null,
    replyWithin: REPLY_WITHIN_WORKING_DAYS,
  };
}

function Tile({
  to,
  label,
  value,
  icon: Icon,
  tone = 'default',
}: {
  to: string;
  label: string;
  value: number;
  icon: React.ComponentType<{ 'aria-hidden'?: boolean; className?: string }>;
  tone?: 'default' | 'attention';
}) {
  return (
    <Link
      to={to}
      className="group flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-600 sm:flex-row sm:items-center sm:gap-4 sm:p-5"
    >
      <span
        className={`flex size-11 items-center justify-center rounded-lg ${tone === 'attention' && value > 0 ? 'bg-accent-600 text-white' : 'bg-brand-50 text-brand-700'}`}
      >
        <Icon aria-hidden className="size-5" />
      </span>
      <span>
        <span className="block text-2xl font-extrabold text-slate-900">{value}</span>
        <span className="text-sm text-slate-600 group-hover:text-brand-700">{label}</span>
      </span>
    </Link>
  );
}

/** A short list of what needs doing, with how many there are and where to see them all. */
function Worklist({
  id,
  title,
  total,
  empty,
  all,
  counted = true,
  children,
}: {
  id: string;
  title: string;
  total: number;
  /** Whether the heading shows the total (a list of what needs doing) or not (a list to read). */
  counted?: boolean;
  empty: string;
  all?: { to: string; label: string };
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h3 id={id} className="flex items-baseline justify-between gap-2 font-bold text-slate-900">
        {title}
        {counted ? (
          <span
            className={`rounded-full px-2 text-sm leading-6 ${total ? 'bg-accent-600 text-white' : 'bg-slate-100 text-slate-700'}`}
          >
            {total}
          </span>
        ) : null}
      </h3>
      {total ? (
        <ul className="mt-2 flex-1 divide-y divide-slate-100 text-sm">{children}</ul>
      ) : (
        <p className="mt-2 flex-1 text-sm text-slate-600">{empty}</p>
      )}
      {all && total ? (
        <Link to={all.to} className="mt-3 text-sm font-semibold text-brand-700 hover:underline">
          {all.label}
        </Link>
      ) : null}
    </section>
  );
}

/** Posts here are answered after the guard (permissions.server's refusePosts). */
export async function action({ request }: Route.ActionArgs) {
  return refusePosts(request);
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { name, catalogue, sales, gstRegistered, replyWithin } = loaderData;
  const month = sales.quotedThisMonth;
  // The layout's loader counts the inbox for the navigation; the tiles show the same figures.
  const inbox = useRouteLoaderData<typeof adminLoader>('routes/admin')!.counts;
  return (
    <>
      <AdminPageHeader
        title="Dashboard"
        description={`Welcome back, ${name}. Here is what needs attention.`}
        actions={
          <Link
            to="/admin/create"
            className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
          >
            <Plus aria-hidden className="size-4" /> Create New
          </Link>
        }
      />
      <h2 className="mb-3 text-sm font-semibold tracking-wide text-slate-600 uppercase">Inbox</h2>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <Tile
          to="/admin/enquiries?status=new"
          label="New enquiries"
          value={inbox.newEnquiries}
          icon={Inbox}
          tone="attention"
        />
        <Tile
          to="/admin/messages"
          label="Open messages"
          value={inbox.openMessages}
          icon={Mail}
          tone="attention"
        />
      </div>
      <h2 className="mt-8 mb-3 text-sm font-semibold tracking-wide text-slate-600 uppercase">
        Sales to follow up
      </h2>
      <div className="grid gap-3 sm:gap-4 xl:grid-cols-3">
        <Worklist
          id="waiting-heading"
          title="Waiting for a reply"
          total={sales.waiting.total}
          empty="Every enquiry has its answer."
          all={{ to: '/admin/enquiries', label: 'All enquiries' }}
        >
          {sales.waiting.overdue ? (
            <li className="py-2 font-semibold text-red-800">
              {sales.waiting.overdue} waiting over {replyWithin} working days
            </li>
          ) : null}
          {sales.waiting.items.map((e) => (
            <li key={e.id} className="py-2">
              <span className="flex flex-wrap items-center gap-2">
                <Link
                  to={`/admin/enquiries/${e.id}`}
                  className="font-semibold text-brand-800 hover:underline"
                >
                  {e.reference}
                </Link>
                {e.overdue ? (
                  <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800">
                    Overdue
                  </span>
                ) : null}
              </span>
              <p className="text-slate-600">
                {e.customer}
                {e.organisation ? `, ${e.organisation}` : ''} · since <When date={e.since} /> (
                {e.workingDays.toFixed(1)} working days)
              </p>
            </li>
          ))}
        </Worklist>
        <Worklist
          id="expiring-heading"
          title="Quotations expiring this week"
          total={sales.expiring.total}
          empty="No open quotation expires in the next seven days."
        >
          {sales.expiring.items.map((q) => (
            <li key={q.id} className="py-2">
              <Link
                to={`/admin/enquiries/${q.enquiryId}`}
                className="font-semibold break-all text-brand-800 hover:underline"
              >
                {q.number}
              </Link>
              <p className="text-slate-600">
                {q.customer} · {formatCents(q.totalCents)} · valid until{' '}
                <When date={q.validUntil} withTime={false} />
              </p>
            </li>
          ))}
        </Worklist>
        <Worklist
          id="invoice-heading"
          title="Orders waiting for an invoice"
          total={sales.toInvoice.total}
          empty="Every confirmed order has its invoice."
          all={{ to: '/admin/orders', label: 'All orders' }}
        >
          {sales.toInvoice.items.map((o) => (
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
                {o.customer} · {formatCents(o.totalCents)} · confirmed{' '}
                <When date={o.createdAt} withTime={false} />
              </p>
            </li>
          ))}
        </Worklist>
      </div>
      <div className="mt-8 grid gap-3 sm:gap-4 xl:grid-cols-3">
        <section
          aria-labelledby="month-heading"
          className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
        >
          <h3 id="month-heading" className="font-bold text-slate-900">
            Quotations sent this month
          </h3>
          <p className="mt-1 text-sm text-slate-600">
            Since <When date={month.from} withTime={false} />
          </p>
          <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-4 gap-y-1">
            <dt className="text-sm text-slate-600">Sent</dt>
            <dd className="text-2xl font-extrabold text-slate-900">{month.count}</dd>
            {gstRegistered ? (
              <>
                <dt className="text-sm text-slate-600">Value excl. GST</dt>
                <dd className="font-semibold text-slate-900">
                  {formatCents(month.excludingGstCents)}
                </dd>
                <dt className="text-sm text-slate-600">Value incl. GST</dt>
                <dd className="font-semibold text-slate-900">{formatCents(month.totalCents)}</dd>
              </>
            ) : (
              <>
                <dt className="text-sm text-slate-600">Value</dt>
                <dd className="font-semibold text-slate-900">
                  {formatCents(month.totalCents)} {totalLabel(false)}
                </dd>
              </>
            )}
          </dl>
        </section>
        <div className="xl:col-span-2">
          <Worklist
            id="recent-heading"
            title="Recent enquiries"
            total={sales.recent.length}
            counted={false}
            empty="No enquiries yet."
            all={{ to: '/admin/enquiries', label: 'Open the inbox' }}
          >
            {sales.recent.map((e) => (
              <li key={e.id} className="flex flex-wrap items-center justify-between gap-x-3 py-2">
                <span className="min-w-0">
                  <Link
                    to={`/admin/enquiries/${e.id}`}
                    className="font-semibold text-brand-800 hover:underline"
                  >
                    {e.reference}
                  </Link>{' '}
                  <span className="text-slate-600">
                    {e.customer}
                    {e.organisation ? `, ${e.organisation}` : ''} · <When date={e.createdAt} />
                  </span>
                </span>
                <StatusBadge status={e.status} />
              </li>
            ))}
          </Worklist>
        </div>
      </div>
      <h2 className="mt-8 mb-3 text-sm font-semibold tracking-wide text-slate-600 uppercase">
        Catalogue
      </h2>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <Tile to="/admin/list" label="Products" value={catalogue.products} icon={Package} />
        <Tile to="/admin/sports" label="Sports" value={catalogue.sports} icon={Trophy} />
        <Tile to="/admin/categories" label="Categories" value={catalogue.categories} icon={Tags} />
        <Tile
          to="/admin/list?images=none"
          label="Products without images"
          value={catalogue.withoutImages}
          icon={ImageOff}
          tone="attention"
        />
      </div>
    </>
  );
}
