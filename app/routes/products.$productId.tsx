import { data, Link } from 'react-router';
import type { Route } from './+types/products.$productId';
import { pageTitle } from '~/lib/meta';
import { getProduct } from '~/services/catalogue/products.server';

export const meta = ({ data: d }: Route.MetaArgs) =>
  d
    ? [
        { title: pageTitle(d.product.name) },
        { name: 'description', content: d.product.description?.slice(0, 160) ?? d.product.name },
      ]
    : [{ title: pageTitle('Product not found') }];

export async function loader({ params }: Route.LoaderArgs) {
  const id = Number(params.productId);
  const product = Number.isInteger(id) && id > 0 ? await getProduct(id) : null;
  if (!product) throw data('Product not found', { status: 404 });
  return { product };
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  const main = product.images[0];
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 md:grid-cols-2">
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
        {main ? (
          <img
            src={main.src}
            srcSet={main.srcSet}
            sizes="(min-width: 768px) 50vw, 100vw"
            width={main.width}
            height={main.height}
            alt={product.name}
            fetchPriority="high"
            className="aspect-square w-full object-cover"
          />
        ) : null}
      </div>
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight">{product.name}</h1>
        <p className="mt-2 text-sm text-slate-600">
          Sport:{' '}
          <Link to={`/shop/sports/${product.sport.id}`} className="text-brand-700 underline">
            {product.sport.name}
          </Link>
        </p>
        <p className="mt-1 text-sm text-slate-600">
          Categories:{' '}
          {product.categories.length
            ? product.categories.map((c) => c.name).join(', ')
            : 'No Categories'}
        </p>
        <p className="mt-6 leading-relaxed whitespace-pre-line text-slate-800">
          {product.description}
        </p>
      </div>
    </div>
  );
}
