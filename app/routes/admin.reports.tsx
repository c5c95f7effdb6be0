import { Download } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { data, Form, Link } from 'react-router';
import type { Route } from './+types/admin.reports';
import { AdminPageHeader } from '~/components/admin/admin-shell';
import { card, primaryButton } from '~/components/admin/inbox/styles';
import type { ChartKind } from '~/components/admin/reports/report-charts';
import { adminMeta } from '~/lib/admin-meta';
import { formatCents } from '~/lib/money';
import { presetPeriods, readReportPeriods } from '~/lib/report-period';
import {
  formatValue,
  reportTable,
  type ReportTable,
  type ReportTableId,
} from '~/lib/report-tables';
import { useHydrated } from '~/lib/use-hydrated';
import { refusePosts, requireAdmin } from '~/services/permissions.server';
import { buildReport, type ReportData } from '~/services/reports/reports.server';

// Recharts comes with this module only, fetched once the page has hydrated.
const ReportChart = lazy(() => import('~/components/admin/reports/report-charts'));

export const meta: Route.MetaFunction = () => adminMeta('Reports');

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const now = new Date();
  const { periods, error } = readReportPeriods(new URL(request.url).searchParams, now);
  const report = await buildReport(periods, now);
  const page = { report, error: error ?? null, presets: presetPeriods(now) };
  // A period that cannot be read: the default period's figures, with the reason, as a 400.
  return error ? data(page, { status: 400 }) : page;
}

/** Posts here are answered after the guard (permissions.server's refusePosts). */
export async function action({ request }: Route.ActionArgs) {
  return refusePosts(request);
}

const longDate = (day: string) =>
  new Intl.DateTimeFormat('en-SG', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** "+12% on the previous period", or nothing to compare with. */
function change(current: number | null, previous: number | null): string {
  if (current === null || previous === null) return 'no comparison';
  if (previous === 0) return current === 0 ? 'no change' : 'none in the previous period';
  const percent = Math.round(((current - previous) / previous) * 100);
  return percent === 0 ? 'no change' : `${percent > 0 ? '+' : '−'}${Math.abs(percent)}%`;
}

function Figure({
  label,
  current,
  previous,
  shown,
}: {
  label: string;
  current: number | null;
  previous: number | null;
  shown: (v: number | null) => string;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-5">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1">
        <span className="block text-xl font-extrabold text-slate-900 sm:text-2xl">
          {shown(current)}
        </span>
        <span className="text-sm text-slate-600">
          previous {shown(previous)} · {change(current, previous)}
        </span>
      </dd>
    </div>
  );
}

function csvHref(id: ReportTableId, report: ReportData) {
  const { from, to } = report.periods.current;
  return `/admin/reports.csv?table=${id}&from=${from}&to=${to}`;
}

/** A table of the report, printed beside its chart: what screen readers and printers get. */
function Table({ table, report }: { table: ReportTable; report: ReportData }) {
  const numeric = (i: number) => table.columns[i]!.kind !== 'text';
  return (
    <div className="min-w-0">
      {/* Scrolls sideways on a phone: a keyboard must be able to reach and scroll it. */}
      <div
        role="region"
        aria-label={`${table.title} (table)`}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region needs focus
        tabIndex={0}
        className="overflow-x-auto rounded-lg border border-slate-200"
      >
        <table className="w-full text-sm">
          <caption className="sr-only">
            {table.title}, {longDate(report.periods.current.from)} to{' '}
            {longDate(report.periods.current.to)}
          </caption>
          <thead className="bg-slate-50">
            <tr className="text-left text-xs text-slate-700">
              {table.columns.map((c, i) => (
                <th
                  key={c.label}
                  scope="col"
                  className={`px-2 py-2 font-semibold ${numeric(i) ? 'text-right' : ''}`}
                >
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {table.rows.length === 0 ? (
              <tr>
                <td colSpan={table.columns.length} className="px-2 py-3 text-slate-600">
                  Nothing in this period.
                </td>
              </tr>
            ) : (
              table.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((value, i) =>
                    i === 0 ? (
                      <th
                        key={i}
                        scope="row"
                        className={`px-2 py-1.5 text-left font-medium text-slate-900 ${numeric(0) ? '' : 'min-w-32'}`}
                      >
                        {formatValue(value, table.columns[i]!.kind)}
                      </th>
                    ) : (
                      <td
                        key={i}
                        className={`px-2 py-1.5 whitespace-nowrap text-slate-800 ${numeric(i) ? 'text-right tabular-nums' : ''}`}
                      >
                        {formatValue(value, table.columns[i]!.kind)}
                      </td>
                    ),
                  )}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <a
        href={csvHref(table.id, report)}
        download
        className="mt-2 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
      >
        <Download aria-hidden className="size-4" />
        Download CSV<span className="sr-only"> of {table.title}</span>
      </a>
    </div>
  );
}

/** The chart drawn once the page runs its scripts (the table beside it says the same). */
function Chart({ kind, report }: { kind: ChartKind; report: ReportData }) {
  const hydrated = useHydrated();
  return (
    <div aria-hidden="true" className="min-h-40 min-w-0 print:break-inside-avoid">
      {hydrated ? (
        <Suspense fallback={<p className="text-sm text-slate-600">Loading the chart…</p>}>
          <ReportChart kind={kind} report={report} />
        </Suspense>
      ) : null}
    </div>
  );
}

function Section({
  id,
  chart,
  report,
  note,
}: {
  id: ReportTableId;
  chart?: ChartKind;
  report: ReportData;
  note?: string;
}) {
  const table = reportTable(report, id);
  // A table of more than four columns needs the section's width: it goes under its chart.
  const beside = chart && table.columns.length <= 4;
  return (
    <section aria-labelledby={`section-${id}`} className={`${card} print:break-inside-avoid`}>
      <h2 id={`section-${id}`} className="text-lg font-bold text-slate-900">
        {table.title}
      </h2>
      {note ? <p className="mt-1 text-sm text-slate-600">{note}</p> : null}
      <div
        className={`mt-4 grid grid-cols-1 gap-6 ${beside ? 'xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]' : ''}`}
      >
        {chart ? <Chart kind={chart} report={report} /> : null}
        <Table table={table} report={report} />
      </div>
    </section>
  );
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { report, error, presets } = loaderData;
  const { current, previous } = report.periods;
  const q = (o: 'sent' | 'accepted') => report.quotations.find((r) => r.outcome === o)!;
  const count = (v: number | null) => formatValue(v, 'count');
  const hours = (v: number | null) => formatValue(v, 'hours');
  const money = (v: number | null) => (v === null ? '—' : formatCents(v));
  const link = 'rounded-md px-2.5 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50';
  return (
    <>
      <AdminPageHeader
        title="Reports"
        description={`${longDate(current.from)} to ${longDate(current.to)} (${current.days} days), compared with ${longDate(previous.from)} to ${longDate(previous.to)}. Singapore time; working hours are 09:00–18:00 on working days.`}
      />
      <Form
        method="get"
        className={`${card} mb-6 flex flex-wrap items-end gap-3 print:hidden`}
        aria-label="Period"
      >
        <div>
          <label htmlFor="from" className="block text-sm font-medium text-slate-800">
            From
          </label>
          <input
            id="from"
            name="from"
            type="date"
            required
            defaultValue={current.from}
            className="mt-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900"
          />
        </div>
        <div>
          <label htmlFor="to" className="block text-sm font-medium text-slate-800">
            To
          </label>
          <input
            id="to"
            name="to"
            type="date"
            required
            defaultValue={current.to}
            className="mt-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900"
          />
        </div>
        <button type="submit" className={primaryButton}>
          Show
        </button>
        <nav aria-label="Quick periods" className="flex flex-wrap gap-1">
          {presets.map((p) => (
            <Link key={p.label} to={`?from=${p.from}&to=${p.to}`} className={link}>
              {p.label}
            </Link>
          ))}
        </nav>
      </Form>
      {error ? (
        <p role="alert" className="mb-6 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {error} Showing the last 13 weeks instead.
        </p>
      ) : null}

      <dl className="mb-6 grid grid-cols-2 gap-3 xl:grid-cols-4">
        <Figure label="Enquiries" {...report.enquiries} shown={count} />
        <Figure label="Contact messages" {...report.messages} shown={count} />
        <Figure
          label="First answer, median (working hours)"
          {...report.firstReply.medianHours}
          shown={hours}
        />
        <Figure
          label="First answer, 90th percentile (working hours)"
          {...report.firstReply.p90Hours}
          shown={hours}
        />
        <Figure label="Quotations sent" {...q('sent').count} shown={count} />
        <Figure label="Win rate" {...report.winRate} shown={(v) => formatValue(v, 'rate')} />
        <Figure label="Accepted, before GST" {...q('accepted').beforeGstCents} shown={money} />
        <Figure label="Accepted, including GST" {...q('accepted').totalCents} shown={money} />
      </dl>

      <div className="space-y-6">
        <Section
          id="weekly"
          chart="weekly"
          report={report}
          note="Week 1 is the period's first seven days; the previous period's weeks are set beside them."
        />
        <Section
          id="quotations"
          chart="quotations"
          report={report}
          note="Every revision sent counts; accepted and declined by the date of the buyer's answer; expired: unanswered when their validity ended in the period. Win rate: accepted out of accepted, declined and expired."
        />
        <Section
          id="pipeline"
          chart="pipeline"
          report={report}
          note="Open enquiries as they stand today, whatever the period: by their latest quotation, or by status while nothing is on offer."
        />
        <Section id="products" chart="products" report={report} />
        <Section id="categories" chart="categories" report={report} />
        <Section
          id="organisations"
          chart="organisations"
          report={report}
          note="By enquiries in the period, then by the value of the quotations they accepted in it."
        />
        <Section
          id="summary"
          report={report}
          note="Every figure above, this period against the previous one."
        />
      </div>
    </>
  );
}
