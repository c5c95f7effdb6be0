import { data, Link } from 'react-router';
import type { Route } from './+types/orders.$id';
import { EnquiryCard } from '~/components/orders/enquiry-card';
import { pageTitle } from '~/lib/meta';
import { getEnquiry } from '~/services/enquiries/enquiries.server';
import { requireUser } from '~/services/permissions.server';

export const meta: Route.MetaFunction = ({ data: d, matches }) => [
  { title: pageTitle(d?.enquiry.reference ?? 'Enquiry', matches) },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  const enquiry = id ? await getEnquiry(user.id, id) : null;
  // Someone else's enquiry is indistinguishable from a missing one.
  if (!enquiry) throw data('Enquiry not found', { status: 404 });
  return { enquiry };
}

export default function Enquiry({ loaderData }: Route.ComponentProps) {
  const { enquiry } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <Link to="/orders" className="text-sm font-semibold text-brand-700 hover:underline">
        ← My Orders
      </Link>
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-slate-900">
        Enquiry {enquiry.reference}
      </h1>
      <div className="mt-6">
        <EnquiryCard enquiry={enquiry} link={false} />
      </div>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-700">
        <dt className="font-semibold">Contact</dt>
        <dd>
          {[enquiry.contactName, enquiry.contactEmail, enquiry.contactPhone]
            .filter(Boolean)
            .join(' · ')}
        </dd>
        {enquiry.organisation ? (
          <>
            <dt className="font-semibold">Organisation</dt>
            <dd>{enquiry.organisation}</dd>
          </>
        ) : null}
        {enquiry.poReference ? (
          <>
            <dt className="font-semibold">PO / GeBIZ</dt>
            <dd>{enquiry.poReference}</dd>
          </>
        ) : null}
        {enquiry.promoCode ? (
          <>
            <dt className="font-semibold">Promo code</dt>
            <dd>{enquiry.promoCode}</dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}
