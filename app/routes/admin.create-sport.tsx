import { useActionData } from 'react-router';
import type { Route } from './+types/admin.create-sport';
import { CreateTaxonomyForm } from '~/components/admin/taxonomy/create-taxonomy-form';
import { SPORT_COPY } from '~/components/admin/taxonomy/labels';
import { adminMeta } from '~/lib/admin-meta';
import { taxonomyCreateAction } from './admin.taxonomy-actions.server';
import { requireAdmin } from '~/services/permissions.server';

export const meta: Route.MetaFunction = () => adminMeta('Add Sports');

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return taxonomyCreateAction(admin, 'sport', request);
}

export default function CreateSport() {
  return <CreateTaxonomyForm copy={SPORT_COPY} result={useActionData<typeof action>()} />;
}
