import type { Route } from './+types/enquiries.$token.files.$fileId';
import { attachmentDownload } from '~/services/attachments/attachments.server';

/**
 * A file of a guest's enquiry for whoever holds its link (the link is the key, as for the page
 * itself; server/headers.ts keeps every /enquiries/ answer out of caches and Referers). A wrong
 * link or file is the same 404.
 */
export async function loader({ params }: Route.LoaderArgs) {
  return attachmentDownload({ token: params.token }, params.fileId, ['/', 'Back to the shop']);
}
