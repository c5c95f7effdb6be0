import { Plus, Search, X } from 'lucide-react';
import { useState } from 'react';
import {
  Form,
  Link,
  redirect,
  useFetcher,
  useNavigation,
  useSubmit,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import type { Route } from './+types/admin.list';
import { AdminPageHeader } from '~/components/admin/admin-shell';
import { BulkBar } from '~/components/admin/products/bulk-bar';
import { CatalogueFileLinks, exportFilter } from '~/components/admin/products/catalogue-files';
import {
  LIST_TABS,
  listHref,
  parseListState,
  positive,
  sortParam,
  type ListState,
} from '~/components/admin/products/list-state';
import { listDate, ProductTable, type ProductRow } from '~/components/admin/products/product-table';
import { Pagination } from '~/components/catalogue/pagination';
import { ConfirmDialog, MessageDialog } from '~/components/ui/dialog';
import { adminMeta } from '~/lib/admin-meta';
import { formValues } from '~/lib/forms';
import { ProductBulkSchema, type BulkIntent } from '~/lib/schemas/product';
import { SEARCH_MAX } from '~/lib/shop-url';
import { useOnResult } from '~/lib/use-on-result';
import { useSyncedValue } from '~/lib/use-synced-value';
import {
  bulkUpdateProducts,
  countByStatus,
  duplicateProduct,
  productRowFacts,
  purgeDate,
  restoreProduct,
  trashProduct,
  type BulkAction,
} from '~/services/catalogue/admin-products.server';
import { getProduct, listProducts } from '~/services/catalogue/products.server';
import { listCategories, listSports } from '~/services/catalogue/taxonomy.server';
import { UserError } from '~/services/errors.server';
import { formAction, parseInput, readForm } from '~/services/forms.server';
import type { SessionUser } from '~/services/permissions.server';
import { requireAdmin } from '~/services/permissions.server';

export const meta: Route.MetaFunction = () => adminMeta('Manage Products');

/** The list's words for a delete, which moves the product to the trash. */
const DELETE_TEXT = {
  title: 'Are you sure?',
  message: 'It goes to the trash, where it can be restored for 30 days.',
  confirm: 'Yes, delete it!',
  done: 'Deleted!',
  doneMessage:
    'The product has been moved to the trash. It can be restored from the Trash for 30 days.',
} as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const state = parseListState(url);
  const deleteId = positive(url.searchParams.get('delete'));
  const [result, sports, categories, toDelete, counts] = await Promise.all([
    listProducts({
      q: state.q,
      sportIds: state.sport ? [state.sport] : [],
      categoryIds: state.category ? [state.category] : [],
      page: state.page,
      withoutImages: state.noImages,
      scope: state.status,
      sort: state.sort?.column,
      direction: state.sort?.direction,
    }),
    listSports(),
    listCategories(),
    deleteId ? getProduct(deleteId, { unlisted: true }) : null,
    countByStatus(),
  ]);
  // Past the last page (its last product was just deleted, or Back came here): the last page.
  const pages = Math.ceil(result.total / result.pageSize);
  if (result.total > 0 && state.page > pages) throw redirect(listHref(state, { page: pages }));
  // Read fresh, beside the cached cards: the revisions a bulk action is checked against.
  const facts = await productRowFacts(result.items.map((p) => p.id));
  const rows: ProductRow[] = result.items.flatMap((card) => {
    const f = facts.get(card.id);
    if (!f) return [];
    return [
      {
        id: card.id,
        name: card.name,
        image: card.image,
        sport: card.sport,
        categories: card.categories,
        status: f.status,
        selectValue: `${card.id}:${f.revision}`,
        updatedAt: listDate.format(f.updatedAt),
        trashed: f.deletedAt
          ? { at: listDate.format(f.deletedAt), purgeOn: listDate.format(purgeDate(f.deletedAt)) }
          : null,
      },
    ];
  });
  return {
    state,
    rows,
    total: result.total,
    page: result.page,
    pages,
    sports,
    categories,
    counts: { ...counts, any: counts.published + counts.draft + counts.hidden },
    toDelete: toDelete ? { id: toDelete.id, name: toDelete.name } : null,
  };
}

/** Each bulk action: what it does, what it says when done, and when it had nothing to do. */
const BULK: Record<
  BulkIntent,
  {
    action: (categoryId: number) => BulkAction;
    done: (n: string, to: string) => string;
    already?: (to: string) => string;
  }
> = {
  'bulk-hide': {
    action: () => ({ kind: 'hide' }),
    done: (n) => `${n} hidden from the shop.`,
    already: () => 'Nothing to change: the selected products were hidden already.',
  },
  'bulk-show': {
    action: () => ({ kind: 'show' }),
    done: (n) => `${n} now in the shop.`,
    already: () => 'Nothing to change: the selected products were in the shop already.',
  },
  'bulk-move': {
    action: (categoryId) => ({ kind: 'move', categoryId }),
    done: (n, to) => `${n} moved to ${to}.`,
    already: (to) => `Nothing to change: the selected products were in ${to} alone already.`,
  },
  'bulk-trash': {
    action: () => ({ kind: 'trash' }),
    done: (n) => `${n} moved to the trash. Restore from the Trash within 30 days.`,
  },
  'bulk-restore': { action: () => ({ kind: 'restore' }), done: (n) => `${n} restored.` },
};

async function bulkAction(admin: SessionUser, form: FormData) {
  const input = parseInput(ProductBulkSchema, formValues(form, ['ids']));
  const categoryId = positive(input.categoryId ?? null);
  if (input.intent === 'bulk-move' && !categoryId)
    throw new UserError('Choose the category to move them to.', 400, 'categoryId');
  const listed = input.ids.map((value) => {
    const [id, revision] = value.split(':').map(Number);
    return { id: id!, revision: revision! };
  });
  const bulk = BULK[input.intent];
  const { changed } = await bulkUpdateProducts(admin, bulk.action(categoryId ?? 0), listed);
  const to = (await listCategories()).find((c) => c.id === categoryId)?.name ?? '';
  const message = changed
    ? bulk.done(`${changed} ${changed === 1 ? 'product' : 'products'}`, to)
    : (bulk.already?.(to) ?? 'Nothing to change.');
  return { ok: true as const, intent: input.intent, message };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return formAction(async () => {
    const form = await readForm(request);
    const intent = String(form.get('intent') ?? '');
    if (intent.startsWith('bulk-')) return bulkAction(admin, form);
    const id = positive(String(form.get('productId') ?? ''));
    if (intent === 'delete') {
      if (!id) throw new UserError('Failed to delete product.', 400);
      const { name } = await trashProduct(admin, id);
      return { ok: true as const, intent, message: DELETE_TEXT.doneMessage, name };
    }
    if (intent === 'restore') {
      if (!id) throw new UserError('Failed to restore product.', 400);
      const { name } = await restoreProduct(admin, id);
      // Restored from its own page: back to it, now editable.
      if (form.get('back') === 'edit') throw redirect(`/admin/edit/${id}?restored=1`);
      return { ok: true as const, intent, message: `${name} restored.`, name };
    }
    if (intent === 'duplicate') {
      if (!id) throw new UserError('Failed to duplicate product.', 400);
      // The copy's own page, with or without JavaScript: staff go on from there.
      const copy = await duplicateProduct(admin, id);
      throw redirect(`/admin/edit/${copy.id}?copied=1`);
    }
    throw new UserError('Unknown action. Please reload the page and try again.', 400);
  });
}

/**
 * A refused action (4xx) may be about a list that is out of date (another admin deleted or changed
 * a product), so the list is read again with the answer, which stays on screen; React Router
 * would not read it after a refusal, and a later revalidate() would drop the answer.
 */
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formMethod === 'POST' || defaultShouldRevalidate;
}

/** The status tabs: links, so each is an address of its own (and works without JavaScript). */
function StatusTabs({
  state,
  counts,
}: {
  state: ListState;
  counts: Record<ListState['status'], number>;
}) {
  return (
    <nav aria-label="Product status" className="mb-4">
      {/* Wraps on a phone rather than scrolling: every tab stays in view. */}
      <ul className="flex flex-wrap gap-x-1 border-b border-slate-200">
        {LIST_TABS.map((tab) => {
          const current = tab.status === state.status;
          return (
            <li key={tab.status}>
              <Link
                to={listHref({ ...state, status: tab.status, page: 1 }, { selectAll: false })}
                aria-current={current ? 'page' : undefined}
                className={`-mb-px inline-flex items-center gap-1.5 border-b-2 px-2.5 py-2 sm:px-3 text-sm font-semibold whitespace-nowrap ${current ? 'border-brand-600 text-brand-800' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
              >
                {tab.label}
                <span className="rounded-full bg-slate-100 px-1.5 text-xs text-slate-700 tabular-nums">
                  {counts[tab.status]}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

const SORT_OPTIONS = [
  { value: 'name', label: 'Name A–Z' },
  { value: 'name-desc', label: 'Name Z–A' },
  { value: 'id', label: 'ID, lowest first' },
  { value: 'id-desc', label: 'ID, highest first' },
  { value: 'sport', label: 'Sport A–Z' },
  { value: 'sport-desc', label: 'Sport Z–A' },
  { value: 'updated-desc', label: 'Recently updated' },
  { value: 'updated', label: 'Least recently updated' },
];

const BULK_FORM = 'bulk';

export default function AdminList({ loaderData, actionData }: Route.ComponentProps) {
  const { state, rows, total, page, pages, sports, categories, counts, toDelete } = loaderData;
  const submit = useSubmit();
  // The fields follow the URL: 'Clear the filters' and Back change it without a new page.
  const [q, setQ] = useSyncedValue(state.q);
  const [category, setCategory] = useSyncedValue(String(state.category ?? ''));
  const [sport, setSport] = useSyncedValue(String(state.sport ?? ''));
  const [sort, setSort] = useSyncedValue(state.sort ? sortParam(state.sort) : '');
  const fetcher = useFetcher<typeof action>();
  const [target, setTarget] = useState<{ id: number; name: string } | null>(null);
  const [outcome, setOutcome] = useState<{ title: string; message: string } | null>(null);
  // Ticked rows by product id. Each box posts the revision its row shows now, which the server
  // checks: a change this page has not shown (another admin's) refuses the action.
  const [selected, setSelected] = useState<ReadonlySet<number>>(
    () => new Set(state.selectAll ? rows.map((r) => r.id) : []),
  );
  const selectedCount = rows.filter((r) => selected.has(r.id)).length;
  const navigation = useNavigation();
  useOnResult(fetcher.data, (r) => {
    setTarget(null);
    setOutcome(
      r.ok
        ? { title: DELETE_TEXT.done, message: DELETE_TEXT.doneMessage }
        : { title: 'Error', message: r.error ?? 'Failed to delete product.' },
    );
  });
  // Done: the boxes are cleared for the next action; refused, they stay for another try.
  useOnResult(actionData, (r) => {
    if (r.ok) setSelected(new Set());
  });
  const bulkError = actionData && !actionData.ok ? actionData.fields?.categoryId : undefined;
  const notice = actionData
    ? actionData.ok
      ? actionData.message
      : (actionData.error ?? actionData.fields?.ids ?? actionData.fields?.intent)
    : undefined;
  const filtered = state.q || state.category || state.sport || state.noImages;
  const what = state.status === 'trashed' ? 'in the trash' : '';

  return (
    <>
      <AdminPageHeader
        title="Manage Products"
        description={`${total} ${total === 1 ? 'product' : 'products'}${what ? ` ${what}` : ''}${state.noImages ? ' without images' : ''}${state.q ? ` matching “${state.q}”` : ''}`}
        actions={
          <>
            <CatalogueFileLinks filter={exportFilter(state)} />
            <Link
              to="/admin/create"
              className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
            >
              <Plus aria-hidden className="size-4" /> Create New
            </Link>
          </>
        }
      />

      {notice ? (
        <p
          role={actionData?.ok ? 'status' : 'alert'}
          className={`mb-4 rounded-md px-3 py-2 text-sm ${actionData?.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-800'}`}
        >
          {actionData?.ok && actionData.intent === 'delete' ? (
            <strong>{DELETE_TEXT.done} </strong>
          ) : null}
          {!actionData?.ok ? <strong>Error </strong> : null}
          {notice}
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

      <StatusTabs state={state} counts={counts} />

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
        {state.status !== 'any' ? <input type="hidden" name="status" value={state.status} /> : null}
        {state.sort ? <input type="hidden" name="sort" value={sortParam(state.sort)} /> : null}
        <button
          type="submit"
          className="rounded-md bg-slate-800 px-4 py-2 font-semibold text-white hover:bg-slate-900 sm:col-span-2 lg:col-span-1"
        >
          Search
        </button>
      </Form>
      {/* Phones have no column headers to sort by: a form of its own, which keeps the filters. */}
      <Form method="get" className="mb-4 flex gap-2 md:hidden">
        {state.q ? <input type="hidden" name="q" value={state.q} /> : null}
        {state.category ? <input type="hidden" name="category" value={state.category} /> : null}
        {state.sport ? <input type="hidden" name="sport" value={state.sport} /> : null}
        {state.noImages ? <input type="hidden" name="images" value="none" /> : null}
        {state.status !== 'any' ? <input type="hidden" name="status" value={state.status} /> : null}
        <label className="sr-only" htmlFor="sort">
          Sort
        </label>
        <select
          id="sort"
          name="sort"
          value={sort}
          onChange={(e) => {
            setSort(e.target.value);
            void submit(e.currentTarget.form);
          }}
          className="w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900"
        >
          <option value="">{state.q ? 'Best matches first' : 'Newest first'}</option>
          {SORT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <button
          type="submit"
          className="hidden rounded-md bg-slate-800 px-4 py-2 font-semibold text-white noscript:block"
        >
          Sort
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

      {rows.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-center text-slate-700">
          {state.status === 'trashed' && !filtered ? 'The trash is empty.' : 'No products match.'}{' '}
          {filtered ? (
            <Link
              to={listHref(
                { ...state, q: '', category: undefined, sport: undefined },
                {
                  noImages: false,
                  page: 1,
                },
              )}
              className="font-medium text-brand-700 underline"
            >
              Clear the filters
            </Link>
          ) : null}
        </p>
      ) : (
        <>
          <BulkBar
            id={BULK_FORM}
            state={state}
            categories={categories}
            selectedCount={selectedCount}
            rowCount={rows.length}
            busy={navigation.state === 'submitting'}
            error={bulkError}
            onSelectAll={(checked) => setSelected(new Set(checked ? rows.map((r) => r.id) : []))}
          />
          <ProductTable
            state={state}
            rows={rows}
            page={page}
            bulkForm={BULK_FORM}
            selected={selected}
            onSelect={(id, checked) =>
              setSelected((current) => {
                const next = new Set(current);
                if (checked) next.add(id);
                else next.delete(id);
                return next;
              })
            }
            onDelete={(row) => setTarget({ id: row.id, name: row.name })}
          />
        </>
      )}
      <Pagination page={page} pages={pages} href={(n) => listHref(state, { page: n })} />

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
