import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useHydrated } from '~/lib/use-hydrated';
import { SPECS_MAX } from '~/lib/schemas/product';
import type { ProductSpecification } from '~/services/db/schema';

interface Row extends Required<Omit<ProductSpecification, 'unit'>> {
  key: number;
  unit: string;
}

/** Empty rows below the stored ones: all a page without JavaScript can fill (it cannot add any). */
const SPARE_ROWS = 2;

const input =
  'w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 aria-invalid:border-red-600';
const iconButton =
  'inline-flex size-8 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 disabled:opacity-40';

/**
 * The product form's specifications: rows of name, value and optional unit, in the order the
 * product page shows them. Each row posts `specName`, `specValue` and `specUnit` (empty rows are
 * dropped by the server). With JavaScript rows are added, removed and moved; without it, the
 * stored rows come with a few empty ones to fill.
 */
export function SpecificationsEditor({
  initial,
  error,
}: {
  initial: ProductSpecification[];
  error?: string;
}) {
  const hydrated = useHydrated();
  const next = useRef(initial.length + SPARE_ROWS);
  const [rows, setRows] = useState<Row[]>(() => [
    ...initial.map((s, key) => ({ key, name: s.name, value: s.value, unit: s.unit ?? '' })),
    ...Array.from({ length: SPARE_ROWS }, (_, i) => ({
      key: initial.length + i,
      name: '',
      value: '',
      unit: '',
    })),
  ]);
  const change = (key: number, field: 'name' | 'value' | 'unit', value: string) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, [field]: value } : r)));
  const move = (index: number, by: -1 | 1) =>
    setRows((all) => {
      const copy = [...all];
      const [row] = copy.splice(index, 1);
      copy.splice(index + by, 0, row!);
      return copy;
    });
  const errorId = 'specifications-error';

  return (
    <fieldset
      name="specifications"
      tabIndex={-1}
      aria-describedby={`specifications-hint ${errorId}`}
      className="rounded-md border border-slate-200 p-3"
    >
      <legend className="px-1 text-sm font-medium text-slate-800">Specifications</legend>
      <p id="specifications-hint" className="mb-2 text-xs text-slate-600">
        Name, value and unit, e.g. Height · 3.05 · m. Shown as a table on the product page in this
        order; empty rows are left out.
      </p>
      <ol className="space-y-2">
        {rows.map((row, i) => (
          <li key={row.key} className="grid grid-cols-[1fr_1.4fr_0.6fr_auto] items-center gap-2">
            <label className="sr-only" htmlFor={`spec-name-${row.key}`}>
              Specification {i + 1} name
            </label>
            <input
              id={`spec-name-${row.key}`}
              name="specName"
              placeholder="Name"
              value={row.name}
              onChange={(e) => change(row.key, 'name', e.target.value)}
              aria-invalid={error ? true : undefined}
              className={input}
            />
            <label className="sr-only" htmlFor={`spec-value-${row.key}`}>
              Specification {i + 1} value
            </label>
            <input
              id={`spec-value-${row.key}`}
              name="specValue"
              placeholder="Value"
              value={row.value}
              onChange={(e) => change(row.key, 'value', e.target.value)}
              aria-invalid={error ? true : undefined}
              className={input}
            />
            <label className="sr-only" htmlFor={`spec-unit-${row.key}`}>
              Specification {i + 1} unit
            </label>
            <input
              id={`spec-unit-${row.key}`}
              name="specUnit"
              placeholder="Unit"
              value={row.unit}
              onChange={(e) => change(row.key, 'unit', e.target.value)}
              className={input}
            />
            {hydrated ? (
              <span className="flex gap-1">
                <button
                  type="button"
                  className={iconButton}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                  aria-label={`Move specification ${i + 1} up`}
                >
                  <ArrowUp aria-hidden className="size-4" />
                </button>
                <button
                  type="button"
                  className={iconButton}
                  disabled={i === rows.length - 1}
                  onClick={() => move(i, 1)}
                  aria-label={`Move specification ${i + 1} down`}
                >
                  <ArrowDown aria-hidden className="size-4" />
                </button>
                <button
                  type="button"
                  className={iconButton}
                  onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
                  aria-label={`Remove specification ${i + 1}`}
                >
                  <Trash2 aria-hidden className="size-4" />
                </button>
              </span>
            ) : (
              <span />
            )}
          </li>
        ))}
      </ol>
      {hydrated && rows.length < SPECS_MAX ? (
        <button
          type="button"
          onClick={() =>
            setRows((all) => [...all, { key: next.current++, name: '', value: '', unit: '' }])
          }
          className="mt-2 inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          <Plus aria-hidden className="size-4" /> Add a specification
        </button>
      ) : null}
      <p id={errorId} className="mt-1 min-h-5 text-sm text-red-700">
        {error}
      </p>
    </fieldset>
  );
}
