import type { Route } from './+types/admin.enquiries.$id.attachments.$attachmentId';
import { refusePosts, requireAdmin } from '~/services/permissions.server';
import { downloadResponse, fileNotFound } from '~/services/sales/download.server';
import { getEnquiryAttachment } from '~/services/sales/responses.server';

const idOf = (param: string) => (/^\d{1,9}$/.test(param) ? Number(param) : 0);

/** A private file of an enquiry (a buyer's purchase order), for staff, from private storage. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const enquiryId = idOf(params.id);
  const attachmentId = idOf(params.attachmentId);
  const file =
    enquiryId && attachmentId ? await getEnquiryAttachment(enquiryId, attachmentId) : null;
  if (!file) return fileNotFound('File not found', ['/admin/enquiries', 'Back to the enquiries']);
  return downloadResponse(file);
}

/** Posts here are answered after the guard (permissions.server's refusePosts). */
export async function action({ request }: Route.ActionArgs) {
  return refusePosts(request);
}
