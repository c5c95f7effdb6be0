import type { ProductCard as Card } from '~/services/catalogue/products.server';
import { ProductCard } from './product-card';

/** The product page's "Related products": a few of the same sport and category, as cards. */
export function RelatedProducts({ products }: { products: Card[] }) {
  if (!products.length) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-12 border-t border-slate-200 pt-8">
      <h2 id="related-heading" className="text-xl font-bold text-slate-900">
        Related products
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
        {products.map((p) => (
          <li key={p.id} className="flex">
            <ProductCard product={p} />
          </li>
        ))}
      </ul>
    </section>
  );
}
