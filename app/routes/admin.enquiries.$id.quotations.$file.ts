import type { Route } from './+types/admin.enquiries.$id.quotations.$file';
import { getQuotationPdf } from '~/services/inbox/quotations.server';
import { refusePosts, requireAdmin } from '~/services/permissions.server';
import { pdfResponse, quotationNotFound } from '~/services/inbox/pdf-response.server';
import { idParam } from '~/lib/route-id';

/** A quotation's PDF as it was sent, for staff. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = idParam(params.id);
  const file = id ? await getQuotationPdf(id, params.file) : null;
  if (!file) return quotationNotFound(['/admin/enquiries', 'Back to the enquiries']);
  return pdfResponse(file);
}

/** Posts here are answered after the guard (permissions.server's refusePosts). */
export async function action({ request }: Route.ActionArgs) {
  return refusePosts(request);
}
