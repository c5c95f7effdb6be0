import type { Route } from './+types/orders.$id.files.$fileId';
import {
  attachmentNotFound,
  attachmentResponse,
  getAttachmentFile,
  idParam,
} from '~/services/attachments/attachments.server';
import { requireUser } from '~/services/permissions.server';

/** A file of a signed-in customer's own enquiry; the same 404 for anyone else's or none. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const access = { userId: user.id, enquiryId: idParam(params.id) };
  const file = await getAttachmentFile(access, idParam(params.fileId));
  if (!file) return attachmentNotFound(['/orders', 'Back to My Orders']);
  return attachmentResponse(file);
}
