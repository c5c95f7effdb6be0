import type { Route } from './+types/enquiries.$token.files.$fileId';
import {
  attachmentNotFound,
  attachmentResponse,
  getAttachmentFile,
  idParam,
} from '~/services/attachments/attachments.server';

/**
 * A file of a guest's enquiry for whoever holds its link (the link is the key, as for the page
 * itself; server/headers.ts keeps every /enquiries/ answer out of caches and Referers). A wrong
 * link or file is the same 404.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const file = await getAttachmentFile({ token: params.token }, idParam(params.fileId));
  if (!file) return attachmentNotFound(['/', 'Back to the shop']);
  return attachmentResponse(file);
}
