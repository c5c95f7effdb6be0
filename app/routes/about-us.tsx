import type { Route } from './+types/about-us';
import { PlannedPage } from '~/components/layout/page-header';
import { seo } from '~/lib/meta';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'About Us',
    description:
      'About Fieldhouse Sports Engineering, sports equipment and court specialists in Singapore.',
    path: '/about-us',
    matches,
  });

export default function Page() {
  return <PlannedPage title="About Us" />;
}
