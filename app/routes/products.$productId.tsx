import { ChevronRight, FileText } from 'lucide-react';
import { useState } from 'react';
import { data, Link, useNavigation } from 'react-router';
import type { Route } from './+types/products.$productId';
import { AddToCartButton } from '~/components/cart/add-to-cart-button';
import { SpecificationsTable } from '~/components/catalogue/specifications-table';
import { originOf, pageTitle, seo, siteNameOf } from '~/lib/meta';
import { RelatedProducts } from '~/components/catalogue/related-products';
import { getProduct } from '~/services/catalogue/products.server';
import { relatedProducts } from '~/services/catalogue/related.server';
import { getUser } from '~/services/permissions.server';

export async function loader({ params, request }: Route.LoaderArgs) {
  // One address per product: '01' is not product 1's (the shop's sport and category pages agree).
  const id = /^[1-9]\d{0,8}$/.test(params.productId) ? Number(params.productId) : 0;
  const product = id > 0 ? await getProduct(id, { unlisted: true }) : null;
  if (!product) throw data('Product not found', { status: 404 });
  // A draft or hidden product is not in the shop: a 404 for everyone but staff, who see it marked.
  // Only then is the visitor asked for (a guest's page of a listed product reads no session).
  if (product.status !== 'published' && (await getUser(request))?.role !== 'admin')
    throw data('Product not found', { status: 404 });
  return { product, related: await relatedProducts(product) };
}

/** At most `max` characters, cut after a whole word with an ellipsis when it had to be cut. */
function snippet(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const word = cut.lastIndexOf(' ');
  return `${(word > max / 2 ? cut.slice(0, word) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  if (!d) return [{ title: pageTitle('Product not found', matches) }];
  const { product } = d;
  const description = snippet((product.description ?? product.name).replace(/\s+/g, ' '), 155);
  const origin = originOf(matches);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description ?? undefined,
    sku: `FH-${product.id}`,
    mpn: product.modelCode ?? undefined,
    url: `${origin}/products/${product.id}`,
    image: product.images.map((i) => origin + i.src),
    category: product.categories.map((c) => c.name).join(', ') || undefined,
    brand: { '@type': 'Brand', name: siteNameOf(matches) },
    additionalProperty: product.specifications.length
      ? product.specifications.map((s) => ({
          '@type': 'PropertyValue',
          name: s.name,
          value: s.value,
          ...(s.unit ? { unitText: s.unit } : {}),
        }))
      : undefined,
    // The one-page product sheet (PDF), for a buyer to file or forward.
    subjectOf: {
      '@type': 'DigitalDocument',
      name: `${product.name}: product sheet`,
      encodingFormat: 'application/pdf',
      url: `${origin}/products/${product.id}/sheet.pdf`,
    },
  };
  return [
    ...seo({
      title: product.name,
      description,
      path: `/products/${product.id}`,
      matches,
      image: product.images[0]?.src,
      // The product page's own words for its main picture (its alt text there).
      imageAlt: product.name,
      type: 'product',
    }),
    { 'script:ld+json': jsonLd },
  ];
};

function ProductSkeleton() {
  return (
    <div
      className="mx-auto grid max-w-7xl animate-pulse gap-8 px-4 py-8 md:grid-cols-2"
      aria-busy="true"
      aria-label="Loading product"
    >
      <div className="aspect-square rounded-xl bg-slate-200" />
      <div className="space-y-4">
        <div className="h-8 w-3/4 rounded bg-slate-200" />
        <div className="h-4 w-1/3 rounded bg-slate-200" />
        <div className="h-4 w-1/2 rounded bg-slate-200" />
        <div className="h-24 rounded bg-slate-200" />
        <div className="h-12 w-40 rounded bg-slate-200" />
      </div>
    </div>
  );
}

/** A 60 px thumbnail (decorative: its button or link says which image it is). */
function Thumbnail({ image }: { image: { src: string; srcSet?: string } }) {
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes="60px"
      width={60}
      height={60}
      alt=""
      loading="lazy"
      className="size-full object-cover"
    />
  );
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, related } = loaderData;
  const navigation = useNavigation();
  const [selected, setSelected] = useState(0);
  const [shownFor, setShownFor] = useState(product.id);
  if (shownFor !== product.id) {
    // Another product: start again at its first image.
    setShownFor(product.id);
    setSelected(0);
  }
  const leaving =
    navigation.state === 'loading' &&
    navigation.location.pathname.startsWith('/products/') &&
    navigation.location.pathname !== `/products/${product.id}`;
  if (leaving) return <ProductSkeleton />;

  const main = product.images[selected] ?? product.images[0];
  const unlisted = product.status !== 'published';
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-10">
      {unlisted ? (
        <p
          role="status"
          className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900"
        >
          {product.status === 'hidden' ? 'Hidden' : 'Draft'}: not in the shop. Only staff see this
          page.{' '}
          <Link to={`/admin/edit/${product.id}`} className="underline">
            Edit the product
          </Link>
        </p>
      ) : null}
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-slate-600">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/shop" className="hover:text-brand-700 hover:underline">
              Shop
            </Link>
          </li>
          <li aria-hidden>
            <ChevronRight className="size-4 text-slate-400" />
          </li>
          <li>
            <Link
              to={`/shop/sports/${product.sport.id}`}
              className="hover:text-brand-700 hover:underline"
            >
              {product.sport.name}
            </Link>
          </li>
          <li aria-hidden>
            <ChevronRight className="size-4 text-slate-400" />
          </li>
          <li aria-current="page" className="text-slate-900">
            {product.name}
          </li>
        </ol>
      </nav>
      <div className="grid gap-8 md:grid-cols-2 lg:gap-12">
        {/* On wide screens the thumbnails run down the left of the main image, so all of them
            are in view with it; on a phone they sit under it. */}
        <div className="flex flex-col gap-3 lg:flex-row-reverse lg:items-start">
          <div className="overflow-hidden rounded-xl border border-slate-200 bg-white lg:max-h-[70vh] lg:flex-1">
            {main ? (
              <img
                key={main.src}
                src={main.src}
                srcSet={main.srcSet}
                sizes="(min-width: 1280px) 600px, (min-width: 768px) 50vw, 100vw"
                width={main.width}
                height={main.height}
                alt={product.name}
                fetchPriority="high"
                data-testid="main-image"
                className="aspect-square w-full object-contain lg:max-h-[70vh]"
              />
            ) : (
              <div className="flex aspect-square items-center justify-center text-slate-500">
                No image
              </div>
            )}
          </div>
          {product.images.length > 1 ? (
            <ul className="flex gap-2 lg:flex-col" aria-label="Product images">
              {product.images.map((image, i) => (
                <li key={image.src}>
                  {/* Without JavaScript a thumbnail opens its picture (the button needs it). */}
                  <a
                    href={image.src}
                    aria-label={`Open image ${i + 1} of ${product.images.length}`}
                    className="hidden size-[60px] overflow-hidden rounded-md border-2 border-transparent noscript:block"
                  >
                    <Thumbnail image={image} />
                  </a>
                  <button
                    type="button"
                    onClick={() => setSelected(i)}
                    aria-label={`Show image ${i + 1} of ${product.images.length}`}
                    aria-pressed={i === selected}
                    className={`block size-[60px] overflow-hidden rounded-md border-2 noscript:hidden ${i === selected ? 'border-brand-600' : 'border-transparent hover:border-slate-300'}`}
                  >
                    <Thumbnail image={image} />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            {product.name}
          </h1>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="font-semibold text-slate-700">Sport</dt>
            <dd>
              <Link
                to={`/shop/sports/${product.sport.id}`}
                className="text-brand-700 underline-offset-2 hover:underline"
              >
                {product.sport.name}
              </Link>
            </dd>
            <dt className="font-semibold text-slate-700">Categories</dt>
            <dd>
              {product.categories.length ? (
                <ul className="flex flex-wrap gap-x-3 gap-y-1">
                  {product.categories.map((c) => (
                    <li key={c.id}>
                      <Link
                        to={`/shop/category/${c.id}`}
                        className="text-brand-700 underline-offset-2 hover:underline"
                      >
                        {c.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : (
                'No Categories'
              )}
            </dd>
          </dl>
          {/* The action comes before the long description, so a phone shows it without scrolling. */}
          <div className="mt-6">
            {unlisted ? null : (
              <AddToCartButton
                withQuantity
                product={{
                  id: product.id,
                  name: product.name,
                  imageUrl: product.images[0]?.src ?? null,
                }}
              />
            )}
            <p className="text-sm text-slate-600">
              No online prices: send an enquiry and we reply with a quote.
            </p>
            {/* Under the action, not above it: a row more up there pushes Add to Cart below a
                phone's first screen. */}
            {product.modelCode ? (
              <p className="mt-3 text-sm text-slate-700 [overflow-wrap:anywhere]">
                <span className="font-semibold">Model code</span> {product.modelCode}
              </p>
            ) : null}
            {/* A plain link: a file, which React Router does not render. */}
            <a
              href={`/products/${product.id}/sheet.pdf`}
              className="mt-3 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
            >
              <FileText aria-hidden className="size-4" /> Product sheet (PDF)
            </a>
          </div>
          {product.description ? (
            <p className="mt-6 leading-relaxed whitespace-pre-line text-slate-800">
              {product.description}
            </p>
          ) : null}
          <SpecificationsTable specifications={product.specifications} />
        </div>
      </div>
      <RelatedProducts products={related} />
    </div>
  );
}
