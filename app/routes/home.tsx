import { ArrowRight } from 'lucide-react';
import { Link, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/home';
import type { loader as rootLoader } from '~/root';
import { ProductGrid } from '~/components/catalogue/product-grid';
import { BannerCarousel } from '~/components/home/banner-carousel';
import { promoCards, slides } from '~/content/home';
import { DEFAULT_SITE_NAME, seo } from '~/lib/meta';
import { getProduct, listProducts } from '~/services/catalogue/products.server';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Sports equipment and courts for Singapore schools',
    description:
      'Goalposts, basketball hoops, nets, court taping and coating, sports flooring and NAPFA test equipment. Browse the catalogue and request a quote online.',
    path: '/',
    matches,
  });

export async function loader() {
  const ids = [...new Set([...slides, ...promoCards].map((s) => s.imageProductId))];
  const [newest, ...products] = await Promise.all([
    listProducts({ page: 1 }),
    ...ids.map((id) => getProduct(id)),
  ]);
  const imageOf = (id: number) => products[ids.indexOf(id)]?.images[0] ?? null;
  return {
    slides: slides.map(({ imageProductId, ...slide }) => ({
      ...slide,
      image: imageOf(imageProductId),
    })),
    promos: promoCards.map(({ imageProductId, ...card }) => ({
      ...card,
      image: imageOf(imageProductId),
    })),
    newest: newest.items.slice(0, 8),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { slides: carousel, promos, newest } = loaderData;
  const siteName = useRouteLoaderData<typeof rootLoader>('root')?.site.name ?? DEFAULT_SITE_NAME;
  return (
    <>
      <h1 className="sr-only">{siteName}: sports equipment and courts for Singapore</h1>
      <BannerCarousel slides={carousel} siteName={siteName} />

      <section className="mx-auto max-w-7xl px-4 py-12 sm:py-16" aria-labelledby="promos">
        <h2 id="promos" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          What we do
        </h2>
        <ul className="mt-6 grid gap-5 md:grid-cols-3">
          {promos.map((card) => (
            <li key={card.title} className="flex">
              <article className="flex w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
                <div className="aspect-[16/9] overflow-hidden bg-slate-100">
                  {card.image ? (
                    <img
                      src={card.image.src}
                      srcSet={card.image.srcSet}
                      sizes="(min-width: 768px) 33vw, 100vw"
                      width={card.image.width}
                      height={card.image.height}
                      alt=""
                      loading="lazy"
                      className="size-full object-cover"
                    />
                  ) : null}
                </div>
                <div className="flex flex-1 flex-col p-5">
                  <h3 className="text-lg font-bold text-slate-900">{card.title}</h3>
                  <p className="mt-2 flex-1 text-sm text-slate-700">{card.description}</p>
                  <div>
                    <Link
                      to={card.href}
                      className="mt-4 inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
                    >
                      {card.label}
                      <span className="sr-only">: {card.title}</span>
                      <ArrowRight aria-hidden className="size-4" />
                    </Link>
                  </div>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </section>

      {/* The last band meets the footer: no strip of the page between (the footer's margin). */}
      <section className="-mb-16 border-t border-slate-200 bg-white" aria-labelledby="new-products">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
          <div className="flex items-end justify-between gap-4">
            <h2
              id="new-products"
              className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
            >
              New products
            </h2>
            <Link to="/shop" className="text-sm font-semibold text-brand-700 hover:underline">
              Shop all products
            </Link>
          </div>
          <div className="mt-6">
            <ProductGrid products={newest} priorityCount={0} />
          </div>
        </div>
      </section>
    </>
  );
}
