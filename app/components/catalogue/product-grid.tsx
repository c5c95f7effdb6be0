import type { ProductCard as Card } from '~/services/catalogue/products.server';
import { SKELETON_CARDS } from '~/lib/constants';
import { ProductCard } from './product-card';

const grid = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4';

/**
 * Product cards. The first `priorityCount` images (by default the first row on a phone, where the
 * page's largest paint is) load at once and ahead of everything else; the rest lazily and at low
 * priority, so that on a slow phone they do not take bandwidth from the first paint.
 */
export function ProductGrid({
  products,
  priorityCount = 2,
}: {
  products: Card[];
  priorityCount?: number;
}) {
  return (
    <ul className={grid}>
      {products.map((product, i) => (
        <li key={product.id} className="flex">
          <ProductCard product={product} priority={i < priorityCount} />
        </li>
      ))}
    </ul>
  );
}

/** Placeholder cards while a client-side navigation loads. */
export function ProductGridSkeleton() {
  return (
    <ul className={grid} aria-busy="true" aria-label="Loading products">
      {Array.from({ length: SKELETON_CARDS }, (_, i) => (
        <li
          key={i}
          data-testid="skeleton-card"
          className="flex animate-pulse flex-col overflow-hidden rounded-xl border border-slate-200 bg-white"
        >
          <div className="aspect-square bg-slate-200" />
          <div className="space-y-2 p-3">
            <div className="h-4 w-3/4 rounded bg-slate-200" />
            <div className="h-3 w-1/3 rounded bg-slate-200" />
          </div>
        </li>
      ))}
    </ul>
  );
}
