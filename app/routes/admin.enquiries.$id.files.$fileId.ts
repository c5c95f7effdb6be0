import type { Route } from './+types/admin.enquiries.$id.files.$fileId';
import {
  attachmentNotFound,
  attachmentResponse,
  getAttachmentFile,
  idParam,
} from '~/services/attachments/attachments.server';
import { requireAdmin } from '~/services/permissions.server';

/** A file of an enquiry (the buyer's, a reply's, a purchase order) for staff; 404 otherwise. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const enquiryId = idParam(params.id);
  const file = await getAttachmentFile({ staff: true, enquiryId }, idParam(params.fileId));
  if (!file) return attachmentNotFound(['/admin/enquiries', 'Back to the enquiries']);
  return attachmentResponse(file);
}
