import { Link } from 'react-router';
import type { ProductCard as Card } from '~/services/catalogue/products.server';

/** `priority`: one of the page's first images, loaded at once and ahead of the rest. */
export function ProductCard({ product, priority = false }: { product: Card; priority?: boolean }) {
  return (
    <Link
      to={`/products/${product.id}`}
      className="group flex w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
    >
      <div className="aspect-square bg-slate-100">
        {product.image ? (
          <img
            src={product.image.src}
            srcSet={product.image.srcSet}
            sizes="(min-width: 1024px) 22vw, (min-width: 640px) 30vw, 50vw"
            width={product.image.width}
            height={product.image.height}
            alt=""
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'low'}
            className="size-full object-cover"
          />
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h2 className="text-sm font-semibold text-slate-900 group-hover:text-brand-700 sm:text-base">
          {product.name}
        </h2>
        <p className="text-xs font-medium text-slate-600 uppercase">{product.sport.name}</p>
      </div>
    </Link>
  );
}
