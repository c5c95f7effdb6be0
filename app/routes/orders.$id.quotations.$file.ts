import type { Route } from './+types/orders.$id.quotations.$file';
import { pdfResponse, quotationNotFound } from '~/services/inbox/pdf-response.server';
import { getQuotationPdf } from '~/services/inbox/quotations.server';
import { requireUser } from '~/services/permissions.server';
import { idParam } from '~/lib/route-id';

/** A quotation's PDF for the signed-in customer whose enquiry it is; 404 for everyone else. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const id = idParam(params.id);
  const file = id ? await getQuotationPdf(id, params.file, user.id) : null;
  if (!file) return quotationNotFound(['/orders', 'Back to My Enquiries']);
  return pdfResponse(file);
}
