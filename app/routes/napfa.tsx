import { PlannedPage } from '~/components/layout/page-header';
import { pageTitle } from '~/lib/meta';

export const meta = () => [
  { title: pageTitle('NAPFA Test Equipment') },
  {
    name: 'description',
    content:
      'Wholesale NAPFA fitness-test equipment for schools and institutions, with bulk pricing.',
  },
];

export default function Page() {
  return <PlannedPage title="NAPFA Test Equipment" />;
}
