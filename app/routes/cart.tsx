import { PlannedPage } from '~/components/layout/page-header';
import { pageTitle } from '~/lib/meta';

export const meta = () => [
  { title: pageTitle('My Cart') },
  { name: 'description', content: 'Your cart of products to enquire about.' },
];

export default function Page() {
  return <PlannedPage title="My Cart" />;
}
