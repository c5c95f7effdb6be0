import type { Route } from './+types/admin.enquiries.$id.files.$fileId';
import { attachmentDownload, idParam } from '~/services/attachments/attachments.server';
import { requireAdmin } from '~/services/permissions.server';

/** A file of an enquiry (the buyer's, a reply's, a purchase order) for staff; 404 otherwise. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  return attachmentDownload({ staff: true, enquiryId: idParam(params.id) }, params.fileId, [
    '/admin/enquiries',
    'Back to the enquiries',
  ]);
}
