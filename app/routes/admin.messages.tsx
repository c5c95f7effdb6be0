import { Link, redirect } from 'react-router';
import type { Route } from './+types/admin.messages';
import { AdminPageHeader } from '~/components/admin/admin-shell';
import { When } from '~/components/admin/inbox/status-badge';
import { Pagination } from '~/components/catalogue/pagination';
import { adminMeta } from '~/lib/admin-meta';
import { listMessages, type MessageFilter } from '~/services/inbox/messages.server';
import { refusePosts, requireAdmin } from '~/services/permissions.server';

export const meta: Route.MetaFunction = () => adminMeta('Messages');

const FILTERS: { value: MessageFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'handled', label: 'Handled' },
  { value: 'all', label: 'All' },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const show = FILTERS.find((f) => f.value === params.get('show'))?.value ?? 'open';
  const page = Number(params.get('page'));
  const safePage = Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
  const result = await listMessages(show, safePage);
  // Past the last page (its last message was just handled, and Back came here): the last page.
  if (result.total > 0 && safePage > result.pages)
    throw redirect(`/admin/messages${query(show, result.pages)}`);
  return { show, result };
}

const query = (show: MessageFilter, page = 1) => {
  const p = new URLSearchParams();
  if (show !== 'open') p.set('show', show);
  if (page > 1) p.set('page', String(page));
  const s = p.toString();
  return s ? `?${s}` : '';
};

/** Posts here are answered after the guard (permissions.server's refusePosts). */
export async function action({ request }: Route.ActionArgs) {
  return refusePosts(request);
}

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { show, result } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Messages"
        description={`${result.total} ${show === 'all' ? '' : `${show} `}${result.total === 1 ? 'message' : 'messages'} from the contact form, newest first. Unread ones are in bold.`}
      />
      <nav aria-label="Show" className="mb-4 flex flex-wrap gap-1.5">
        {FILTERS.map((f) => (
          <Link
            key={f.value}
            to={`/admin/messages${query(f.value)}`}
            aria-current={show === f.value ? 'page' : undefined}
            className={`rounded-full px-3 py-1 text-sm font-medium ${show === f.value ? 'bg-brand-600 text-white' : 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-100'}`}
          >
            {f.label}
          </Link>
        ))}
      </nav>
      {result.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
          {show === 'open' ? 'No open messages: all caught up.' : 'No messages here.'}
        </p>
      ) : (
        <ul
          aria-label="Messages"
          className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white"
        >
          {result.items.map((m) => (
            <li
              key={m.id}
              className={`relative grid gap-x-4 gap-y-1 p-4 hover:bg-slate-50 sm:grid-cols-[14rem_1fr_auto] ${m.read ? '' : 'bg-brand-50/40'}`}
            >
              <div className="min-w-0">
                <Link
                  to={`/admin/messages/${m.id}`}
                  className={`block truncate text-slate-900 after:absolute after:inset-0 hover:underline ${m.read ? 'font-medium' : 'font-extrabold'}`}
                >
                  {m.name}
                  {m.read ? null : <span className="sr-only"> (unread)</span>}
                </Link>
                <p className="truncate text-sm text-slate-600">{m.email}</p>
              </div>
              <p
                className={`min-w-0 text-sm ${m.read ? 'text-slate-700' : 'font-semibold text-slate-900'}`}
              >
                {m.excerpt}
              </p>
              <div className="flex items-center gap-2 text-sm text-slate-600 sm:flex-col sm:items-end">
                <When date={m.createdAt} />
                {m.handled ? (
                  <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">
                    Handled
                  </span>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={result.page}
        pages={result.pages}
        href={(page) => `/admin/messages${query(show, page)}`}
      />
    </>
  );
}
