import { data, NavLink } from 'react-router';
import type { Route } from './+types/admin.speed';
import { AdminPageHeader } from '~/components/admin/admin-shell';
import { card } from '~/components/admin/inbox/styles';
import { adminMeta } from '~/lib/admin-meta';
import {
  BAND_LABELS,
  bandOf,
  formatMetric,
  METRIC_NAMES,
  RUM_BANDS,
  RUM_METRICS,
  RUM_PERIODS,
  type RumBand,
  type RumMetric,
  type RumPeriod,
} from '~/lib/rum/vitals';
import { refusePosts, requireAdmin } from '~/services/permissions.server';
import { summariseRealUserSpeed, type P75, type RumTrendRow } from '~/services/rum/rum.server';

export const meta: Route.MetaFunction = () => adminMeta('Real-user speed');

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const asked = new URL(request.url).searchParams.get('days');
  const days = RUM_PERIODS.find((d) => String(d) === asked);
  const error =
    asked !== null && !days ? `Choose a period of ${RUM_PERIODS.join(', ')} days.` : null;
  const summary = await summariseRealUserSpeed(days ?? 28);
  return error ? data({ summary, error }, { status: 400 }) : { summary, error };
}

/** Posts here are answered after the guard (permissions.server's refusePosts). */
export async function action({ request }: Route.ActionArgs) {
  return refusePosts(request);
}

const BAND_STYLE: Record<RumBand, string> = {
  good: 'bg-emerald-50 text-emerald-800',
  'needs-improvement': 'bg-amber-50 text-amber-900',
  poor: 'bg-red-50 text-red-800',
};

const longDate = (day: string) =>
  new Intl.DateTimeFormat('en-SG', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
const shortDate = (day: string) =>
  new Intl.DateTimeFormat('en-SG', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** A 75th percentile with its band in words (colour only repeats what the words say). */
function Value({ metric, value }: { metric: RumMetric; value: number | null }) {
  if (value === null) return <span className="text-slate-500">—</span>;
  const band = bandOf(metric, value);
  return (
    <span className="inline-flex flex-wrap items-baseline justify-end gap-x-1.5">
      <span className="tabular-nums">{formatMetric(metric, value)}</span>
      <span className={`rounded px-1.5 text-xs font-semibold ${BAND_STYLE[band]}`}>
        {BAND_LABELS[band]}
      </span>
    </span>
  );
}

function MetricCells({ p75 }: { p75: P75 }) {
  return RUM_METRICS.map((metric) => (
    <td key={metric} className="px-2 py-1.5 text-right whitespace-nowrap">
      <Value metric={metric} value={p75[metric]} />
    </td>
  ));
}

const th = 'px-2 py-2 font-semibold';
const metricHeads = RUM_METRICS.map((metric) => (
  <th key={metric} scope="col" className={`${th} text-right`}>
    <abbr title={METRIC_NAMES[metric]} className="no-underline">
      {metric}
    </abbr>
  </th>
));

/** A table that scrolls sideways on a phone, reachable and scrollable by keyboard. */
function ScrollingTable({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region needs focus
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-slate-200"
    >
      <table className="w-full text-sm">{children}</table>
    </div>
  );
}

/**
 * One metric's daily 75th percentile over the period, on Google's bands (green, amber, red from
 * the bottom). Drawn on the server as SVG: the trend table says the same for screen readers.
 */
function TrendChart({ metric, trend }: { metric: RumMetric; trend: RumTrendRow[] }) {
  const W = 300;
  const H = 120;
  const { good, poor } = RUM_BANDS[metric];
  const values = trend.map((d) => d.p75[metric]);
  const top = Math.max(poor * 1.5, ...values.map((v) => v ?? 0)) * 1.05;
  const x = (i: number) => (trend.length <= 1 ? W / 2 : (i / (trend.length - 1)) * W);
  const y = (v: number) => H - (v / top) * H;
  // Days without reports break the line.
  const segments: string[][] = [[]];
  values.forEach((v, i) => {
    if (v === null) segments.push([]);
    else segments.at(-1)!.push(`${x(i).toFixed(1)},${y(v).toFixed(1)}`);
  });
  return (
    <figure className="min-w-0">
      <figcaption className="text-sm font-semibold text-slate-800">
        {metric} <span className="font-normal text-slate-600">({METRIC_NAMES[metric]})</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        aria-hidden="true"
        className="mt-1 h-28 w-full rounded border border-slate-200"
      >
        <rect x="0" y={y(good)} width={W} height={H - y(good)} className="fill-emerald-50" />
        <rect x="0" y={y(poor)} width={W} height={y(good) - y(poor)} className="fill-amber-50" />
        <rect x="0" y="0" width={W} height={y(poor)} className="fill-red-50" />
        {segments
          .filter((s) => s.length)
          .map((points, i) =>
            points.length === 1 ? (
              <circle
                key={i}
                cx={points[0]!.split(',')[0]}
                cy={points[0]!.split(',')[1]}
                r="2.5"
                className="fill-brand-700"
              />
            ) : (
              <polyline
                key={i}
                points={points.join(' ')}
                fill="none"
                strokeWidth="2"
                vectorEffect="non-scaling-stroke"
                className="stroke-brand-700"
              />
            ),
          )}
      </svg>
    </figure>
  );
}

export default function RealUserSpeed({ loaderData }: Route.ComponentProps) {
  const { summary, error } = loaderData;
  const period = (days: RumPeriod) =>
    `rounded-md px-2.5 py-1 text-sm font-semibold ${
      days === summary.days ? 'bg-brand-50 text-brand-800' : 'text-brand-700 hover:bg-brand-50'
    }`;
  const daysWithViews = summary.trend.filter((d) => d.views > 0);
  return (
    <>
      <AdminPageHeader
        title="Real-user speed"
        description={`How fast the shop is in its visitors' browsers, ${longDate(summary.from)} to ${longDate(summary.to)} (Singapore days): Core Web Vitals from a sample of page views. Each figure is the 75th percentile, the value three page views in four stay within, which is how Google judges a page.`}
      />
      <nav aria-label="Period" className={`${card} mb-6 flex flex-wrap gap-1`}>
        {RUM_PERIODS.map((days) => (
          <NavLink
            key={days}
            to={`?days=${days}`}
            className={period(days)}
            aria-current={days === summary.days ? 'page' : undefined}
          >
            Last {days} days
          </NavLink>
        ))}
      </nav>
      {error ? (
        <p role="alert" className="mb-6 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {error} Showing the last 28 days instead.
        </p>
      ) : null}

      <dl className="mb-6 grid grid-cols-2 gap-3 xl:grid-cols-4">
        {RUM_METRICS.map((metric) => (
          <div key={metric} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
            <dt className="text-sm text-slate-600">
              {metric}, all pages{' '}
              <span className="sr-only">({METRIC_NAMES[metric]}, 75th percentile)</span>
            </dt>
            <dd className="mt-1 text-xl font-extrabold text-slate-900">
              <Value metric={metric} value={summary.overall.p75[metric]} />
            </dd>
          </div>
        ))}
      </dl>

      <div className="space-y-6">
        <section aria-labelledby="speed-pages" className={card}>
          <h2 id="speed-pages" className="text-lg font-bold text-slate-900">
            By page
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {summary.overall.views} page views reported. A page is its route: every product page
            counts as /products/:productId. Phones are viewports narrower than 768 pixels.
          </p>
          <div className="mt-4">
            <ScrollingTable label="Speed by page (table)">
              <caption className="sr-only">
                75th percentile per page and device, {longDate(summary.from)} to{' '}
                {longDate(summary.to)}
              </caption>
              <thead className="bg-slate-50">
                <tr className="text-left text-xs text-slate-700">
                  <th scope="col" className={th}>
                    Page
                  </th>
                  <th scope="col" className={th}>
                    Device
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Views
                  </th>
                  {metricHeads}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {summary.pages.length === 0 ? (
                  <tr>
                    <td colSpan={3 + RUM_METRICS.length} className="px-2 py-3 text-slate-600">
                      No reports in this period.
                    </td>
                  </tr>
                ) : (
                  summary.pages.map((page) => (
                    <tr key={`${page.route} ${page.device}`}>
                      <th scope="row" className="px-2 py-1.5 text-left font-medium text-slate-900">
                        {page.route}
                      </th>
                      <td className="px-2 py-1.5 text-slate-800">
                        {page.device === 'mobile' ? 'Phone' : 'Desktop'}
                      </td>
                      <td className="px-2 py-1.5 text-right text-slate-800 tabular-nums">
                        {page.views}
                      </td>
                      <MetricCells p75={page.p75} />
                    </tr>
                  ))
                )}
              </tbody>
            </ScrollingTable>
          </div>
        </section>

        <section aria-labelledby="speed-trend" className={card}>
          <h2 id="speed-trend" className="text-lg font-bold text-slate-900">
            Trend
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            All pages and devices, day by day, on Google&rsquo;s bands: green good, amber needs
            improvement, red poor.
          </p>
          <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {RUM_METRICS.map((metric) => (
              <TrendChart key={metric} metric={metric} trend={summary.trend} />
            ))}
          </div>
          <div className="mt-4">
            <ScrollingTable label="Speed by day (table)">
              <caption className="sr-only">75th percentile per day, all pages</caption>
              <thead className="bg-slate-50">
                <tr className="text-left text-xs text-slate-700">
                  <th scope="col" className={th}>
                    Day
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Views
                  </th>
                  {metricHeads}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {daysWithViews.length === 0 ? (
                  <tr>
                    <td colSpan={2 + RUM_METRICS.length} className="px-2 py-3 text-slate-600">
                      No reports in this period.
                    </td>
                  </tr>
                ) : (
                  daysWithViews.map((day) => (
                    <tr key={day.day}>
                      <th scope="row" className="px-2 py-1.5 text-left font-medium text-slate-900">
                        {shortDate(day.day)}
                      </th>
                      <td className="px-2 py-1.5 text-right text-slate-800 tabular-nums">
                        {day.views}
                      </td>
                      <MetricCells p75={day.p75} />
                    </tr>
                  ))
                )}
              </tbody>
            </ScrollingTable>
          </div>
        </section>

        <section aria-labelledby="speed-bands" className={card}>
          <h2 id="speed-bands" className="text-lg font-bold text-slate-900">
            Google&rsquo;s bands
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            A page passes when its 75th percentile is good for LCP, INP and CLS; TTFB helps explain
            a slow LCP.
          </p>
          <div className="mt-4">
            <ScrollingTable label="Google's bands (table)">
              <thead className="bg-slate-50">
                <tr className="text-left text-xs text-slate-700">
                  <th scope="col" className={th}>
                    Metric
                  </th>
                  <th scope="col" className={th}>
                    Good
                  </th>
                  <th scope="col" className={th}>
                    Needs improvement
                  </th>
                  <th scope="col" className={th}>
                    Poor
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {RUM_METRICS.map((metric) => {
                  const { good, poor } = RUM_BANDS[metric];
                  return (
                    <tr key={metric}>
                      <th scope="row" className="px-2 py-1.5 text-left font-medium text-slate-900">
                        {metric} ({METRIC_NAMES[metric]})
                      </th>
                      <td className="px-2 py-1.5">≤ {formatMetric(metric, good)}</td>
                      <td className="px-2 py-1.5">
                        {formatMetric(metric, good)} – {formatMetric(metric, poor)}
                      </td>
                      <td className="px-2 py-1.5">&gt; {formatMetric(metric, poor)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </ScrollingTable>
          </div>
        </section>
      </div>
    </>
  );
}
