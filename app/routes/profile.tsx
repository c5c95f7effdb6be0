import { PlannedPage } from '~/components/layout/page-header';
import { pageTitle } from '~/lib/meta';

export const meta = () => [
  { title: pageTitle('Profile') },
  { name: 'description', content: 'Your Fieldhouse account.' },
];

export default function Page() {
  return <PlannedPage title="Profile" />;
}
