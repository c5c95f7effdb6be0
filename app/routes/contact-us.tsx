import { PlannedPage } from '~/components/layout/page-header';
import { pageTitle } from '~/lib/meta';

export const meta = () => [
  { title: pageTitle('Contact Us') },
  {
    name: 'description',
    content: 'Contact Fieldhouse Sports Engineering for quotes, flooring and court services.',
  },
];

export default function Page() {
  return <PlannedPage title="Contact Us" />;
}
