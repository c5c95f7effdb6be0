import type { Route } from './+types/admin.enquiries.$id.files.$fileId';
import { attachmentDownload, idParam } from '~/services/attachments/attachments.server';
import { refusePosts, requireAdmin } from '~/services/permissions.server';

/** A file of an enquiry (the buyer's, a reply's, a purchase order) for staff; 404 otherwise. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  return attachmentDownload({ staff: true, enquiryId: idParam(params.id) }, params.fileId, [
    '/admin/enquiries',
    'Back to the enquiries',
  ]);
}

/** Posts here are answered after the guard (permissions.server's refusePosts). */
export async function action({ request }: Route.ActionArgs) {
  return refusePosts(request);
}
