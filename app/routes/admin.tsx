import { Outlet } from 'react-router';
import type { Route } from './+types/admin';
import '~/admin.css';
import { AdminShell } from '~/components/admin/admin-shell';
import { adminMeta } from '~/lib/admin-meta';
import { inboxCounts } from '~/services/admin/overview.server';
import { refusePosts, requireAdmin } from '~/services/permissions.server';
import { siteInfo } from '~/services/site.server';

export const meta: Route.MetaFunction = () => adminMeta('Back office');

// Search engines must not index the back office, whatever a page's own meta says.
export const headers: Route.HeadersFunction = () => ({ 'X-Robots-Tag': 'noindex, nofollow' });

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return {
    admin: { name: admin.name, email: admin.email },
    counts: await inboxCounts(),
    siteName: siteInfo().name,
  };
}

/** Posts here are answered after the guard (permissions.server's refusePosts). */
export async function action({ request }: Route.ActionArgs) {
  return refusePosts(request);
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell {...loaderData}>
      <Outlet />
    </AdminShell>
  );
}
