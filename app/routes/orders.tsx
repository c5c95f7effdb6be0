import type { Route } from './+types/orders';
import { PlannedPage } from '~/components/layout/page-header';
import { seo } from '~/lib/meta';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: 'My Orders', description: 'Your past enquiries.', path: '/orders', matches });

export default function Page() {
  return <PlannedPage title="My Orders" />;
}
