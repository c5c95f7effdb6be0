import type { Route } from './+types/orders.$id.invoices.$file';
import { requireUser } from '~/services/permissions.server';
import { documentNotFound, documentResponse } from '~/services/sales/document-response.server';
import { getDocumentPdf } from '~/services/sales/invoices.server';
import { idParam } from '~/lib/route-id';

/** A tax invoice or credit note for the signed-in buyer whose enquiry it is; 404 for anyone else. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const enquiryId = idParam(params.id);
  const file = enquiryId
    ? await getDocumentPdf(params.file, { ownerId: user.id, enquiryId })
    : null;
  if (!file) return documentNotFound(['/orders', 'Back to My Enquiries']);
  return documentResponse(file);
}
