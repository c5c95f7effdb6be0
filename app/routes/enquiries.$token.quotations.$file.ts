import type { Route } from './+types/enquiries.$token.quotations.$file';
import { getEnquiryByToken } from '~/services/enquiries/enquiries.server';
import { pdfResponse, quotationNotFound } from '~/services/inbox/pdf-response.server';
import { getQuotationPdf } from '~/services/inbox/quotations.server';

/**
 * Any quotation revision of a guest's enquiry, through the unguessable link of the enquiry (the
 * same key as its confirmation page; server/headers.ts keeps it out of Referer headers and
 * caches), so a guest finds a quotation again without its e-mail. A wrong token or a quotation of
 * another enquiry is a plain 404.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const found = await getEnquiryByToken(params.token);
  const file = found ? await getQuotationPdf(found.enquiry.id, params.file) : null;
  if (!file) return quotationNotFound(['/', 'Back to the shop']);
  return pdfResponse(file);
}
