import { Link, Outlet, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/admin';
import '~/admin.css';
import { AdminPageHeader, AdminShell } from '~/components/admin/admin-shell';
import { ErrorPage } from '~/components/layout/error-page';
import { adminMeta } from '~/lib/admin-meta';
import { errorText } from '~/lib/error-text';
import { inboxCounts } from '~/services/admin/overview.server';
import { refusePosts, requireAdmin } from '~/services/permissions.server';
import { siteInfo } from '~/services/site.server';

// A failed page (ErrorBoundary below) is titled by what happened.
export const meta: Route.MetaFunction = ({ error }) =>
  adminMeta(error ? errorText(error).title : 'Back office');

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

/**
 * A back-office page that failed (an unknown address, a product another admin has deleted) stays
 * in the back office's frame, with the ways back. When the guard itself refused (a customer's
 * 403), there is no back-office data: the shop's error page, in the shop's frame.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>('routes/admin');
  if (!data) return <ErrorPage error={error} />;
  const { title, detail, stack } = errorText(error);
  const link =
    'rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50';
  return (
    <AdminShell {...data}>
      <AdminPageHeader title={title} description={detail} />
      <div className="flex flex-wrap gap-2">
        <Link to="/admin/list" className={link}>
          Manage Products
        </Link>
        <Link to="/admin/enquiries" className={link}>
          Enquiries
        </Link>
        <Link to="/admin" className={link}>
          Back office home
        </Link>
      </div>
      {stack ? <pre className="mt-8 overflow-auto text-xs">{stack}</pre> : null}
    </AdminShell>
  );
}
