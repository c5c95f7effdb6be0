import { SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, use, useDeferredValue, useLayoutEffect, useRef, useState } from 'react';
import { Form, Link, useNavigate, useNavigation } from 'react-router';
import { parseShopState, shopHref, type ShopState } from '~/lib/shop-url';
import { useHydrated } from '~/lib/use-hydrated';

const FilterDialog = lazy(() => import('./filter-dialog'));

export interface Entry {
  id: number;
  name: string;
}

/**
 * How many products ticking each option would list under the current search and filters, by id
 * (an id that is absent has none).
 */
export interface OptionCounts {
  sports: Record<number, number>;
  categories: Record<number, number>;
}

interface Props {
  state: ShopState;
  sports: Entry[];
  categories: Entry[];
  /** Streamed after the listing (see the shop's loader); null when counting failed. */
  counts: Promise<OptionCounts | null>;
  total: number;
}

/**
 * Renders `children` with the counts once they have arrived, and without them until then (or if
 * counting failed). Give it a deferred promise (useDeferredValue): while the next listing's
 * counts load, the last ones stay in place instead of the lists being swapped for a fallback,
 * which would also take the keyboard focus off the checkbox just ticked.
 */
export function WithCounts({
  counts,
  children,
}: {
  counts: Promise<OptionCounts | null>;
  children: (counts: OptionCounts | undefined) => React.ReactNode;
}) {
  // React's own `use` rather than the router's Await: the same streaming, none of Await's bytes
  // in every page's first load (the loader resolves a failure to null, so nothing throws here).
  return (
    <Suspense fallback={children(undefined)}>
      <Resolved counts={counts}>{children}</Resolved>
    </Suspense>
  );
}

function Resolved({
  counts,
  children,
}: {
  counts: Promise<OptionCounts | null>;
  children: (counts: OptionCounts | undefined) => React.ReactNode;
}) {
  return children(use(counts) ?? undefined);
}

export function selectedLabel(n: number) {
  return n ? `${n} selected` : 'Any';
}

export function CheckList({
  name,
  legend,
  entries,
  counts,
  selected,
  onToggle,
}: {
  name: 'sport' | 'category';
  legend: string;
  entries: Entry[];
  /** Products per option id; without it (still counting) no counts are shown. */
  counts?: Record<number, number>;
  selected: number[];
  onToggle?: (id: number) => void;
}) {
  return (
    <fieldset>
      <legend className="sr-only">{legend}</legend>
      <ul className="space-y-1">
        {entries.map((entry) => {
          const checked = selected.includes(entry.id);
          const count = counts ? (counts[entry.id] ?? 0) : undefined;
          // An option that would list nothing stays in view (the list does not jump about as
          // filters change) but cannot be ticked, and the keyboard skips it; a ticked one can
          // always be unticked.
          const empty = count === 0 && !checked;
          const countId = `${name}-${entry.id}-count`;
          return (
            <li key={entry.id}>
              <label
                className={`flex items-center gap-3 rounded-md px-2 py-1.5 text-sm ${empty ? 'cursor-not-allowed text-slate-500' : 'cursor-pointer text-slate-800 hover:bg-slate-50'}`}
              >
                <input
                  type="checkbox"
                  name={name}
                  value={entry.id}
                  disabled={empty}
                  checked={onToggle ? checked : undefined}
                  defaultChecked={onToggle ? undefined : checked}
                  onChange={onToggle ? () => onToggle(entry.id) : undefined}
                  // The count describes the option rather than naming it: its name stays
                  // "Basketball" while the count changes with the other filters.
                  aria-describedby={count === undefined ? undefined : countId}
                  className="size-4 rounded border-slate-400 accent-brand-600"
                />
                <span className="min-w-0 [overflow-wrap:anywhere]">
                  {entry.name}
                  {count === undefined ? null : (
                    <span aria-hidden className="text-slate-500 tabular-nums">
                      {' '}
                      ({count})
                    </span>
                  )}
                </span>
              </label>
              {/* Outside the label, so it describes the checkbox without joining its name. */}
              {count === undefined ? null : (
                <span id={countId} className="sr-only">
                  {count} matching {count === 1 ? 'product' : 'products'}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** The listing's state, or while the next listing loads, the choice already made (its URL). */
export function useShownShopState(current: ShopState): ShopState {
  const navigation = useNavigation();
  const pending = navigation.location?.pathname === '/shop' ? navigation.location : null;
  return pending ? parseShopState(new URL(pending.search, 'http://x/shop')) : current;
}

const triggerClass =
  'inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50';

/**
 * Sport and Category filters. With JavaScript: a side panel (dialog) whose checkboxes change the
 * URL at once (back to page 1). Without: a disclosure holding a plain GET form.
 */
export function FilterPanel({ state: current, sports, categories, counts: latest, total }: Props) {
  const counts = useDeferredValue(latest);
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const state = useShownShopState(current);
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

  // Hydration swaps the disclosure below for the dialog's button. A disclosure opened before the
  // scripts ran (a slow phone) opens the dialog instead of vanishing, and what was ticked in it is
  // applied, as a tick is from then on.
  const disclosure = useRef<HTMLDetailsElement>(null);
  useLayoutEffect(() => {
    const form = disclosure.current?.open && disclosure.current.querySelector('form');
    if (!form) return;
    const data = new FormData(form);
    const ids = (name: string) =>
      data
        .getAll(name)
        .map(Number)
        .sort((a, b) => a - b);
    const [sportIds, categoryIds] = [ids('sport'), ids('category')];
    // Only a change of the ticks moves the listing (back to page 1, one more step for Back).
    if (`${sportIds}|${categoryIds}` !== `${state.sportIds}|${state.categoryIds}`)
      go({ sportIds, categoryIds });
    setOpen(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the page hydrates
  }, []);

  if (!hydrated) {
    return (
      // The panel drops below the trigger instead of widening it, so the search box beside it
      // keeps its width.
      <details ref={disclosure} className="relative">
        <summary className={`${triggerClass} cursor-pointer list-none`}>
          <SlidersHorizontal aria-hidden className="size-4" /> Filters {badge}
        </summary>
        <Form
          method="get"
          action="/shop"
          className="absolute right-0 z-20 mt-2 grid max-h-[70vh] w-[min(40rem,calc(100vw-2rem))] gap-6 overflow-y-auto rounded-xl border border-slate-200 bg-white p-4 shadow-lg sm:grid-cols-2"
        >
          <ShopStateFields state={state} except="filters" />
          <div>
            <h2 className="mb-2 font-semibold">Sport ({selectedLabel(state.sportIds.length)})</h2>
            <WithCounts counts={counts}>
              {(c) => (
                <CheckList
                  name="sport"
                  legend="Sport"
                  entries={sports}
                  counts={c?.sports}
                  selected={state.sportIds}
                />
              )}
            </WithCounts>
          </div>
          <div>
            <h2 className="mb-2 font-semibold">
              Category ({selectedLabel(state.categoryIds.length)})
            </h2>
            <WithCounts counts={counts}>
              {(c) => (
                <CheckList
                  name="category"
                  legend="Category"
                  entries={categories}
                  counts={c?.categories}
                  selected={state.categoryIds}
                />
              )}
            </WithCounts>
          </div>
          <div className="flex gap-3 sm:col-span-2">
            <button
              type="submit"
              className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
            >
              Apply filters
            </button>
            <Link
              to={shopHref({ q: state.q, sort: state.sort })}
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
      {/* Reads the counts as soon as the page runs, so the dialog (loaded on first use) finds
          them already read instead of showing its lists without counts for a moment. */}
      <WithCounts counts={counts}>{() => null}</WithCounts>
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
            counts={counts}
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

/**
 * The parts of the listing's state a GET form does not change itself, as hidden fields: the
 * search box keeps the filters and sort, the filter form the search and sort, the sort the rest.
 */
export function ShopStateFields({
  state,
  except,
}: {
  state: ShopState;
  except: 'q' | 'filters' | 'sort';
}) {
  return (
    <>
      {except !== 'q' && state.q ? <input type="hidden" name="q" value={state.q} /> : null}
      {except !== 'filters' && state.sportIds.length ? (
        <input type="hidden" name="sport" value={state.sportIds.join(',')} />
      ) : null}
      {except !== 'filters' && state.categoryIds.length ? (
        <input type="hidden" name="category" value={state.categoryIds.join(',')} />
      ) : null}
      {except !== 'sort' && state.sort ? (
        <input type="hidden" name="sort" value={state.sort} />
      ) : null}
    </>
  );
}
