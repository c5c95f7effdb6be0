import { ImageOff, Inbox, Mail, Package, Plus, Tags, Trophy } from 'lucide-react';
import { Link, useRouteLoaderData } from 'react-router';
import type { loader as adminLoader } from './admin';
import type { Route } from './+types/admin._index';
import { AdminPageHeader } from '~/components/admin/admin-shell';
import { adminMeta } from '~/lib/admin-meta';
import { catalogueOverview } from '~/services/admin/overview.server';
import { refusePosts, requireAdmin } from '~/services/permissions.server';

export const meta: Route.MetaFunction = () => adminMeta('Dashboard');

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return { name: admin.name, catalogue: await catalogueOverview() };
}

function Tile({
  to,
  label,
  value,
  icon: Icon,
  tone = 'default',
}: {
  to: string;
  label: string;
  value: number;
  icon: React.ComponentType<{ 'aria-hidden'?: boolean; className?: string }>;
  tone?: 'default' | 'attention';
}) {
  return (
    <Link
      to={to}
      className="group flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-600 sm:flex-row sm:items-center sm:gap-4 sm:p-5"
    >
      <span
        className={`flex size-11 items-center justify-center rounded-lg ${tone === 'attention' && value > 0 ? 'bg-accent-600 text-white' : 'bg-brand-50 text-brand-700'}`}
      >
        <Icon aria-hidden className="size-5" />
      </span>
      <span>
        <span className="block text-2xl font-extrabold text-slate-900">{value}</span>
        <span className="text-sm text-slate-600 group-hover:text-brand-700">{label}</span>
      </span>
    </Link>
  );
}

/** Posts here are answered after the guard (permissions.server's refusePosts). */
export async function action({ request }: Route.ActionArgs) {
  return refusePosts(request);
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { name, catalogue } = loaderData;
  // The layout's loader counts the inbox for the navigation; the tiles show the same figures.
  const inbox = useRouteLoaderData<typeof adminLoader>('routes/admin')!.counts;
  return (
    <>
      <AdminPageHeader
        title="Dashboard"
        description={`Welcome back, ${name}. Here is what needs attention.`}
        actions={
          <Link
            to="/admin/create"
            className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
          >
            <Plus aria-hidden className="size-4" /> Create New
          </Link>
        }
      />
      <h2 className="mb-3 text-sm font-semibold tracking-wide text-slate-600 uppercase">Inbox</h2>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <Tile
          to="/admin/enquiries?status=new"
          label="New enquiries"
          value={inbox.newEnquiries}
          icon={Inbox}
          tone="attention"
        />
        <Tile
          to="/admin/messages"
          label="Open messages"
          value={inbox.openMessages}
          icon={Mail}
          tone="attention"
        />
      </div>
      <h2 className="mt-8 mb-3 text-sm font-semibold tracking-wide text-slate-600 uppercase">
        Catalogue
      </h2>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <Tile to="/admin/list" label="Products" value={catalogue.products} icon={Package} />
        <Tile to="/admin/sports" label="Sports" value={catalogue.sports} icon={Trophy} />
        <Tile to="/admin/categories" label="Categories" value={catalogue.categories} icon={Tags} />
        <Tile
          to="/admin/list?images=none"
          label="Products without images"
          value={catalogue.withoutImages}
          icon={ImageOff}
          tone="attention"
        />
      </div>
    </>
  );
}
