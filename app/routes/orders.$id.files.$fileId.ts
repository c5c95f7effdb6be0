import type { Route } from './+types/orders.$id.files.$fileId';
import { attachmentDownload, idParam } from '~/services/attachments/attachments.server';
import { requireUser } from '~/services/permissions.server';

/** A file of a signed-in customer's own enquiry; the same 404 for anyone else's or none. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return attachmentDownload({ userId: user.id, enquiryId: idParam(params.id) }, params.fileId, [
    '/orders',
    'Back to My Enquiries',
  ]);
}
