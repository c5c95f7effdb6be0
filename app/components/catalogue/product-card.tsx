import { Link } from 'react-router';
import type { ProductCard as Card } from '~/services/catalogue/products.server';

/**
 * The width a card's image is drawn at, for the browser's pick from `srcset`. It follows the grid
 * (`ProductGrid`: 2, 3, then 4 columns in the `max-w-7xl px-4` page column, less the card's 1 px
 * borders). Saying `50vw` on a phone overstated it by 13%, enough to make a 1.75x phone fetch the
 * 640 px variant for a 182 px card: four times the pixels, for every card on the page.
 */
const CARD_IMAGE_SIZES =
  '(min-width: 1280px) 298px, (min-width: 1024px) calc(25vw - 22px), (min-width: 640px) calc(33.33vw - 23.33px), calc(50vw - 24px)';

/** `priority`: one of the page's first images, loaded at once and ahead of the rest. */
export function ProductCard({ product, priority = false }: { product: Card; priority?: boolean }) {
  return (
    <Link
      to={`/products/${product.id}`}
      className="group flex w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
    >
      <div className="aspect-square overflow-hidden bg-slate-100">
        {product.image ? (
          <img
            src={product.image.src}
            srcSet={product.image.srcSet}
            sizes={CARD_IMAGE_SIZES}
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
