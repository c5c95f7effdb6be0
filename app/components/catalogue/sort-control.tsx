import { Form, useNavigate } from 'react-router';
import { effectiveSort, SHOP_SORTS, shopHref, type ShopState } from '~/lib/shop-url';
import { ShopStateFields, useShownShopState } from './filter-panel';

/**
 * The listing's order. With JavaScript, choosing one goes to the same filters in that order at
 * page 1 (no reload). Without, it is a plain GET form carrying the search and filters, with its
 * own button. Relevance is offered only for a search.
 */
export function SortControl({ state: current }: { state: ShopState }) {
  const navigate = useNavigate();
  const state = useShownShopState(current);
  const options = SHOP_SORTS.filter((s) => s.value !== 'relevance' || state.q);
  return (
    <Form method="get" action="/shop" className="flex items-center gap-2 text-sm">
      <ShopStateFields state={state} except="sort" />
      <label htmlFor="shop-sort" className="font-medium text-slate-700">
        Sort by
      </label>
      <select
        id="shop-sort"
        name="sort"
        value={effectiveSort(state)}
        onChange={(event) => {
          const sort = event.target.value as ShopState['sort'];
          void navigate(shopHref({ ...state, sort, page: 1 }), { preventScrollReset: true });
        }}
        className="rounded-md border border-slate-300 bg-white py-1.5 pr-8 pl-3 text-slate-900"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <button
        type="submit"
        className="hidden rounded-md border border-slate-300 bg-white px-3 py-1.5 font-semibold text-slate-800 noscript:inline-block"
      >
        Sort
      </button>
    </Form>
  );
}
