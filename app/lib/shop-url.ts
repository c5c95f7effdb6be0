/** The listing's whole state lives in the URL: search text, sports, categories and page. */
export interface ShopState {
  q: string;
  sportIds: number[];
  categoryIds: number[];
  page: number;
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

export function parseShopState(
  url: URL,
  params: { sportsId?: string; categoryId?: string } = {},
): ShopState {
  const q = url.searchParams.get('q');
  const page = Number.parseInt(url.searchParams.get('page') ?? '1', 10);
  return {
    q: q && q !== 'undefined' ? q.trim().slice(0, 100) : '',
    sportIds: ids([params.sportsId, ...url.searchParams.getAll('sport')]),
    categoryIds: ids([params.categoryId, ...url.searchParams.getAll('category')]),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The canonical listing URL for a state (`/shop?q=…&sport=1,2&category=3&page=2`). */
export function shopHref(state: Partial<ShopState>): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.sportIds?.length) params.set('sport', state.sportIds.join(','));
  if (state.categoryIds?.length) params.set('category', state.categoryIds.join(','));
  if (state.page && state.page > 1) params.set('page', String(state.page));
  const query = params.toString();
  return query ? `/shop?${query}` : '/shop';
}

/** Adds or removes one id. */
export function toggle(list: number[], id: number): number[] {
  return list.includes(id) ? list.filter((n) => n !== id) : [...list, id].sort((a, b) => a - b);
}
