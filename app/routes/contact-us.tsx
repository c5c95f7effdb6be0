import type { Route } from './+types/contact-us';
import { PlannedPage } from '~/components/layout/page-header';
import { seo } from '~/lib/meta';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Contact Us',
    description: 'Contact Fieldhouse Sports Engineering for quotes, flooring and court services.',
    path: '/contact-us',
    matches,
  });

export default function Page() {
  return <PlannedPage title="Contact Us" />;
}
