import { PlannedPage } from '~/components/layout/page-header';
import { pageTitle } from '~/lib/meta';

export const meta = () => [
  { title: pageTitle('Register') },
  {
    name: 'description',
    content: 'Create a Fieldhouse account to keep your cart and see your enquiries.',
  },
];

export default function Page() {
  return <PlannedPage title="Register" />;
}
