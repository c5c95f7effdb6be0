import { SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Form, Link, useNavigate, useNavigation } from 'react-router';
import { parseShopState, shopHref, type ShopState } from '~/lib/shop-url';
import { useHydrated } from '~/lib/use-hydrated';

const FilterDialog = lazy(() => import('./filter-dialog'));

export interface Entry {
  id: number;
  name: string;
}

interface Props {
  state: ShopState;
  sports: Entry[];
  categories: Entry[];
  total: number;
}

export function selectedLabel(n: number) {
  return n ? `${n} selected` : 'Any';
}

export function CheckList({
  name,
  legend,
  entries,
  selected,
  onToggle,
}: {
  name: 'sport' | 'category';
  legend: string;
  entries: Entry[];
  selected: number[];
  onToggle?: (id: number) => void;
}) {
  return (
    <fieldset>
      <legend className="sr-only">{legend}</legend>
      <ul className="space-y-1">
        {entries.map((entry) => (
          <li key={entry.id}>
            <label className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-50">
              <input
                type="checkbox"
                name={name}
                value={entry.id}
                checked={onToggle ? selected.includes(entry.id) : undefined}
                defaultChecked={onToggle ? undefined : selected.includes(entry.id)}
                onChange={onToggle ? () => onToggle(entry.id) : undefined}
                className="size-4 rounded border-slate-400 accent-brand-600"
              />
              {entry.name}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

const triggerClass =
  'inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50';

/**
 * Sport and Category filters. With JavaScript: a side panel (dialog) whose checkboxes change the
 * URL at once (back to page 1). Without: a disclosure holding a plain GET form.
 */
export function FilterPanel({ state: current, sports, categories, total }: Props) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const navigation = useNavigation();
  // While the next listing loads, show the choice already made (the URL it is going to).
  const pending = navigation.location?.pathname === '/shop' ? navigation.location : null;
  const state = pending ? parseShopState(new URL(pending.search, 'http://x/shop')) : current;
  const count = state.sportIds.length + state.categoryIds.length;
  const badge = count ? (
    <span className="rounded-full bg-brand-600 px-2 text-xs leading-5 text-white">{count}</span>
  ) : null;
  const go = (next: Partial<ShopState>) => {
    void navigate(shopHref({ ...state, ...next, page: 1 }), {
      preventScrollReset: true,
      replace: false,
    });
  };

  if (!hydrated) {
    return (
      // The panel drops below the trigger instead of widening it, so the search box beside it
      // keeps its width.
      <details className="relative">
        <summary className={`${triggerClass} cursor-pointer list-none`}>
          <SlidersHorizontal aria-hidden className="size-4" /> Filters {badge}
        </summary>
        <Form
          method="get"
          action="/shop"
          className="absolute right-0 z-20 mt-2 grid max-h-[70vh] w-[min(40rem,calc(100vw-2rem))] gap-6 overflow-y-auto rounded-xl border border-slate-200 bg-white p-4 shadow-lg sm:grid-cols-2"
        >
          {state.q ? <input type="hidden" name="q" value={state.q} /> : null}
          <div>
            <h2 className="mb-2 font-semibold">Sport ({selectedLabel(state.sportIds.length)})</h2>
            <CheckList name="sport" legend="Sport" entries={sports} selected={state.sportIds} />
          </div>
          <div>
            <h2 className="mb-2 font-semibold">
              Category ({selectedLabel(state.categoryIds.length)})
            </h2>
            <CheckList
              name="category"
              legend="Category"
              entries={categories}
              selected={state.categoryIds}
            />
          </div>
          <div className="flex gap-3 sm:col-span-2">
            <button
              type="submit"
              className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
            >
              Apply filters
            </button>
            <Link
              to={shopHref({ q: state.q })}
              className="rounded-md px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50"
            >
              Clear All
            </Link>
          </div>
        </Form>
      </details>
    );
  }

  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={triggerClass}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <SlidersHorizontal aria-hidden className="size-4" /> Filters {badge}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <FilterDialog
            state={state}
            sports={sports}
            categories={categories}
            total={total}
            count={count}
            go={go}
            onClose={() => {
              setOpen(false);
              requestAnimationFrame(() => trigger.current?.focus());
            }}
            returnFocus={() => trigger.current?.focus()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
