import { Pencil, Plus, Search, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { Form, Link, redirect, useFetcher, useRevalidator, useSubmit } from 'react-router';
import type { Route } from './+types/admin.list';
import { AdminPageHeader } from '~/components/admin/admin-shell';
import { Pagination } from '~/components/catalogue/pagination';
import { ConfirmDialog, MessageDialog } from '~/components/ui/dialog';
import { adminMeta } from '~/lib/admin-meta';
import { SEARCH_MAX } from '~/lib/shop-url';
import { useOnResult } from '~/lib/use-on-result';
import { useSyncedValue } from '~/lib/use-synced-value';
import { deleteProduct } from '~/services/catalogue/admin-products.server';
import { getProduct, listProducts, type ProductCard } from '~/services/catalogue/products.server';
import { listCategories, listSports } from '~/services/catalogue/taxonomy.server';
import { UserError } from '~/services/errors.server';
import { formAction, readForm } from '~/services/forms.server';
import { requireAdmin } from '~/services/permissions.server';

export const meta: Route.MetaFunction = () => adminMeta('Manage Products');

/** The list's words, as staff have always seen them. */
const DELETE_TEXT = {
  title: 'Are you sure?',
  message: "You won't be able to revert this!",
  confirm: 'Yes, delete it!',
  done: 'Deleted!',
  doneMessage: 'The product has been deleted.',
} as const;

const positive = (value: string | null): number | undefined => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n < 2 ** 31 ? n : undefined;
};

/** The list's state, all in the URL (so it works without JavaScript and can be bookmarked). */
function parseListState(url: URL) {
  return {
    q: (url.searchParams.get('q') ?? '').trim().slice(0, SEARCH_MAX),
    sport: positive(url.searchParams.get('sport')),
    category: positive(url.searchParams.get('category')),
    page: positive(url.searchParams.get('page')) ?? 1,
    noImages: url.searchParams.get('images') === 'none',
  };
}
type ListState = ReturnType<typeof parseListState>;

function listHref(state: ListState, changes: Partial<ListState> & { delete?: number } = {}) {
  const next = { ...state, ...changes };
  const params = new URLSearchParams();
  if (next.q) params.set('q', next.q);
  if (next.category) params.set('category', String(next.category));
  if (next.sport) params.set('sport', String(next.sport));
  if (next.noImages) params.set('images', 'none');
  if (next.page > 1) params.set('page', String(next.page));
  if (changes.delete) params.set('delete', String(changes.delete));
  const search = params.toString();
  return `/admin/list${search ? `?${search}` : ''}`;
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const state = parseListState(url);
  const filter = {
    q: state.q,
    sportIds: state.sport ? [state.sport] : [],
    categoryIds: state.category ? [state.category] : [],
    page: state.page,
  };
  const deleteId = positive(url.searchParams.get('delete'));
  const [result, sports, categories, toDelete] = await Promise.all([
    listProducts({ ...filter, withoutImages: state.noImages }),
    listSports(),
    listCategories(),
    deleteId ? getProduct(deleteId) : null,
  ]);
  // Past the last page (its last product was just deleted, or Back came here): the last page.
  const pages = Math.ceil(result.total / result.pageSize);
  if (result.total > 0 && state.page > pages) throw redirect(listHref(state, { page: pages }));
  return {
    state,
    result,
    sports,
    categories,
    toDelete: toDelete ? { id: toDelete.id, name: toDelete.name } : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return formAction(async () => {
    const form = await readForm(request);
    const id = positive(String(form.get('productId') ?? ''));
    if (!id || form.get('intent') !== 'delete')
      throw new UserError('Failed to delete product.', 400);
    const { name } = await deleteProduct(admin, id);
    return { ok: true as const, message: DELETE_TEXT.doneMessage, name };
  });
}

function Thumb({ product }: { product: ProductCard }) {
  if (!product.image)
    return (
      <span className="flex size-[60px] items-center justify-center rounded bg-slate-100 text-center text-xs text-slate-600">
        No image
      </span>
    );
  return (
    <img
      src={product.image.src}
      srcSet={product.image.srcSet}
      sizes="60px"
      width={60}
      height={60}
      alt=""
      loading="lazy"
      className="size-[60px] rounded object-cover"
    />
  );
}

/**
 * The rows' two icons, drawn once per page and referenced by each row (`<use>`): lucide builds an
 * icon's attributes anew on every render, and the list drew 32 of them.
 */
function RowIconSprite() {
  return (
    <svg aria-hidden width="0" height="0" className="absolute">
      <symbol id="row-icon-edit" viewBox="0 0 24 24">
        <Pencil />
      </symbol>
      <symbol id="row-icon-delete" viewBox="0 0 24 24">
        <Trash2 />
      </symbol>
    </svg>
  );
}

function RowIcon({ name }: { name: 'edit' | 'delete' }) {
  return (
    <svg aria-hidden className="size-4">
      <use href={`#row-icon-${name}`} />
    </svg>
  );
}

/**
 * Plain links (the table's click handler navigates and opens the delete dialog: one handler for
 * the page instead of three `<Link>`s per row). Delete leads to the confirm panel without
 * JavaScript; with it, to the confirm dialog.
 */
/**
 * Edit and Delete. Delete is a link to the page's own confirmation (without JavaScript, or opened
 * in a new tab); a plain click asks in a dialog instead.
 */
function RowActions({
  product,
  deleteHref,
  onDelete,
}: {
  product: ProductCard;
  deleteHref: string;
  onDelete: () => void;
}) {
  return (
    <div className="flex gap-1.5">
      <Link
        to={`/admin/edit/${product.id}`}
        aria-label={`Edit ${product.name}`}
        className="inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
      >
        <RowIcon name="edit" /> Edit
      </Link>
      <Link
        to={deleteHref}
        onClick={(event) => {
          if (
            event.button !== 0 ||
            event.metaKey ||
            event.altKey ||
            event.ctrlKey ||
            event.shiftKey
          )
            return;
          event.preventDefault();
          onDelete();
        }}
        aria-label={`Delete ${product.name}`}
        className="inline-flex items-center gap-1 rounded-md border border-red-200 bg-white px-2.5 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
      >
        <RowIcon name="delete" /> Delete
      </Link>
    </div>
  );
}

export default function AdminList({ loaderData, actionData }: Route.ComponentProps) {
  const { state, result, sports, categories, toDelete } = loaderData;
  const submit = useSubmit();
  // The fields follow the URL: 'Clear the filters' and Back change it without a new page.
  const [q, setQ] = useSyncedValue(state.q);
  const [category, setCategory] = useSyncedValue(String(state.category ?? ''));
  const [sport, setSport] = useSyncedValue(String(state.sport ?? ''));
  const fetcher = useFetcher<typeof action>();
  const [target, setTarget] = useState<{ id: number; name: string } | null>(null);
  const [outcome, setOutcome] = useState<{ title: string; message: string } | null>(null);
  const revalidator = useRevalidator();
  useOnResult(fetcher.data, (r) => {
    setTarget(null);
    // A refused delete (another admin deleted it first) is not followed by a new read: the row
    // would stay.
    if (!r.ok) void revalidator.revalidate();
    setOutcome(
      r.ok
        ? { title: DELETE_TEXT.done, message: DELETE_TEXT.doneMessage }
        : { title: 'Error', message: r.error ?? 'Failed to delete product.' },
    );
  });
  const pages = Math.ceil(result.total / result.pageSize);
  const first = (result.page - 1) * result.pageSize;
  const cardCategories = (p: ProductCard) => p.categories.map((c) => c.name).join(', ') || '—';

  return (
    <>
      <AdminPageHeader
        title="Manage Products"
        description={`${result.total} ${result.total === 1 ? 'product' : 'products'}${state.noImages ? ' without images' : ''}${state.q ? ` matching “${state.q}”` : ''}`}
        actions={
          <Link
            to="/admin/create"
            className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
          >
            <Plus aria-hidden className="size-4" /> Create New
          </Link>
        }
      />

      {actionData ? (
        <p
          role={actionData.ok ? 'status' : 'alert'}
          className={`mb-4 rounded-md px-3 py-2 text-sm ${actionData.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-800'}`}
        >
          <strong>{actionData.ok ? DELETE_TEXT.done : 'Error'}</strong>{' '}
          {actionData.ok ? actionData.message : actionData.error}
        </p>
      ) : null}

      {toDelete ? (
        <section
          aria-labelledby="confirm-delete"
          className="mb-4 rounded-xl border border-red-200 bg-white p-4 shadow-sm"
        >
          <h2 id="confirm-delete" className="text-lg font-bold">
            {DELETE_TEXT.title}
          </h2>
          <p className="mt-1 text-slate-700">
            Delete “{toDelete.name}”? {DELETE_TEXT.message}
          </p>
          <Form method="post" action={listHref(state)} className="mt-3 flex gap-2">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="productId" value={toDelete.id} />
            <button
              type="submit"
              className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
            >
              {DELETE_TEXT.confirm}
            </button>
            <Link
              to={listHref(state)}
              className="rounded-md px-4 py-2 font-semibold text-slate-700 hover:bg-slate-100"
            >
              Cancel
            </Link>
          </Form>
        </section>
      ) : null}

      <Form
        method="get"
        role="search"
        aria-label="Filter products"
        className="mb-4 grid gap-2 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:grid-cols-2 lg:grid-cols-[1fr_14rem_14rem_auto]"
      >
        <div className="relative sm:col-span-2 lg:col-span-1">
          <label htmlFor="q" className="sr-only">
            Search products
          </label>
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
          />
          <input
            id="q"
            name="q"
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="Search products"
            maxLength={SEARCH_MAX}
            className="w-full rounded-md border border-slate-300 py-2 pr-3 pl-9 text-slate-900"
          />
        </div>
        <label className="sr-only" htmlFor="category">
          Category
        </label>
        <select
          id="category"
          name="category"
          value={category}
          onChange={(e) => {
            setCategory(e.target.value);
            void submit(e.currentTarget.form);
          }}
          className="w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900"
        >
          <option value="">All Categories</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
        <label className="sr-only" htmlFor="sport">
          Sport
        </label>
        <select
          id="sport"
          name="sport"
          value={sport}
          onChange={(e) => {
            setSport(e.target.value);
            void submit(e.currentTarget.form);
          }}
          className="w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900"
        >
          <option value="">All Sports</option>
          {sports.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
        {state.noImages ? <input type="hidden" name="images" value="none" /> : null}
        <button
          type="submit"
          className="rounded-md bg-slate-800 px-4 py-2 font-semibold text-white hover:bg-slate-900 sm:col-span-2 lg:col-span-1"
        >
          Search
        </button>
      </Form>
      {state.noImages ? (
        <p className="mb-4 flex items-center gap-2 text-sm">
          <span className="rounded-full bg-accent-600 px-3 py-0.5 font-medium text-white">
            Only products without images
          </span>
          <Link
            to={listHref(state, { noImages: false, page: 1 })}
            className="inline-flex items-center gap-1 font-medium text-brand-700 underline"
          >
            <X aria-hidden className="size-4" /> Show all products
          </Link>
        </p>
      ) : null}

      {result.items.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-center text-slate-700">
          No products match.{' '}
          <Link to="/admin/list" className="font-medium text-brand-700 underline">
            Clear the filters
          </Link>
        </p>
      ) : (
        // One table: phones show each row as a card (thumbnail beside name, sport, categories,
        // actions), wider screens a table. One markup instead of a card list and a table,
        // so each row's links and icons are rendered once.
        <div className="rounded-xl border border-slate-200 bg-white shadow-sm md:overflow-x-auto">
          <RowIconSprite />
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Products, page {result.page}</caption>
            <thead className="hidden bg-slate-50 text-slate-700 md:table-header-group">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  #
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Image
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Product Name
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Category
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Sport
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {result.items.map((p, i) => (
                <tr
                  key={p.id}
                  className="grid grid-cols-[60px_1fr] content-start gap-x-3 p-3 md:table-row md:p-0 md:align-middle"
                >
                  <td className="hidden px-3 py-2 text-slate-600 md:table-cell">{first + i + 1}</td>
                  <td className="row-span-4 md:px-3 md:py-2">
                    <Thumb product={p} />
                  </td>
                  <td className="font-semibold text-slate-900 [overflow-wrap:anywhere] md:px-3 md:py-2 md:font-medium">
                    <span className="mr-1 text-sm font-normal text-slate-600 md:hidden">
                      #{first + i + 1}
                    </span>
                    <Link to={`/admin/edit/${p.id}`} className="hover:underline">
                      {p.name}
                    </Link>
                  </td>
                  <td className="text-slate-600 max-md:order-2 md:px-3 md:py-2 md:text-slate-700">
                    {cardCategories(p)}
                  </td>
                  <td className="text-slate-700 max-md:order-1 md:px-3 md:py-2">{p.sport.name}</td>
                  <td className="max-md:order-3 max-md:mt-2 md:px-3 md:py-2">
                    <RowActions
                      product={p}
                      deleteHref={listHref(state, { delete: p.id })}
                      onDelete={() => setTarget({ id: p.id, name: p.name })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={result.page} pages={pages} href={(page) => listHref(state, { page })} />

      <ConfirmDialog
        open={target !== null}
        title={DELETE_TEXT.title}
        message={
          <>
            <strong>{target?.name}</strong> will be deleted. {DELETE_TEXT.message}
          </>
        }
        confirm={DELETE_TEXT.confirm}
        busy={fetcher.state !== 'idle'}
        onCancel={() => setTarget(null)}
        onConfirm={() =>
          void fetcher.submit(
            { intent: 'delete', productId: String(target!.id) },
            { method: 'post', action: listHref(state) },
          )
        }
      />
      <MessageDialog
        open={outcome !== null}
        title={outcome?.title ?? ''}
        message={outcome?.message ?? ''}
        action="OK"
        onClose={() => setOutcome(null)}
      />
    </>
  );
}
