import { Search } from 'lucide-react';
import { Form, Link, redirect } from 'react-router';
import type { Route } from './+types/admin.customers';
import { AdminPageHeader } from '~/components/admin/admin-shell';
import { CustomerKind, EmailText } from '~/components/admin/customers/customer-bits';
import { When } from '~/components/admin/inbox/status-badge';
import { input, label, primaryButton, secondaryButton } from '~/components/admin/inbox/styles';
import { Pagination } from '~/components/catalogue/pagination';
import { adminMeta } from '~/lib/admin-meta';
import { formatCents } from '~/lib/money';
import { useSyncedValue } from '~/lib/use-synced-value';
import { listCustomers } from '~/services/customers/customers.server';
import { refusePosts, requireAdmin } from '~/services/permissions.server';

export const meta: Route.MetaFunction = () => adminMeta('Customers');

/** The list's query string: the search and the page (page 1 and a blank search left out). */
function customersQuery(q: string | undefined, page: number): string {
  const p = new URLSearchParams();
  if (q) p.set('q', q);
  if (page > 1) p.set('page', String(page));
  const s = p.toString();
  return s ? `?${s}` : '';
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const q = params.get('q')?.trim().slice(0, 100) || undefined;
  const asked = Number(params.get('page'));
  const page = Number.isInteger(asked) && asked >= 1 && asked <= 100_000 ? asked : 1;
  const result = await listCustomers({ q, page });
  // Past the last page: the last page.
  if (result.total > 0 && page > result.pages)
    throw redirect(`/admin/customers${customersQuery(q, result.pages)}`);
  return { q, result };
}

/** Posts here are answered after the guard (permissions.server's refusePosts). */
export async function action({ request }: Route.ActionArgs) {
  return refusePosts(request);
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { q: searched, result } = loaderData;
  const [q, setQ] = useSyncedValue(searched ?? '');
  return (
    <>
      <AdminPageHeader
        title="Customers"
        description={`${plural(result.total, 'customer', 'customers')}${searched ? ` ${result.total === 1 ? 'matches' : 'match'} “${searched}”` : ''}, by e-mail address, most recently active first.`}
      />
      <Form
        method="get"
        role="search"
        aria-label="Search customers"
        className="mb-6 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
      >
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor="q" className={label}>
            Search
          </label>
          <input
            id="q"
            name="q"
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="Name, e-mail, phone, organisation"
            className={input}
          />
        </div>
        <div className="flex gap-2">
          <button type="submit" className={primaryButton}>
            <Search aria-hidden className="size-4" /> Search
          </button>
          {searched ? (
            <Link to="/admin/customers" className={secondaryButton}>
              Clear
            </Link>
          ) : null}
        </div>
      </Form>
      {result.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
          {searched ? 'No customer matches this search.' : 'No customers yet.'}
        </p>
      ) : (
        <ul
          aria-label="Customers"
          className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white"
        >
          {result.items.map((c) => (
            <li
              key={c.key}
              className="relative grid gap-x-6 gap-y-1 p-4 hover:bg-slate-50 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_12rem] lg:items-start"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <Link
                    to={`/admin/customers/${c.key}`}
                    className="font-semibold text-brand-800 after:absolute after:inset-0 hover:underline"
                  >
                    {c.name}
                  </Link>
                  <CustomerKind account={c.account} />
                </p>
                {c.organisation ? <p className="text-sm text-slate-700">{c.organisation}</p> : null}
              </div>
              <div className="min-w-0 text-sm text-slate-600">
                {c.email ? (
                  <p>
                    <EmailText email={c.email} />
                  </p>
                ) : null}
                {c.phone ? <p>{c.phone}</p> : null}
              </div>
              <div className="text-sm text-slate-700">
                <p>
                  {plural(c.enquiries, 'enquiry', 'enquiries')} ·{' '}
                  {plural(c.quotations, 'quotation', 'quotations')}
                </p>
                <p>
                  <span className="font-semibold text-slate-900">
                    {formatCents(c.acceptedCents)}
                  </span>{' '}
                  accepted
                </p>
                <p className="text-slate-600">
                  Last activity <When date={c.lastActivity} withTime={false} />
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={result.page}
        pages={result.pages}
        href={(page) => `/admin/customers${customersQuery(searched, page)}`}
      />
    </>
  );
}
