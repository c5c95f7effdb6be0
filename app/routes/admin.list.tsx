import type { Route } from './+types/admin.list';
import { AdminPageHeader } from '~/components/admin/admin-shell';
import { adminMeta } from '~/lib/admin-meta';
import { requireAdmin } from '~/services/permissions.server';

export const meta: Route.MetaFunction = () => adminMeta('Manage Products');

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminList() {
  return <AdminPageHeader title="Manage Products" description="Built with the catalogue work." />;
}
