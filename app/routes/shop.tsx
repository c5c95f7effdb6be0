import { Form, Link } from 'react-router';
import type { Route } from './+types/shop';
import { PageHeader } from '~/components/layout/page-header';
import { ProductCard } from '~/components/catalogue/product-card';
import { PAGE_SIZE } from '~/lib/constants';
import { pageTitle } from '~/lib/meta';
import { listProducts } from '~/services/catalogue/products.server';

function ids(value: string | null | undefined): number[] {
  if (!value || value === 'undefined') return [];
  return value
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
}

export const meta = () => [
  { title: pageTitle('Shop') },
  {
    name: 'description',
    content:
      'Goalposts, basketball hoops, nets, court services and NAPFA equipment for Singapore schools and clubs.',
  },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = url.searchParams.get('q')?.trim() ?? '';
  const p = params as { sportsId?: string; categoryId?: string };
  const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
  const result = await listProducts({
    q,
    sportIds: [...ids(p.sportsId), ...ids(url.searchParams.get('sport'))],
    categoryIds: [...ids(p.categoryId), ...ids(url.searchParams.get('category'))],
    page,
  });
  return { ...result, q, pages: Math.ceil(result.total / PAGE_SIZE) };
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { items, total, q, page, pages } = loaderData;
  return (
    <>
      <PageHeader
        title="Shop"
        subtitle="Equipment, courts and flooring for schools, clubs and institutions."
      />
      <div className="mx-auto max-w-7xl px-4 py-8">
        <Form method="get" role="search" className="flex max-w-xl gap-2">
          <label htmlFor="shop-search" className="sr-only">
            Search products
          </label>
          <input
            id="shop-search"
            name="q"
            type="search"
            defaultValue={q}
            placeholder="Search products"
            className="flex-1 rounded-md border border-slate-300 px-3 py-2"
          />
          <button
            type="submit"
            className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
          >
            Search
          </button>
        </Form>
        <p className="mt-4 text-sm text-slate-600" aria-live="polite">
          {q ? `${total} results for “${q}”` : `${total} products`}
        </p>
        {items.length ? (
          <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
            {items.map((product, i) => (
              <li key={product.id} className="flex">
                <ProductCard product={product} eager={i < 4} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="mt-10 rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
            <p className="font-semibold text-slate-900">No products found.</p>
            <p className="mt-1 text-sm text-slate-600">
              Try another word, or{' '}
              <Link to="/shop" className="text-brand-700 underline">
                see everything
              </Link>
              .
            </p>
          </div>
        )}
        {pages > 1 ? (
          <nav aria-label="Pagination" className="mt-8 flex justify-center gap-2">
            {Array.from({ length: pages }, (_, i) => i + 1).map((n) => {
              const params = new URLSearchParams(q ? { q } : {});
              params.set('page', String(n));
              return (
                <Link
                  key={n}
                  to={`?${params}`}
                  aria-current={n === page ? 'page' : undefined}
                  className={`rounded-md px-3 py-1.5 text-sm ${n === page ? 'bg-brand-600 text-white' : 'border border-slate-300 bg-white'}`}
                >
                  {n}
                </Link>
              );
            })}
          </nav>
        ) : null}
      </div>
    </>
  );
}
