import { stringify } from 'csv-stringify/sync';
import type { Route } from './+types/admin.import.$id.report';
import { idParam } from '~/lib/route-id';
import { exportCell } from '~/services/catalogue/spreadsheet/format.server';
import { getImportJob, importReportRows } from '~/services/catalogue/spreadsheet/import.server';
import { refusePosts, requireAdmin } from '~/services/permissions.server';

/**
 * A checked import's report as CSV: every error (row, column, problem), then every row it would
 * create or update with the fields it changes. Cells are neutralised against formulas.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const job = await getImportJob(idParam(params.id));
  if (!job) throw new Response('Import not found', { status: 404, statusText: 'Not Found' });
  const rows = await importReportRows(job.id);
  const records = [
    ['Row', 'Column', 'Action', 'Product', 'Details'],
    ...job.issues.map((i) => [String(i.row), i.column, 'Error', '', i.message]),
    ...rows.map((r) => [
      String(r.row),
      '',
      r.action === 'create' ? 'Create' : 'Update',
      r.productId ? `${r.name} (ID ${r.productId})` : r.name,
      r.action === 'create' ? 'New product' : r.changes.join(', '),
    ]),
  ].map((r) => r.map(exportCell));
  return new Response(stringify(records, { bom: true, record_delimiter: 'windows' }), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="import-${job.id}-report.csv"`,
      'X-Robots-Tag': 'noindex, nofollow',
    },
  });
}

export async function action({ request }: Route.ActionArgs) {
  return refusePosts(request);
}
