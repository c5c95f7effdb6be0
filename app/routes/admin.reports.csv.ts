import type { Route } from './+types/admin.reports.csv';
import { readReportPeriods } from '~/lib/report-period';
import { REPORT_TABLE_IDS, reportTable, type ReportTableId } from '~/lib/report-tables';
import { refusePosts, requireAdmin } from '~/services/permissions.server';
import { reportCsv } from '~/services/reports/csv.server';
import { buildReport } from '~/services/reports/reports.server';

/**
 * One table of the reports page as CSV (`?table=weekly&from=…&to=…`, the page's own period).
 * server/headers.ts answers every /admin address `Cache-Control: no-store`.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const table = params.get('table') ?? '';
  const { periods, error } = readReportPeriods(params, new Date());
  if (error || !(REPORT_TABLE_IDS as readonly string[]).includes(table))
    return new Response(error ?? `Unknown table: choose one of ${REPORT_TABLE_IDS.join(', ')}.`, {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  const report = await buildReport(periods);
  const csv = reportCsv(reportTable(report, table as ReportTableId), periods.current);
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="report-${table}-${periods.current.from}-to-${periods.current.to}.csv"`,
      'X-Robots-Tag': 'noindex, nofollow',
    },
  });
}

/** Posts here are answered after the guard (permissions.server's refusePosts). */
export async function action({ request }: Route.ActionArgs) {
  return refusePosts(request);
}
