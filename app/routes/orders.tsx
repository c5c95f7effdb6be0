import { Link } from 'react-router';
import type { Route } from './+types/orders';
import { EnquiryCard } from '~/components/orders/enquiry-card';
import { seo } from '~/lib/meta';
import { listEnquiries } from '~/services/enquiries/enquiries.server';
import { customerActivitySummary } from '~/services/inbox/customer.server';
import { getUser } from '~/services/permissions.server';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({
    title: 'My Enquiries',
    description: 'Your enquiries, their quotations and orders.',
    path: '/orders',
    matches,
  }),
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  const enquiries = user ? await listEnquiries(user.id) : [];
  const activity = await customerActivitySummary(enquiries.map((e) => e.id));
  return { signedIn: Boolean(user), enquiries, activity };
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { signedIn, enquiries, activity } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">My Enquiries</h1>
      {!signedIn ? (
        <div className="mt-6 rounded-xl border border-slate-200 bg-white p-8 text-center">
          <p className="text-lg font-semibold">Please log in to view your enquiries</p>
          <Link
            to="/login?redirectTo=/orders"
            className="mt-4 inline-block rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
          >
            Log In
          </Link>
        </div>
      ) : enquiries.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="text-lg font-semibold">You have not sent any enquiries yet</p>
          <Link to="/shop" className="mt-3 inline-block font-semibold text-brand-700 underline">
            Browse the catalogue
          </Link>
        </div>
      ) : (
        <ul className="mt-6 space-y-4">
          {enquiries.map((enquiry) => (
            <li key={enquiry.id}>
              <EnquiryCard enquiry={enquiry} activity={activity[enquiry.id]} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
