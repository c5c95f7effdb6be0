import type { Route } from './+types/admin.list';
import { PlannedPage } from '~/components/layout/page-header';
import { pageTitle } from '~/lib/meta';
import { requireAdmin } from '~/services/permissions.server';

export const meta = () => [
  { title: pageTitle('Manage Products') },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return { name: admin.name };
}

export default function AdminList({ loaderData }: Route.ComponentProps) {
  return (
    <PlannedPage title="Manage Products">
      <p>Signed in as {loaderData.name}. Product management arrives with the admin work.</p>
    </PlannedPage>
  );
}
