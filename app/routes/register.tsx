import type { Route } from './+types/register';
import { PlannedPage } from '~/components/layout/page-header';
import { seo } from '~/lib/meta';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Register',
    description: 'Create a Fieldhouse account to keep your cart and see your enquiries.',
    path: '/register',
    matches,
  });

export default function Page() {
  return <PlannedPage title="Register" />;
}
