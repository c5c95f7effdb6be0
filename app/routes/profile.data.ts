import type { Route } from './+types/profile.data';
import { requireUser } from '~/services/permissions.server';
import { personDataDownload } from '~/services/privacy/export-response.server';

/** The signed-in customer's data, as JSON (`/profile/data.json`) or HTML (`/profile/data.html`). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const format = new URL(request.url).pathname.endsWith('.json') ? 'json' : 'html';
  return (await personDataDownload(user.email, format)).response;
}
