import { PlannedPage } from '~/components/layout/page-header';
import { pageTitle } from '~/lib/meta';

export const meta = () => [
  { title: pageTitle('Our Projects') },
  {
    name: 'description',
    content:
      'Goalposts, basketball hoops and acrylic court coating for schools, sports councils and clubs.',
  },
];

export default function Page() {
  return <PlannedPage title="Our Projects" />;
}
