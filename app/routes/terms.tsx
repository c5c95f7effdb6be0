import type { Route } from './+types/terms';
import { PlannedPage } from '~/components/layout/page-header';
import { seo } from '~/lib/meta';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Terms and Conditions',
    description: 'Terms and conditions of Fieldhouse Sports Engineering.',
    path: '/terms',
    matches,
  });

export default function Page() {
  return <PlannedPage title="Terms and Conditions" />;
}
