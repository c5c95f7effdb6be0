import type { Route } from './+types/quotations.$token.$file';
import { downloadResponse, fileNotFound } from '~/services/sales/download.server';
import { getQuotationPdfByToken } from '~/services/sales/responses.server';

/**
 * A revision's PDF for the holder of a link to any revision of the same enquiry: every revision
 * stays readable by the buyer. Anyone else, and a forged link, gets the same 404.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const file = await getQuotationPdfByToken(params.token, params.file);
  if (!file) return fileNotFound('Quotation not found', ['/', 'Back to the shop']);
  return downloadResponse({
    fileName: `${file.number}.pdf`,
    contentType: 'application/pdf',
    data: file.pdf,
  });
}
