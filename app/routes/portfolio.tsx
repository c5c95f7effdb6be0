import type { Route } from './+types/portfolio';
import { PlannedPage } from '~/components/layout/page-header';
import { seo } from '~/lib/meta';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Our Projects',
    description:
      'Goalposts, basketball hoops and acrylic court coating for schools, sports councils and clubs.',
    path: '/portfolio',
    matches,
  });

export default function Page() {
  return <PlannedPage title="Our Projects" />;
}
