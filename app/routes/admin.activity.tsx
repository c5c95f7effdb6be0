import { ArrowRight, Download, Pencil, Plus, RotateCcw, Trash2, UserX } from 'lucide-react';
import { Form, Link } from 'react-router';
import type { Route } from './+types/admin.activity';
import { AdminPageHeader } from '~/components/admin/admin-shell';
import { AuditImages, statusText } from '~/components/admin/products/audit-values';
import { adminMeta } from '~/lib/admin-meta';
import { activityFilter, listActivity } from '~/services/audit/activity.server';
import { withThumbnails } from '~/services/catalogue/admin-products.server';
import { refusePosts, requireAdmin } from '~/services/permissions.server';

export const meta: Route.MetaFunction = () => adminMeta('Activity');

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filter = activityFilter(new URL(request.url));
  const { entries, older } = await listActivity(filter);
  return {
    filter,
    older,
    entries: entries.map((e) => ({ ...e, changes: withThumbnails(e.changes) })),
  };
}

const ENTITY_LABEL = {
  product: 'product',
  sport: 'sport',
  category: 'category',
  person: 'the personal data of',
  canned_reply: 'canned reply',
} as const;
// What was done, as '<who> <verb> <what> <name><after>'.
const ACTION = {
  create: { verb: 'created', after: '', icon: Plus, tone: 'bg-green-100 text-green-800' },
  update: { verb: 'edited', after: '', icon: Pencil, tone: 'bg-brand-50 text-brand-800' },
  delete: { verb: 'deleted', after: '', icon: Trash2, tone: 'bg-red-100 text-red-800' },
  trash: { verb: 'moved', after: ' to the trash', icon: Trash2, tone: 'bg-red-100 text-red-800' },
  restore: {
    verb: 'restored',
    after: ' from the trash',
    icon: RotateCcw,
    tone: 'bg-green-100 text-green-800',
  },
  purge: { verb: 'deleted', after: ' for good', icon: Trash2, tone: 'bg-red-100 text-red-800' },
  export: { verb: 'exported', after: '', icon: Download, tone: 'bg-slate-100 text-slate-800' },
  erase: { verb: 'erased', after: '', icon: UserX, tone: 'bg-red-100 text-red-800' },
} as const;

// Fixed to the shop's time zone, so the server's and the browser's renders agree.
const when = new Intl.DateTimeFormat('en-SG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Singapore',
});

/** A recorded value as staff read it: lists joined, nothing as a dash. */
function shown(value: unknown, field?: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'status') return statusText(value) ?? String(value);
  if (Array.isArray(value)) return value.length ? value.map((v) => shown(v)).join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const FIELD_LABEL: Record<string, string> = {
  sportId: 'sport',
  categoryIds: 'categories',
  copiedFrom: 'copied from',
};

/** Posts here are answered after the guard (permissions.server's refusePosts). */
export async function action({ request }: Route.ActionArgs) {
  return refusePosts(request);
}

export default function AdminActivity({ loaderData }: Route.ComponentProps) {
  const { entries, older, filter } = loaderData;
  const query = (before?: number) => {
    const params = new URLSearchParams();
    if (filter.entity) params.set('entity', filter.entity);
    if (before) params.set('before', String(before));
    const s = params.toString();
    return s ? `?${s}` : '/admin/activity';
  };
  return (
    <>
      <AdminPageHeader
        title="Activity"
        description="Every change to products, sports and categories, and every request about a person's data: who, when and what, newest first."
      />
      <Form
        method="get"
        className="mb-4 flex flex-wrap items-end gap-2 rounded-xl border border-slate-200 bg-white p-3 shadow-sm"
      >
        <div>
          <label htmlFor="entity" className="block text-sm font-medium text-slate-800">
            Show
          </label>
          <select
            id="entity"
            name="entity"
            defaultValue={filter.entity ?? ''}
            className="mt-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900"
          >
            <option value="">All changes</option>
            <option value="product">Products</option>
            <option value="sport">Sports</option>
            <option value="category">Categories</option>
            <option value="person">Personal data requests</option>
            <option value="canned_reply">Canned replies</option>
          </select>
        </div>
        <button
          type="submit"
          className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
        >
          Filter
        </button>
      </Form>

      {entries.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white px-4 py-8 text-center text-slate-600">
          Nothing recorded {filter.before ? 'before this' : 'yet'}.
        </p>
      ) : (
        <ol aria-label="Changes, newest first" className="space-y-3">
          {entries.map((entry) => {
            const action = ACTION[entry.action];
            const Icon = action.icon;
            const changes = Object.entries(entry.changes);
            return (
              <li
                key={entry.id}
                data-entry-id={entry.id}
                className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
              >
                <span
                  className={`flex size-9 shrink-0 items-center justify-center rounded-full ${action.tone}`}
                >
                  <Icon aria-hidden className="size-4" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="text-slate-900">
                    <strong>{entry.actorName}</strong> {action.verb} {ENTITY_LABEL[entry.entity]}{' '}
                    <strong className="[overflow-wrap:anywhere]">{entry.entityName}</strong>
                    {action.after}
                  </p>
                  <p className="text-sm text-slate-600">
                    <time dateTime={new Date(entry.createdAt).toISOString()}>
                      {when.format(new Date(entry.createdAt))}
                    </time>
                    {entry.editHref ? (
                      <>
                        {' · '}
                        <Link
                          to={entry.editHref}
                          className="font-semibold text-brand-700 underline"
                        >
                          Edit product<span className="sr-only"> {entry.entityName}</span>
                        </Link>
                      </>
                    ) : null}
                  </p>
                  {changes.length ? (
                    <dl className="mt-2 grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                      {changes.map(([field, change]) => (
                        <div key={field} className="contents">
                          <dt className="font-medium text-slate-700 first-letter:uppercase">
                            {FIELD_LABEL[field] ?? field}
                          </dt>
                          <dd className="flex min-w-0 flex-wrap items-center gap-1.5 text-slate-800 [overflow-wrap:anywhere]">
                            {field === 'images' ? (
                              <AuditImages images={change.from} label="Images before" />
                            ) : (
                              <span
                                className={
                                  change.from == null
                                    ? 'text-slate-600'
                                    : 'line-through decoration-slate-400'
                                }
                              >
                                {shown(change.from, field)}
                              </span>
                            )}
                            <ArrowRight aria-hidden className="size-3.5 shrink-0 text-slate-600" />
                            <span className="sr-only">to</span>
                            {field === 'images' ? (
                              <AuditImages images={change.to} label="Images after" />
                            ) : (
                              <span>{shown(change.to, field)}</span>
                            )}
                          </dd>
                        </div>
                      ))}
                    </dl>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ol>
      )}

      <nav aria-label="Activity pages" className="mt-6 flex justify-between gap-2">
        {filter.before ? (
          <Link to={query()} className="font-semibold text-brand-700 underline">
            Newest
          </Link>
        ) : (
          <span />
        )}
        {older ? (
          <Link to={query(older)} className="font-semibold text-brand-700 underline">
            Older entries
          </Link>
        ) : null}
      </nav>
    </>
  );
}
