/** How the listing is ordered (the catalogue service's ProductSort). */
export type ShopSort = 'relevance' | 'newest' | 'name';

/** The sort choices in the order the page offers them; relevance only applies to a search. */
export const SHOP_SORTS: readonly { value: ShopSort; label: string }[] = [
  { value: 'relevance', label: 'Relevance' },
  { value: 'newest', label: 'Newest' },
  { value: 'name', label: 'Name A–Z' },
];

/**
 * The listing's whole state lives in the URL: search text, sports, categories, sort and page.
 * `sort` is null for the default order (relevance when searching, otherwise newest).
 */
export interface ShopState {
  q: string;
  sportIds: number[];
  categoryIds: number[];
  sort: ShopSort | null;
  page: number;
}

/** The order a state lists in: its own sort, or the default for it. */
export function effectiveSort(state: Pick<ShopState, 'q' | 'sort'>): ShopSort {
  return state.sort ?? (state.q ? 'relevance' : 'newest');
}

/** Ids from `sport=1,2`, repeated `sport=1&sport=2` (the no-JS form) or a path segment. */
function ids(values: (string | null | undefined)[]): number[] {
  const out = new Set<number>();
  for (const value of values) {
    if (!value || value === 'undefined') continue;
    for (const part of value.split(',')) {
      const n = Number(part);
      if (Number.isInteger(n) && n > 0 && n < 2 ** 31) out.add(n);
    }
  }
  return [...out].sort((a, b) => a - b);
}

/**
 * The longest search the catalogue takes: the search boxes' maxlength, the listings' cut
 * (products.server.ts, the back office's list) and the API's limit.
 */
export const SEARCH_MAX = 100;

/** A search as the listing reads it from the URL's `q`, for the header's box too. */
export const searchText = (q: string | null): string =>
  q && q !== 'undefined' ? q.trim().slice(0, SEARCH_MAX) : '';

export function parseShopState(
  url: URL,
  params: { sportsId?: string; categoryId?: string } = {},
): ShopState {
  const q = url.searchParams.get('q');
  const page = Number.parseInt(url.searchParams.get('page') ?? '1', 10);
  const text = searchText(q);
  // An unknown sort (an old or edited link) is the default order, not an error; relevance
  // without a search text means nothing, and the default order is spelt without a parameter.
  const asked = SHOP_SORTS.find((s) => s.value === url.searchParams.get('sort'))?.value ?? null;
  const sort =
    asked && asked !== effectiveSort({ q: text, sort: null }) && (asked !== 'relevance' || text)
      ? asked
      : null;
  return {
    q: text,
    sportIds: ids([params.sportsId, ...url.searchParams.getAll('sport')]),
    categoryIds: ids([params.categoryId, ...url.searchParams.getAll('category')]),
    sort,
    // A number past any page there can be (one that would print as 1e+20) is junk, as words are.
    page: Number.isInteger(page) && page > 0 && page < 2 ** 31 ? page : 1,
  };
}

/** The listing URL for a state (`/shop?q=…&sport=1,2&category=3&sort=name&page=2`). */
export function shopHref(state: Partial<ShopState>): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.sportIds?.length) params.set('sport', state.sportIds.join(','));
  if (state.categoryIds?.length) params.set('category', state.categoryIds.join(','));
  if (state.sort && state.sort !== effectiveSort({ q: state.q ?? '', sort: null }))
    params.set('sort', state.sort);
  if (state.page && state.page > 1) params.set('page', String(state.page));
  const query = params.toString();
  return query ? `/shop?${query}` : '/shop';
}

/** Adds or removes one id. */
export function toggle(list: number[], id: number): number[] {
  return list.includes(id) ? list.filter((n) => n !== id) : [...list, id].sort((a, b) => a - b);
}
