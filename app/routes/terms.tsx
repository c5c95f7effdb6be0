import { PlannedPage } from '~/components/layout/page-header';
import { pageTitle } from '~/lib/meta';

export const meta = () => [
  { title: pageTitle('Terms and Conditions') },
  { name: 'description', content: 'Terms and conditions of Fieldhouse Sports Engineering.' },
];

export default function Page() {
  return <PlannedPage title="Terms and Conditions" />;
}
