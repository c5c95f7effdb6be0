import { useActionData } from 'react-router';
import type { Route } from './+types/admin.create-categories';
import { CreateTaxonomyForm } from '~/components/admin/taxonomy/create-taxonomy-form';
import { CATEGORY_COPY } from '~/components/admin/taxonomy/labels';
import { adminMeta } from '~/lib/admin-meta';
import { formValues } from '~/lib/forms';
import { CategoryFormSchema } from '~/lib/schemas/taxonomy';
import { createTaxonomy } from '~/services/catalogue/admin-taxonomy.server';
import { formAction, parseInput, readForm } from '~/services/forms.server';
import { requireAdmin } from '~/services/permissions.server';

export const meta: Route.MetaFunction = () => adminMeta('Add Categories');

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return formAction(async () => {
    const input = parseInput(CategoryFormSchema, formValues(await readForm(request)));
    const category = await createTaxonomy(admin, 'category', input);
    return { ok: true as const, created: { id: category.id, name: category.name } };
  });
}

export default function CreateCategory() {
  return <CreateTaxonomyForm copy={CATEGORY_COPY} result={useActionData<typeof action>()} />;
}
