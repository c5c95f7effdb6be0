import { useActionData } from 'react-router';
import type { Route } from './+types/admin.categories';
import { CATEGORY_COPY } from '~/components/admin/taxonomy/labels';
import { TaxonomyList } from '~/components/admin/taxonomy/taxonomy-list';
import { adminMeta } from '~/lib/admin-meta';
import { listTaxonomy } from '~/services/catalogue/admin-taxonomy.server';
import { taxonomyListAction } from './admin.taxonomy-actions.server';
import { requireAdmin } from '~/services/permissions.server';

export const meta: Route.MetaFunction = () => adminMeta('Categories');

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { entries: await listTaxonomy('category') };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return taxonomyListAction(admin, 'category', request);
}

export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  return (
    <TaxonomyList
      copy={CATEGORY_COPY}
      entries={loaderData.entries}
      result={useActionData<typeof action>()}
    />
  );
}
