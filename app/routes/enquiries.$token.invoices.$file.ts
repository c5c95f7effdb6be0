import type { Route } from './+types/enquiries.$token.invoices.$file';
import { getEnquiryByToken } from '~/services/enquiries/enquiries.server';
import { documentNotFound, documentResponse } from '~/services/sales/document-response.server';
import { getDocumentPdf } from '~/services/sales/invoices.server';

/**
 * A guest's tax invoice or credit note, through the unguessable link of their enquiry (the same
 * key as the confirmation page; server/headers.ts keeps it out of Referer headers and caches).
 * A wrong token or a document of another enquiry is a plain 404.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const found = await getEnquiryByToken(params.token);
  const file = found ? await getDocumentPdf(params.file, { enquiryId: found.enquiry.id }) : null;
  if (!file) return documentNotFound(['/', 'Back to the shop']);
  return documentResponse(file);
}
