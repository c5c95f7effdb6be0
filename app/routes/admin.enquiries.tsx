import { Download, Plus, Search } from 'lucide-react';
import { Fragment } from 'react';
import { Form, Link, redirect } from 'react-router';
import type { Route } from './+types/admin.enquiries';
import { AdminPageHeader } from '~/components/admin/admin-shell';
import { StatusBadge, When } from '~/components/admin/inbox/status-badge';
import { input, label, primaryButton, secondaryButton } from '~/components/admin/inbox/styles';
import { Pagination } from '~/components/catalogue/pagination';
import { adminMeta } from '~/lib/admin-meta';
import { GUEST_NAME } from '~/lib/constants';
import { useSyncedValue } from '~/lib/use-synced-value';
import {
  ASSIGNED_LABELS,
  ENQUIRY_STATUSES,
  enquiryFilterQuery,
  readEnquiryFilter,
  STATUS_LABELS,
} from '~/lib/schemas/inbox';
import { searchEnquiries } from '~/services/inbox/enquiries.server';
import { refusePosts, requireAdmin } from '~/services/permissions.server';

export const meta: Route.MetaFunction = () => adminMeta('Enquiries');

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const filter = readEnquiryFilter(new URL(request.url).searchParams);
  const result = await searchEnquiries(filter, admin.id);
  // Past the last page (its last enquiry left the filter, and Back came here): the last page.
  if (result.total > 0 && filter.page > result.pages)
    throw redirect(`/admin/enquiries${enquiryFilterQuery(filter, result.pages)}`);
  return { filter, result };
}

/** Posts here are answered after the guard (permissions.server's refusePosts). */
export async function action({ request }: Route.ActionArgs) {
  return refusePosts(request);
}

export default function AdminEnquiries({ loaderData }: Route.ComponentProps) {
  const { filter, result } = loaderData;
  const filtered = Boolean(
    filter.status || filter.assigned || filter.q || filter.from || filter.to,
  );
  // The fields follow the URL: a status pill or Clear changes it without a new page.
  const [q, setQ] = useSyncedValue(filter.q ?? '');
  const [status, setStatus] = useSyncedValue(filter.status ?? '');
  const [from, setFrom] = useSyncedValue(filter.from ?? '');
  const [to, setTo] = useSyncedValue(filter.to ?? '');
  return (
    <>
      <AdminPageHeader
        title="Enquiries"
        description={`${result.total} ${result.total === 1 ? 'enquiry' : 'enquiries'}${filtered ? ` ${result.total === 1 ? 'matches' : 'match'} these filters` : ''}: waiting for us first, then by last activity.`}
        actions={
          <>
            <Link to="/admin/enquiries/new" className={primaryButton}>
              <Plus aria-hidden className="size-4" /> New enquiry
            </Link>
            <a
              href={`/admin/enquiries.csv${enquiryFilterQuery(filter, 1)}`}
              download
              className={secondaryButton}
            >
              <Download aria-hidden className="size-4" /> Export CSV
            </a>
          </>
        }
      />
      <nav aria-label="Status" className="mb-4 flex flex-wrap gap-1.5">
        {[undefined, ...ENQUIRY_STATUSES].map((status) => {
          const current = filter.status === status;
          return (
            <Link
              key={status ?? 'all'}
              to={`/admin/enquiries${enquiryFilterQuery({ ...filter, status }, 1)}`}
              aria-current={current ? 'page' : undefined}
              className={`rounded-full px-3 py-1 text-sm font-medium ${current ? 'bg-brand-600 text-white' : 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-100'}`}
            >
              {status ? STATUS_LABELS[status] : 'All'}
            </Link>
          );
        })}
      </nav>
      <nav aria-label="Assigned" className="mb-4 flex flex-wrap gap-1.5">
        {([undefined, 'mine', 'unassigned'] as const).map((assigned) => {
          const current = filter.assigned === assigned;
          return (
            <Link
              key={assigned ?? 'everyone'}
              to={`/admin/enquiries${enquiryFilterQuery({ ...filter, assigned }, 1)}`}
              aria-current={current ? 'page' : undefined}
              className={`rounded-full px-3 py-1 text-sm font-medium ${current ? 'bg-slate-800 text-white' : 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-100'}`}
            >
              {assigned ? ASSIGNED_LABELS[assigned] : 'Everyone'}
            </Link>
          );
        })}
      </nav>
      <Form
        method="get"
        role="search"
        aria-label="Filter enquiries"
        className="mb-6 grid items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] 2xl:grid-cols-[minmax(0,2fr)_auto_minmax(0,1fr)_minmax(0,1fr)_auto]"
      >
        {/* Beside the back office's sidebar one row is too narrow for all five until 2xl: search
            and status above, the dates and buttons below, the status as wide as its longest
            option (its `auto` column). */}
        {filter.assigned ? <input type="hidden" name="assigned" value={filter.assigned} /> : null}
        <div className="sm:col-span-2 2xl:col-span-1">
          <label htmlFor="q" className={label}>
            Search
          </label>
          <input
            id="q"
            name="q"
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="Reference, name, product, message"
            className={input}
          />
        </div>
        <div>
          <label htmlFor="status" className={label}>
            Status
          </label>
          <select
            id="status"
            name="status"
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            className={input}
          >
            <option value="">All statuses</option>
            {ENQUIRY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="from" className={label}>
            From
          </label>
          <input
            id="from"
            name="from"
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            className={input}
          />
        </div>
        <div>
          <label htmlFor="to" className={label}>
            To
          </label>
          <input
            id="to"
            name="to"
            type="date"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            className={input}
          />
        </div>
        <div className="flex gap-2">
          <button type="submit" className={primaryButton}>
            <Search aria-hidden className="size-4" /> Filter
          </button>
          {filtered ? (
            <Link to="/admin/enquiries" className={secondaryButton}>
              Clear
            </Link>
          ) : null}
        </div>
      </Form>

      {result.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
          {filtered ? 'No enquiries match these filters.' : 'No enquiries yet.'}
        </p>
      ) : (
        <ul
          aria-label="Enquiries"
          className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white"
        >
          {result.items.map((e) => (
            <li
              key={e.id}
              className="relative grid gap-x-6 gap-y-1 p-4 hover:bg-slate-50 lg:grid-cols-[11rem_minmax(0,1fr)_minmax(0,1fr)] lg:items-start"
            >
              {/* Reference and status side by side on a phone; with the date in one column from
                  lg, which leaves the contact's details room to be read in full. */}
              <div className="flex items-center justify-between gap-2 lg:flex-col lg:items-start lg:gap-1">
                <Link
                  to={`/admin/enquiries/${e.id}`}
                  className={`text-brand-800 after:absolute after:inset-0 hover:underline ${e.status === 'new' ? 'font-extrabold' : 'font-semibold'}`}
                >
                  {e.reference}
                </Link>
                <span className="flex flex-wrap items-center gap-1 lg:order-last">
                  {e.waitingForUs ? (
                    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900">
                      Waiting for us
                    </span>
                  ) : null}
                  <StatusBadge status={e.status} />
                </span>
                <p className="hidden text-sm text-slate-600 lg:block">
                  Last activity <When date={e.lastActivityAt} />
                </p>
              </div>
              <div className="min-w-0 text-sm text-slate-600">
                <p className="font-medium text-slate-900">
                  {e.guest ? (
                    <>
                      {/* A guest who gave no name is stored as GUEST_NAME: the badge says it once. */}
                      {e.contactName === GUEST_NAME ? null : `${e.contactName} `}
                      <span className="ml-1 inline-block rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal whitespace-nowrap text-slate-700">
                        Guest
                      </span>
                    </>
                  ) : (
                    e.contactName
                  )}
                </p>
                {e.organisation ? <p>{e.organisation}</p> : null}
                {e.contactEmail ? (
                  <p>
                    <EmailText email={e.contactEmail} />
                  </p>
                ) : null}
                {e.organisation || e.contactEmail ? null : <p>—</p>}
                <p className="lg:hidden">
                  Last activity <When date={e.lastActivityAt} />
                </p>
              </div>
              <div className="min-w-0 text-sm text-slate-700">
                <p>
                  {e.items
                    .slice(0, 3)
                    .map((i) => `${i.name} × ${i.quantity}`)
                    .join(', ')}
                  {e.items.length > 3 ? ` and ${e.items.length - 3} more` : ''}
                </p>
                <p className="text-slate-600">
                  {e.assigneeName ? `Assigned to ${e.assigneeName}` : 'Unassigned'}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={result.page}
        pages={result.pages}
        href={(page) => `/admin/enquiries${enquiryFilterQuery(filter, page)}`}
      />
    </>
  );
}

/** An e-mail address that, too long for its line, wraps before an @ or a dot before inside a word. */
function EmailText({ email }: { email: string }) {
  return email.split(/(?=[@.])/).map((part, i) => (
    <Fragment key={i}>
      {i > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}
