// The reports page's charts, drawn with Recharts. Loaded only by the reports route, lazily, once
// the page has hydrated: nothing of Recharts is in any other page's scripts. Every chart repeats a
// table printed beside it, which is what screen readers and printers read, so the drawings are
// hidden from assistive technology and take no keyboard focus (no accessibility layer).
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatCents } from '~/lib/money';
import { OUTCOME_LABELS, STAGE_LABELS } from '~/lib/report-tables';
import type { ReportData } from '~/services/reports/reports.server';

export type ChartKind =
  'weekly' | 'quotations' | 'pipeline' | 'products' | 'categories' | 'organisations';

const BRAND = '#0b5cd5';
const BRAND_LIGHT = '#93b8ee';
const ACCENT = '#c2410c';
const GREY = '#94a3b8';

const axis = { fontSize: 12, fill: '#334155' };
const dollars = (cents: number) => formatCents(cents).replace(/\.\d\d$/, '');

/** A bar chart of names (products, categories, organisations) on their side, longest at the top. */
function Ranked({
  data,
  bars,
}: {
  data: Record<string, string | number>[];
  bars: { key: string; name: string; color: string }[];
}) {
  return (
    <ResponsiveContainer width="100%" height={Math.max(160, 36 * data.length + 60)}>
      <BarChart
        data={data}
        layout="vertical"
        margin={{ left: 8, right: 16 }}
        accessibilityLayer={false}
      >
        <CartesianGrid horizontal={false} stroke="#e2e8f0" />
        <XAxis type="number" allowDecimals={false} tick={axis} />
        <YAxis type="category" dataKey="name" width={150} tick={axis} interval={0} />
        <Tooltip />
        <Legend />
        {bars.map((b) => (
          <Bar key={b.key} dataKey={b.key} name={b.name} fill={b.color} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

/** One of the report's charts. */
export default function ReportChart({ kind, report }: { kind: ChartKind; report: ReportData }) {
  switch (kind) {
    case 'weekly':
      return (
        <ResponsiveContainer width="100%" height={280}>
          <ComposedChart data={report.weekly} margin={{ right: 16 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke="#e2e8f0" />
            <XAxis dataKey="from" tick={axis} />
            <YAxis allowDecimals={false} tick={axis} width={36} />
            <Tooltip />
            <Legend />
            <Bar dataKey="enquiries" name="Enquiries" fill={BRAND} isAnimationActive={false} />
            <Bar
              dataKey="messages"
              name="Contact messages"
              fill={BRAND_LIGHT}
              isAnimationActive={false}
            />
            <Line
              dataKey="previousEnquiries"
              name="Enquiries, previous period"
              stroke={ACCENT}
              strokeDasharray="4 3"
              dot={false}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      );
    case 'quotations':
      return (
        <ResponsiveContainer width="100%" height={260}>
          <BarChart
            data={report.quotations.map((q) => ({
              name: OUTCOME_LABELS[q.outcome],
              current: q.count.current,
              previous: q.count.previous,
            }))}
            margin={{ right: 16 }}
            accessibilityLayer={false}
          >
            <CartesianGrid vertical={false} stroke="#e2e8f0" />
            <XAxis dataKey="name" tick={axis} />
            <YAxis allowDecimals={false} tick={axis} width={36} />
            <Tooltip />
            <Legend />
            <Bar dataKey="current" name="This period" fill={BRAND} isAnimationActive={false} />
            <Bar dataKey="previous" name="Previous period" fill={GREY} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      );
    case 'pipeline':
      return (
        <ResponsiveContainer width="100%" height={260}>
          <BarChart
            data={report.pipeline.map((p) => ({
              name: STAGE_LABELS[p.stage],
              value: p.beforeGstCents,
            }))}
            layout="vertical"
            margin={{ left: 8, right: 16 }}
            accessibilityLayer={false}
          >
            <CartesianGrid horizontal={false} stroke="#e2e8f0" />
            <XAxis type="number" tick={axis} tickFormatter={dollars} />
            <YAxis type="category" dataKey="name" width={170} tick={axis} interval={0} />
            <Tooltip formatter={(v) => formatCents(Number(v))} />
            <Bar dataKey="value" name="Value before GST" fill={BRAND} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      );
    case 'products':
    case 'categories':
      return (
        <Ranked
          data={report[kind].map((r) => ({
            name: r.name,
            enquiries: r.enquiries,
            previous: r.previousEnquiries,
          }))}
          bars={[
            { key: 'enquiries', name: 'Enquiries', color: BRAND },
            { key: 'previous', name: 'Previous period', color: GREY },
          ]}
        />
      );
    case 'organisations':
      return (
        <Ranked
          data={report.organisations.map((r) => ({ name: r.name, enquiries: r.enquiries }))}
          bars={[{ key: 'enquiries', name: 'Enquiries', color: BRAND }]}
        />
      );
  }
}
