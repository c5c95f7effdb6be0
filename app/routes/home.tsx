import { Link } from 'react-router';
import type { Route } from './+types/home';
import { ProductCard } from '~/components/catalogue/product-card';
import { pageTitle } from '~/lib/meta';
import { listProducts } from '~/services/catalogue/products.server';

export const meta = () => [
  { title: pageTitle('Sports equipment and courts for Singapore schools') },
  {
    name: 'description',
    content:
      'Goalposts, basketball hoops, nets, court taping and coating, sports flooring and NAPFA test equipment. Request a quote online.',
  },
];

export async function loader() {
  const { items } = await listProducts({ page: 1 });
  return { newest: items.slice(0, 8) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-600 text-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:py-24">
          <p className="text-sm font-semibold tracking-widest text-accent-500 uppercase">
            Singapore sports engineering
          </p>
          <h1 className="mt-3 max-w-2xl text-4xl font-extrabold tracking-tight sm:text-5xl">
            Equipment and courts that schools trust
          </h1>
          <p className="mt-4 max-w-xl text-lg text-brand-100">
            Goalposts, hoops, nets, court taping and coating, and NAPFA test equipment. Browse the
            catalogue and send us an enquiry for a quote.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link
              to="/shop"
              className="rounded-md bg-accent-600 px-5 py-3 font-semibold text-white hover:bg-accent-500"
            >
              Explore the catalogue
            </Link>
            <Link
              to="/contact-us"
              className="rounded-md border border-white/40 px-5 py-3 font-semibold hover:bg-white/10"
            >
              Contact us
            </Link>
          </div>
        </div>
      </section>
      <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby="new-products">
        <h2 id="new-products" className="text-2xl font-bold tracking-tight">
          New products
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {loaderData.newest.map((product) => (
            <li key={product.id} className="flex">
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
