import { useActionData } from 'react-router';
import type { Route } from './+types/admin.sports';
import { SPORT_COPY } from '~/components/admin/taxonomy/labels';
import { TaxonomyList } from '~/components/admin/taxonomy/taxonomy-list';
import { adminMeta } from '~/lib/admin-meta';
import { listTaxonomy } from '~/services/catalogue/admin-taxonomy.server';
import { taxonomyListAction } from './admin.taxonomy-actions.server';
import { requireAdmin } from '~/services/permissions.server';

export const meta: Route.MetaFunction = () => adminMeta('Sports');

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { entries: await listTaxonomy('sport') };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return taxonomyListAction(admin, 'sport', request);
}

export default function AdminSports({ loaderData }: Route.ComponentProps) {
  return (
    <TaxonomyList
      copy={SPORT_COPY}
      entries={loaderData.entries}
      result={useActionData<typeof action>()}
    />
  );
}
