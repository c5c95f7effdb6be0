import type { Route } from './+types/cart';
import { PlannedPage } from '~/components/layout/page-header';
import { seo } from '~/lib/meta';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'My Cart',
    description: 'Your cart of products to enquire about.',
    path: '/cart',
    matches,
  });

export default function Page() {
  return <PlannedPage title="My Cart" />;
}
