import { useEffect, useRef } from 'react';
import { Form, Link } from 'react-router';
import { useHydrated } from '~/lib/use-hydrated';
import { listHref, type ListState } from './list-state';

const button =
  'inline-flex items-center rounded-md border px-3 py-1.5 text-sm font-semibold whitespace-nowrap disabled:cursor-not-allowed disabled:opacity-50';
const plain = `${button} border-slate-300 bg-white text-slate-800 hover:bg-slate-50`;

/**
 * The bulk actions above the list: tick products (the rows' boxes belong to this form through
 * their `form` attribute), then Hide, Show, Move to a category or Move to trash; in the trash,
 * Restore. A plain form post without JavaScript: 'Select all' is then a link that ticks every row
 * of the page. With JavaScript it is a tick box (mixed while some rows are ticked), the count of
 * ticked rows shows, and the actions wait until one is.
 */
export function BulkBar({
  id,
  state,
  categories,
  selectedCount,
  rowCount,
  onSelectAll,
  busy,
  error,
}: {
  id: string;
  state: ListState;
  categories: { id: number; name: string }[];
  selectedCount: number;
  rowCount: number;
  onSelectAll: (checked: boolean) => void;
  busy: boolean;
  /** A refusal about the category of a move, shown under its field. */
  error?: string;
}) {
  const hydrated = useHydrated();
  const all = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (all.current) all.current.indeterminate = selectedCount > 0 && selectedCount < rowCount;
  }, [selectedCount, rowCount]);
  const none = hydrated && selectedCount === 0;
  const trash = state.status === 'trashed';
  return (
    <Form
      id={id}
      method="post"
      action={listHref(state)}
      aria-label="Selected products"
      className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-slate-200 bg-white px-3 py-2 shadow-sm"
    >
      {hydrated ? (
        <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            ref={all}
            type="checkbox"
            checked={rowCount > 0 && selectedCount === rowCount}
            onChange={(event) => onSelectAll(event.target.checked)}
            className="size-4 accent-brand-600"
          />
          Select all on this page
        </label>
      ) : (
        <Link
          to={listHref(state, { selectAll: !state.selectAll })}
          className="text-sm font-semibold text-brand-700 underline"
        >
          {state.selectAll ? 'Clear the selection' : 'Select all on this page'}
        </Link>
      )}
      <p className="text-sm text-slate-700" aria-live="polite">
        {hydrated ? `${selectedCount} selected` : 'Tick products, then choose:'}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {trash ? (
          <button
            type="submit"
            name="intent"
            value="bulk-restore"
            disabled={none || busy}
            className={plain}
          >
            Restore
          </button>
        ) : (
          <>
            <button
              type="submit"
              name="intent"
              value="bulk-hide"
              disabled={none || busy}
              className={plain}
            >
              Hide
            </button>
            <button
              type="submit"
              name="intent"
              value="bulk-show"
              disabled={none || busy}
              className={plain}
            >
              Show
            </button>
            <span className="inline-flex flex-wrap items-center gap-2">
              <label htmlFor={`${id}-category`} className="sr-only">
                Move the selected products to
              </label>
              <select
                id={`${id}-category`}
                name="categoryId"
                defaultValue=""
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-category-error` : undefined}
                className="max-w-[12rem] min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900"
              >
                <option value="">Move to category…</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
              <button
                type="submit"
                name="intent"
                value="bulk-move"
                disabled={none || busy}
                className={plain}
              >
                Move
              </button>
            </span>
            <button
              type="submit"
              name="intent"
              value="bulk-trash"
              disabled={none || busy}
              className={`${button} border-red-200 bg-white text-red-700 hover:bg-red-50`}
            >
              Move to trash
            </button>
          </>
        )}
      </div>
      {error ? (
        <p id={`${id}-category-error`} className="w-full text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </Form>
  );
}
