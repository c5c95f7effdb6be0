// The back office's product list keeps its whole state in the URL, so it works without
// JavaScript, can be bookmarked, and Back returns to it: search, filters, status tab, sort, page.
import { SEARCH_MAX } from '~/lib/shop-url';
import type { ProductStatus } from '~/services/db/schema';

/** The columns a list sorts by. */
export const SORT_COLUMNS = ['name', 'id', 'sport', 'updated'] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export interface ListSort {
  column: SortColumn;
  direction: 'asc' | 'desc';
}

/** A column's first click: the last change newest first, the others ascending. */
export const FIRST_DIRECTION: Record<SortColumn, 'asc' | 'desc'> = {
  name: 'asc',
  id: 'asc',
  sport: 'asc',
  updated: 'desc',
};

/** The list's status tabs: every product outside the trash, one status's, or the trash. */
export type ListStatus = 'any' | ProductStatus | 'trashed';
export const LIST_TABS: { status: ListStatus; label: string }[] = [
  { status: 'any', label: 'All' },
  { status: 'published', label: 'Published' },
  { status: 'draft', label: 'Drafts' },
  { status: 'hidden', label: 'Hidden' },
  { status: 'trashed', label: 'Trash' },
];

export interface ListState {
  q: string;
  sport: number | undefined;
  category: number | undefined;
  page: number;
  noImages: boolean;
  status: ListStatus;
  /** Null: the default order (relevance when searching, otherwise newest first). */
  sort: ListSort | null;
  /** Without JavaScript, 'Select all' ticks every row of the page (`select=all`). */
  selectAll: boolean;
}

export const positive = (value: string | null): number | undefined => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n < 2 ** 31 ? n : undefined;
};

/** `name`, `name-desc`, … ; anything else is the default order. */
function parseSort(value: string | null): ListSort | null {
  const [column, direction] = (value ?? '').split('-');
  if (!SORT_COLUMNS.includes(column as SortColumn)) return null;
  if (direction !== undefined && direction !== 'desc') return null;
  return { column: column as SortColumn, direction: direction ? 'desc' : 'asc' };
}

export function sortParam(sort: ListSort): string {
  return sort.direction === 'desc' ? `${sort.column}-desc` : sort.column;
}

/** The list's state from its URL; unknown or malformed values are the defaults. */
export function parseListState(url: URL): ListState {
  const status = url.searchParams.get('status');
  return {
    q: (url.searchParams.get('q') ?? '').trim().slice(0, SEARCH_MAX),
    sport: positive(url.searchParams.get('sport')),
    category: positive(url.searchParams.get('category')),
    page: positive(url.searchParams.get('page')) ?? 1,
    noImages: url.searchParams.get('images') === 'none',
    status: LIST_TABS.some((t) => t.status === status) ? (status as ListStatus) : 'any',
    sort: parseSort(url.searchParams.get('sort')),
    selectAll: url.searchParams.get('select') === 'all',
  };
}

/** The list's URL for a state, with some of it changed (a confirm panel's `delete` on top). */
export function listHref(
  state: ListState,
  changes: Partial<ListState> & { delete?: number } = {},
): string {
  const next = { ...state, selectAll: false, ...changes };
  const params = new URLSearchParams();
  if (next.q) params.set('q', next.q);
  if (next.category) params.set('category', String(next.category));
  if (next.sport) params.set('sport', String(next.sport));
  if (next.noImages) params.set('images', 'none');
  if (next.status !== 'any') params.set('status', next.status);
  if (next.sort) params.set('sort', sortParam(next.sort));
  if (next.page > 1) params.set('page', String(next.page));
  if (next.selectAll) params.set('select', 'all');
  if (changes.delete) params.set('delete', String(changes.delete));
  const search = params.toString();
  return `/admin/list${search ? `?${search}` : ''}`;
}
