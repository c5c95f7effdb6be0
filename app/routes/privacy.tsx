import type { Route } from './+types/privacy';
import { PlannedPage } from '~/components/layout/page-header';
import { seo } from '~/lib/meta';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Privacy Notice',
    description:
      'How Fieldhouse Sports Engineering handles personal data under the Singapore PDPA.',
    path: '/privacy',
    matches,
  });

export default function Page() {
  return <PlannedPage title="Privacy Notice" />;
}
