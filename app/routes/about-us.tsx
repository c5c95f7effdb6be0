import { PlannedPage } from '~/components/layout/page-header';
import { pageTitle } from '~/lib/meta';

export const meta = () => [
  { title: pageTitle('About Us') },
  {
    name: 'description',
    content:
      'About Fieldhouse Sports Engineering, sports equipment and court specialists in Singapore.',
  },
];

export default function Page() {
  return <PlannedPage title="About Us" />;
}
