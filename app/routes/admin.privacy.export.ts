import type { Route } from './+types/admin.privacy.export';
import { PersonLookupSchema } from '~/lib/schemas/privacy';
import { readForm } from '~/services/forms.server';
import { requireAdmin } from '~/services/permissions.server';
import { exportPersonForStaff } from '~/services/privacy/requests.server';
import { plainPage } from '~/services/request-state.server';

/** Nothing to show here: only the export's post is answered (after the guard). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  throw new Response('Not found', { status: 404 });
}

/**
 * An access request carried out: the address's data as JSON or HTML, logged in Activity. A native
 * form posts here (the answer is a file), so a refusal is a small page with the way back.
 */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  const parsed = PersonLookupSchema.safeParse({ email: form.get('email') ?? '' });
  const format = form.get('format');
  if (!parsed.success || (format !== 'json' && format !== 'html'))
    return new Response(
      plainPage(
        'Export refused',
        'The export needs an e-mail address and a format (JSON or HTML).',
        [['/admin/privacy', 'Back to Personal data requests']],
      ),
      { status: 400, headers: { 'Content-Type': 'text/html; charset=utf-8' } },
    );
  return exportPersonForStaff({ id: admin.id, name: admin.name }, parsed.data.email, format);
}
