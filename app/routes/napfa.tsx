import { BadgePercent, ClipboardList } from 'lucide-react';
import { Link } from 'react-router';
import type { Route } from './+types/napfa';
import { AddToCartButton } from '~/components/cart/add-to-cart-button';
import { PageHeader } from '~/components/layout/page-header';
import { napfaBulkPricing, napfaItems, napfaSubtitle, napfaTitle } from '~/content/napfa';
import { seo } from '~/lib/meta';
import { getProduct } from '~/services/catalogue/products.server';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'NAPFA Test Equipment (Wholesale)',
    description:
      'Wholesale NAPFA fitness-test equipment for Singapore schools: sit-and-reach boxes, pull-up bars, broad jump mats and markings, shuttle run sets, stopwatches, mats, whistles and number tags. Bulk pricing for schools and institutions.',
    path: '/napfa',
    matches,
  });

export async function loader() {
  // Products come from the catalogue (cached), so staff edits to a name or picture show here; an
  // item whose product was deleted stays on the page without an Add to Cart button.
  const found = await Promise.all(napfaItems.map((item) => getProduct(item.productId)));
  return {
    items: napfaItems.map((item, i) => {
      const product = found[i];
      return {
        ...item,
        product: product
          ? { id: product.id, name: product.name, image: product.images[0] ?? null }
          : null,
      };
    }),
  };
}

// A phone shows each item as a row with a 128 px picture (room for the button beside it); then
// two columns from 640 px, three from 1024 px, four from 1280 px, in a page at most 1280 px wide.
const NAPFA_IMAGE_SIZES =
  '(min-width: 1280px) 296px, (min-width: 1024px) calc((100vw - 72px) / 3), (min-width: 640px) calc(50vw - 26px), 128px';

export default function Napfa({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={napfaTitle} subtitle={napfaSubtitle} />
      <div className="mx-auto max-w-7xl px-4 py-10 sm:py-14">
        <div className="flex flex-col gap-4 rounded-xl border border-accent-500/40 bg-orange-50 p-5 sm:flex-row sm:items-center sm:p-6">
          <BadgePercent aria-hidden className="size-8 shrink-0 text-accent-700" />
          <p className="text-slate-800">
            <strong className="font-semibold">Wholesale range.</strong> {napfaBulkPricing}
          </p>
        </div>

        <h2 className="mt-10 text-2xl font-bold tracking-tight text-slate-900">
          The range: {loaderData.items.length} items
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3 xl:grid-cols-4">
          {loaderData.items.map((item, i) => (
            <li key={item.productId} className="flex">
              <article
                aria-labelledby={`napfa-${item.productId}`}
                className="flex w-full overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm sm:flex-col"
              >
                <div className="aspect-square w-32 shrink-0 self-start overflow-hidden bg-slate-100 sm:w-auto sm:self-auto">
                  {item.product?.image ? (
                    <img
                      src={item.product.image.src}
                      srcSet={item.product.image.srcSet}
                      sizes={NAPFA_IMAGE_SIZES}
                      width={item.product.image.width}
                      height={item.product.image.height}
                      alt=""
                      // The first four are in view at once on a phone or a desktop; the rest wait for scrolling.
                      loading={i < 4 ? 'eager' : 'lazy'}
                      className="size-full object-cover"
                    />
                  ) : null}
                </div>
                <div className="flex min-w-0 flex-1 flex-col p-4 sm:p-5">
                  <h3
                    id={`napfa-${item.productId}`}
                    className="font-bold text-slate-900 sm:text-lg"
                  >
                    {item.product?.name ?? item.name}
                  </h3>
                  <p className="mt-1 flex-1 text-sm text-slate-700">{item.description}</p>
                  {item.product ? (
                    <div className="mt-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
                      <AddToCartButton
                        product={{
                          id: item.product.id,
                          name: item.product.name,
                          imageUrl: item.product.image?.src ?? null,
                        }}
                      />
                      <Link
                        to={`/products/${item.product.id}`}
                        className="text-sm font-semibold text-brand-700 hover:underline"
                      >
                        Details<span className="sr-only">: {item.product.name}</span>
                      </Link>
                    </div>
                  ) : (
                    <p className="mt-4 text-sm text-slate-600">Ask us about this item.</p>
                  )}
                </div>
              </article>
            </li>
          ))}
        </ul>

        <section
          aria-labelledby="napfa-how"
          className="on-dark mt-12 grid gap-6 rounded-xl bg-brand-900 p-6 text-white sm:p-10 md:grid-cols-[auto_1fr]"
        >
          <ClipboardList aria-hidden className="size-10 text-accent-500" />
          <div>
            <h2 id="napfa-how" className="text-xl font-bold">
              Equipping a whole school for test day?
            </h2>
            <p className="mt-2 max-w-3xl text-brand-50">
              Tell us your enrolment and how many stations you run at once; we propose a set,
              deliver before your test window and can mark broad jump lanes on your hall floor.
              Schools and institutions can quote a GeBIZ or purchase order reference with the
              enquiry.
            </p>
            <div className="mt-5 flex flex-wrap gap-3">
              <Link
                to="/cart"
                className="rounded-md bg-accent-600 px-5 py-2.5 font-semibold text-white hover:bg-accent-700"
              >
                Review my enquiry
              </Link>
              <Link
                to="/contact-us"
                className="rounded-md bg-white/10 px-5 py-2.5 font-semibold text-white hover:bg-white/20"
              >
                Ask a question
              </Link>
            </div>
          </div>
        </section>
      </div>
    </>
  );
}
