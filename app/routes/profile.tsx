import type { Route } from './+types/profile';
import { PlannedPage } from '~/components/layout/page-header';
import { seo } from '~/lib/meta';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: 'Profile', description: 'Your Fieldhouse account.', path: '/profile', matches });

export default function Page() {
  return <PlannedPage title="Profile" />;
}
