import { redirect } from 'react-router';
import type { Route } from './+types/admin._index';
import { requireAdmin } from '~/services/permissions.server';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect('/admin/list');
}
