import type { Route } from './+types/admin.orders.$id.documents.$file';
import { refusePosts, requireAdmin } from '~/services/permissions.server';
import { documentNotFound, documentResponse } from '~/services/sales/document-response.server';
import { getDocumentPdf } from '~/services/sales/invoices.server';
import { idParam } from '~/lib/route-id';

/** An order's tax invoice or credit note as issued, for staff. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const orderId = idParam(params.id);
  const file = orderId ? await getDocumentPdf(params.file, { staff: true, orderId }) : null;
  if (!file) return documentNotFound(['/admin/orders', 'Back to the orders']);
  return documentResponse(file);
}

/** Posts here are answered after the guard (permissions.server's refusePosts). */
export async function action({ request }: Route.ActionArgs) {
  return refusePosts(request);
}
