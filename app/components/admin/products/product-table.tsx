import { ArrowDown, ArrowUp, ArrowUpDown, Pencil, RotateCcw, Trash2 } from 'lucide-react';
import { Form, Link } from 'react-router';
import { STATUS_LABEL } from '~/lib/schemas/product';
import type { ProductStatus } from '~/services/db/schema';
import { FIRST_DIRECTION, listHref, type ListState, type SortColumn } from './list-state';

/** A row of the list: the shop's card of the product and what the back office adds to it. */
export interface ProductRow {
  id: number;
  name: string;
  image: { src: string; srcSet: string } | null;
  sport: { name: string };
  categories: { name: string }[];
  status: ProductStatus;
  /** `id:revision`: what a bulk action posts, so a product changed since is not overwritten. */
  selectValue: string;
  updatedAt: string;
  /** In the trash: when it went there and when it is deleted for good. */
  trashed: { at: string; purgeOn: string } | null;
}

// Fixed to the shop's time zone, so the server's and the browser's renders agree.
export const listDate = new Intl.DateTimeFormat('en-SG', {
  dateStyle: 'medium',
  timeZone: 'Asia/Singapore',
});

function Thumb({ row }: { row: ProductRow }) {
  if (!row.image)
    return (
      <span className="flex size-[60px] items-center justify-center rounded bg-slate-100 text-center text-xs text-slate-600">
        No image
      </span>
    );
  return (
    <img
      src={row.image.src}
      srcSet={row.image.srcSet}
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
 * The rows' icons, drawn once per page and referenced by each row (`<use>`): lucide builds an
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
      <symbol id="row-icon-restore" viewBox="0 0 24 24">
        <RotateCcw />
      </symbol>
    </svg>
  );
}

function RowIcon({ name }: { name: 'edit' | 'delete' | 'restore' }) {
  return (
    <svg aria-hidden className="size-4">
      <use href={`#row-icon-${name}`} />
    </svg>
  );
}

const STATUS_TONE: Record<ProductStatus | 'trashed', string> = {
  published: 'bg-green-100 text-green-900',
  draft: 'bg-amber-100 text-amber-900',
  hidden: 'bg-slate-200 text-slate-800',
  trashed: 'bg-red-100 text-red-900',
};

export function StatusBadge({ status }: { status: ProductStatus | 'trashed' }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_TONE[status]}`}
    >
      {STATUS_LABEL[status]}
    </span>
  );
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * A column header that sorts: a link to the list in that column's order (again: the other way),
 * so it works from the keyboard and without JavaScript; `aria-sort` says the current order.
 */
function SortHeader({
  state,
  column,
  label,
  className = '',
}: {
  state: ListState;
  column: SortColumn;
  label: string;
  className?: string;
}) {
  const current = state.sort?.column === column ? state.sort.direction : null;
  const next = current ? (current === 'asc' ? 'desc' : 'asc') : FIRST_DIRECTION[column];
  const Icon = current === 'asc' ? ArrowUp : current === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <th
      scope="col"
      aria-sort={current ? ARIA_SORT[current] : undefined}
      className={`px-3 py-2 font-semibold ${className}`}
    >
      <Link
        to={listHref(state, { sort: { column, direction: next }, page: 1 })}
        className="inline-flex items-center gap-1 rounded hover:text-brand-700 hover:underline"
      >
        {label}
        <Icon aria-hidden className={`size-3.5 ${current ? '' : 'text-slate-400'}`} />
        <span className="sr-only">, sort {next === 'asc' ? 'ascending' : 'descending'}</span>
      </Link>
    </th>
  );
}

/**
 * Edit and Delete of a live product. Delete is a link to the page's own confirmation (without
 * JavaScript, or opened in a new tab); a plain click asks in a dialog instead.
 */
function LiveActions({
  row,
  deleteHref,
  onDelete,
}: {
  row: ProductRow;
  deleteHref: string;
  onDelete: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-1.5">
      <Link
        to={`/admin/edit/${row.id}`}
        aria-label={`Edit ${row.name}`}
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
        aria-label={`Delete ${row.name}`}
        className="inline-flex items-center gap-1 rounded-md border border-red-200 bg-white px-2.5 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
      >
        <RowIcon name="delete" /> Delete
      </Link>
    </div>
  );
}

/** Restore, for a product in the trash: a form of its own, so it works without JavaScript. */
function RestoreAction({ row, action }: { row: ProductRow; action: string }) {
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value="restore" />
      <input type="hidden" name="productId" value={row.id} />
      <button
        type="submit"
        aria-label={`Restore ${row.name}`}
        className="inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
      >
        <RowIcon name="restore" /> Restore
      </button>
    </Form>
  );
}

/**
 * The list as one table: phones show each row as a card (tick box and thumbnail beside the name,
 * sport, categories, last change and actions), wider screens a table with sortable columns. One
 * markup instead of a card list and a table, so each row's links and icons are rendered once.
 * The tick boxes belong to the bulk actions' form (`form`), which sits above the table.
 */
export function ProductTable({
  state,
  rows,
  page,
  bulkForm,
  selected,
  onSelect,
  onDelete,
}: {
  state: ListState;
  rows: ProductRow[];
  page: number;
  bulkForm: string;
  selected: ReadonlySet<number>;
  onSelect: (id: number, checked: boolean) => void;
  onDelete: (row: ProductRow) => void;
}) {
  const order = state.sort
    ? `by ${state.sort.column === 'updated' ? 'last change' : state.sort.column}, ${state.sort.direction === 'asc' ? 'ascending' : 'descending'}`
    : state.q
      ? 'best matches first'
      : 'newest first';
  return (
    <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <RowIconSprite />
      <table className="w-full text-left text-sm">
        <caption className="sr-only">
          Products, {order}, page {page}
        </caption>
        <thead className="hidden bg-slate-50 text-slate-700 md:table-header-group">
          <tr>
            <th scope="col" className="w-10 px-3 py-2">
              <span className="sr-only">Select</span>
            </th>
            <SortHeader state={state} column="id" label="ID" />
            <th scope="col" className="px-3 py-2 font-semibold">
              Image
            </th>
            <SortHeader state={state} column="name" label="Product Name" />
            <th scope="col" className="px-3 py-2 font-semibold">
              Category
            </th>
            <SortHeader state={state} column="sport" label="Sport" />
            <SortHeader
              state={state}
              column="updated"
              label="Updated"
              className="whitespace-nowrap"
            />
            <th scope="col" className="px-3 py-2 font-semibold">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr
              key={row.id}
              className="grid grid-cols-[1.25rem_60px_minmax(0,1fr)] content-start gap-x-3 p-3 md:table-row md:p-0 md:align-middle"
            >
              <td className="row-span-5 pt-1 md:px-3 md:py-2">
                <input
                  type="checkbox"
                  form={bulkForm}
                  name="ids"
                  value={row.selectValue}
                  checked={selected.has(row.id)}
                  onChange={(event) => onSelect(row.id, event.target.checked)}
                  aria-label={`Select ${row.name}`}
                  className="size-4 accent-brand-600"
                />
              </td>
              <td className="hidden px-3 py-2 text-slate-700 tabular-nums md:table-cell">
                {row.id}
              </td>
              <td className="row-span-5 md:px-3 md:py-2">
                <Thumb row={row} />
              </td>
              <td className="font-semibold text-slate-900 [overflow-wrap:anywhere] md:px-3 md:py-2 md:font-medium">
                <span className="mr-1 text-sm font-normal text-slate-600 tabular-nums md:hidden">
                  #{row.id}
                </span>
                {row.trashed ? (
                  row.name
                ) : (
                  <Link to={`/admin/edit/${row.id}`} className="hover:underline">
                    {row.name}
                  </Link>
                )}
                {row.trashed ? (
                  <span className="mt-1 block text-xs font-normal text-slate-700">
                    <StatusBadge status="trashed" /> since {row.trashed.at}; deleted for good on{' '}
                    {row.trashed.purgeOn}
                  </span>
                ) : row.status !== 'published' ? (
                  <span className="ml-1.5 align-middle">
                    <StatusBadge status={row.status} />
                  </span>
                ) : null}
              </td>
              <td className="text-slate-600 max-md:order-2 md:px-3 md:py-2 md:text-slate-700">
                {row.categories.map((c) => c.name).join(', ') || '—'}
              </td>
              <td className="text-slate-700 max-md:order-1 md:px-3 md:py-2">{row.sport.name}</td>
              <td className="text-slate-600 max-md:order-3 md:px-3 md:py-2 md:whitespace-nowrap">
                <span className="md:sr-only">Updated </span>
                {row.updatedAt}
              </td>
              <td className="max-md:order-4 max-md:mt-2 md:px-3 md:py-2">
                {row.trashed ? (
                  <RestoreAction row={row} action={listHref(state)} />
                ) : (
                  <LiveActions
                    row={row}
                    deleteHref={listHref(state, { delete: row.id })}
                    onDelete={() => onDelete(row)}
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
