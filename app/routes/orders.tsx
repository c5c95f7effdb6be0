import { PlannedPage } from '~/components/layout/page-header';
import { pageTitle } from '~/lib/meta';

export const meta = () => [
  { title: pageTitle('My Orders') },
  { name: 'description', content: 'Your past enquiries.' },
];

export default function Page() {
  return <PlannedPage title="My Orders" />;
}
