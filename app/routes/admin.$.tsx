import { data } from 'react-router';
import type { Route } from './+types/admin.$';
import { requireAdmin } from '~/services/permissions.server';

// An unknown back-office address: the guard first (a guest signs in, a customer gets 403), then
// 404 for the admin. The action answers the same way, so a post there is never a 405 to a guest.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  throw data('Not found', { status: 404 });
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  throw data('Not found', { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
