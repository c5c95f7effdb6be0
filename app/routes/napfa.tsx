import type { Route } from './+types/napfa';
import { PlannedPage } from '~/components/layout/page-header';
import { seo } from '~/lib/meta';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'NAPFA Test Equipment',
    description:
      'Wholesale NAPFA fitness-test equipment for schools and institutions, with bulk pricing.',
    path: '/napfa',
    matches,
  });

export default function Page() {
  return <PlannedPage title="NAPFA Test Equipment" />;
}
