import { Search, X } from 'lucide-react';
import { data, Form, Link, useNavigation } from 'react-router';
import type { Route } from './+types/shop';
import {
  FilterPanel,
  ShopStateFields,
  type OptionCounts,
} from '~/components/catalogue/filter-panel';
import { Pagination } from '~/components/catalogue/pagination';
import { ProductGrid, ProductGridSkeleton } from '~/components/catalogue/product-grid';
import { PAGE_SIZE } from '~/lib/constants';
import { pageTitle, seo } from '~/lib/meta';
import { parseShopState, SEARCH_MAX, shopHref, toggle, type ShopState } from '~/lib/shop-url';
import { SortControl } from '~/components/catalogue/sort-control';
import { useSyncedValue } from '~/lib/use-synced-value';
import { listingTitle } from '~/services/catalogue/listing-title.server';
import { countFilterOptions, listProducts } from '~/services/catalogue/products.server';
import { listCategories, listSports } from '~/services/catalogue/taxonomy.server';
import { noteDegraded } from '~/services/request-state.server';
import { log } from '~/services/log.server';

export async function loader({ request, params }: Route.LoaderArgs) {
  const parsed = parseShopState(new URL(request.url), params);
  const [sports, categories] = await Promise.all([listSports(), listCategories()]);
  // A sport or category in the path that does not exist is a missing page, not an empty listing.
  const unknown = (id: string | undefined, list: { id: number }[]) =>
    id !== undefined && id !== 'undefined' && !list.some((e) => String(e.id) === id);
  if (unknown(params.sportsId, sports) || unknown(params.categoryId, categories))
    throw data('No such sport or category.', { status: 404 });
  // Unknown ids in the query (an old link) are dropped rather than shown as a nameless chip.
  const state = {
    ...parsed,
    sportIds: parsed.sportIds.filter((id) => sports.some((s) => s.id === id)),
    categoryIds: parsed.categoryIds.filter((id) => categories.some((c) => c.id === id)),
  };
  // A search that nothing matches in full lists what matches fewer of its words (`relaxed`).
  const result = await listProducts({ ...state, sort: state.sort ?? undefined, relax: true });
  // The filter options' counts are not awaited: they stream in after the products (an uncounted
  // filter costs about as much as its listing, and one PGlite runs one query at a time, so they
  // start once the listing is read). Cached per filter and catalogue version (page and sort are
  // not in the key), so paging or re-sorting never counts again. A failure is logged and only
  // hides the counts (null): the listing itself is already there.
  const counts: Promise<OptionCounts | null> = countFilterOptions({
    q: state.q,
    sportIds: state.sportIds,
    categoryIds: state.categoryIds,
    relax: true,
  }).then(
    (c) => ({ sports: Object.fromEntries(c.sports), categories: Object.fromEntries(c.categories) }),
    (error: unknown) => {
      log().error({ err: error }, 'Counting the filter options failed');
      noteDegraded(); // this page, without its counts, is not one to keep for other guests
      return null;
    },
  );
  const pages = Math.ceil(result.total / PAGE_SIZE);
  // Past the last page: say so (and answer 404) instead of 'No products match your search.'.
  const beyond = result.total > 0 && state.page > pages;
  const title = listingTitle(state, sports, categories);
  // The page's head, made here: its words and rules stay out of the browser's first load.
  const head = {
    // A page past the last one is a 404: its tab says so.
    title: beyond ? `Page ${state.page} not found` : title,
    description: state.q
      ? `Products matching “${state.q}”: sports equipment, courts and NAPFA test equipment for Singapore schools and clubs.`
      : `${title === 'Shop All' ? 'The full catalogue' : title}: goalposts, basketball hoops, nets, court services and NAPFA equipment for Singapore schools and clubs. Request a quote online.`,
    canonical: canonicalPath(state),
  };
  const body = { ...result, state, pages, sports, categories, counts, title, beyond, head };
  return beyond ? data(body, { status: 404 }) : body;
}

export const meta: Route.MetaFunction = ({ data, matches }) => [
  // No data: an unknown sport or category (the 404 page).
  ...(data
    ? seo({
        title: data.head.title,
        description: data.head.description,
        path: data.head.canonical,
        matches,
      })
    : [{ title: pageTitle('Page not found', matches) }]),
  // Searches are endless (every typed text a page): their products are found through the
  // listings, which are indexed.
  ...(data?.state.q ? [{ name: 'robots', content: 'noindex, follow' }] : []),
];

/**
 * The listing's canonical path, from what the loader understood rather than the address typed
 * (`?page=abc` is page 1): without its order (one order of the same products), and a lone sport
 * or category as its own page, the address the menus and the sitemap give it.
 */
function canonicalPath(state: ShopState): string {
  const page = state.page > 1 ? `?page=${state.page}` : '';
  const [sport, ...moreSports] = state.sportIds;
  const [category, ...moreCategories] = state.categoryIds;
  if (!state.q && sport && !moreSports.length && !category) return `/shop/sports/${sport}${page}`;
  if (!state.q && category && !moreCategories.length && !sport)
    return `/shop/category/${category}${page}`;
  return shopHref({ ...state, sort: null });
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { items, total, state, page, pages, sports, categories, counts, title, beyond, relaxed } =
    loaderData;
  const navigation = useNavigation();
  // Controlled, not re-keyed: a search must not remount the box and drop the keyboard focus.
  const [query, setQuery] = useSyncedValue(state.q);
  const loading =
    navigation.state === 'loading' && navigation.location.pathname.startsWith('/shop');
  const chips = [
    ...state.sportIds.map((id) => ({
      key: `s${id}`,
      name: sports.find((s) => s.id === id)?.name ?? '',
      href: shopHref({ ...state, sportIds: toggle(state.sportIds, id), page: 1 }),
    })),
    ...state.categoryIds.map((id) => ({
      key: `c${id}`,
      name: categories.find((c) => c.id === id)?.name ?? '',
      href: shopHref({ ...state, categoryIds: toggle(state.categoryIds, id), page: 1 }),
    })),
  ];

  return (
    <>
      <div className="bg-gradient-to-r from-brand-900 via-brand-800 to-brand-600 text-white">
        <div className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
          <p className="text-xs font-semibold tracking-widest text-brand-100 uppercase">
            Catalogue
          </p>
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
          <p className="mt-2 max-w-2xl text-brand-100">
            Equipment, courts and flooring for schools, clubs and institutions. Add what you need to
            the cart and send us an enquiry for a quote.
          </p>
        </div>
      </div>
      <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <Form
            method="get"
            action="/shop"
            role="search"
            aria-label="Catalogue"
            className="flex flex-1 gap-2 sm:max-w-xl"
          >
            <label htmlFor="shop-search" className="sr-only">
              Search products
            </label>
            <input
              id="shop-search"
              name="q"
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              maxLength={SEARCH_MAX}
              placeholder="Search products"
              className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-2"
            />
            <ShopStateFields state={state} except="q" />
            <button
              type="submit"
              className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
            >
              <Search aria-hidden className="size-4" /> Search
            </button>
          </Form>
          <FilterPanel
            state={state}
            sports={sports}
            categories={categories}
            counts={counts}
            total={total}
          />
        </div>

        {chips.length ? (
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="Active filters">
            {chips.map((chip) => (
              <li key={chip.key}>
                <Link
                  to={chip.href}
                  className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 hover:bg-brand-100"
                  aria-label={`Remove filter ${chip.name}`}
                >
                  <span className="min-w-0 [overflow-wrap:anywhere]">{chip.name}</span>
                  <X aria-hidden className="size-3.5 shrink-0" />
                </Link>
              </li>
            ))}
            <li>
              <Link
                to={shopHref({ q: state.q, sort: state.sort })}
                className="inline-block px-2 py-1 text-sm font-medium text-slate-700 underline"
              >
                Clear All
              </Link>
            </li>
          </ul>
        ) : null}

        {relaxed ? (
          <p className="mt-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {relaxed.any ? (
              <>
                No product matches every word of “{state.q}”. Showing products that match any of
                them.
              </>
            ) : (
              <>
                No products match “{state.q}”. Showing results for “{relaxed.words.join(' ')}”.
              </>
            )}
          </p>
        ) : null}

        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600" aria-live="polite">
            {total === 0
              ? 'No products found'
              : `${total} ${total === 1 ? 'product' : 'products'}${pages > 1 && !beyond ? ` · page ${page} of ${pages}` : ''}`}
          </p>
          {total > 1 ? <SortControl state={state} /> : null}
        </div>

        <div className="mt-4">
          {loading ? (
            <ProductGridSkeleton />
          ) : items.length ? (
            <ProductGrid products={items} />
          ) : beyond ? (
            <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
              <p className="text-lg font-semibold text-slate-900">
                There {pages === 1 ? 'is only 1 page' : `are only ${pages} pages`} of these
                products.
              </p>
              <div className="mt-5 flex flex-wrap justify-center gap-3">
                <Link
                  to={shopHref({ ...state, page: pages })}
                  className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
                >
                  Go to page {pages}
                </Link>
                <Link
                  to={shopHref({ ...state, page: 1 })}
                  className="rounded-md border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-50"
                >
                  Back to page 1
                </Link>
              </div>
            </div>
          ) : (
            <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
              <p className="text-lg font-semibold text-slate-900">
                {state.q
                  ? 'No products match your search.'
                  : state.sportIds.length || state.categoryIds.length
                    ? 'No products match these filters.'
                    : 'No products here yet.'}
              </p>
              <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">
                {state.q
                  ? 'Check the spelling, use fewer words or remove a filter.'
                  : 'Remove a filter to see more.'}{' '}
                Can’t find what you need? We supply and install much more than the catalogue shows.
              </p>
              <div className="mt-5 flex flex-wrap justify-center gap-3">
                <Link
                  to="/shop"
                  className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
                >
                  See all products
                </Link>
                <Link
                  to="/contact-us"
                  className="rounded-md border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-50"
                >
                  Ask us
                </Link>
              </div>
            </div>
          )}
        </div>

        {beyond ? null : (
          <Pagination page={page} pages={pages} href={(n) => shopHref({ ...state, page: n })} />
        )}
      </div>
    </>
  );
}
