import { formatCents } from './money';
import type {
  PipelineStage,
  QuotationOutcome,
  ReportData,
} from '~/services/reports/reports.server';

/**
 * The reports page's tables, one definition for the page (beside each chart, for screen readers
 * and printing) and for the CSV downloads, so the two never disagree. Values stay raw here; the
 * page formats them for reading and the CSV for a spreadsheet.
 */
export type ColumnKind = 'text' | 'count' | 'money' | 'hours' | 'rate';

export interface ReportTable {
  id: ReportTableId;
  title: string;
  columns: { label: string; kind: ColumnKind }[];
  rows: (string | number | null)[][];
}

export const REPORT_TABLE_IDS = [
  'summary',
  'weekly',
  'quotations',
  'pipeline',
  'products',
  'categories',
  'organisations',
] as const;
export type ReportTableId = (typeof REPORT_TABLE_IDS)[number];

export const OUTCOME_LABELS: Record<QuotationOutcome, string> = {
  sent: 'Sent',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
};

export const STAGE_LABELS: Record<PipelineStage, string> = {
  new: 'New enquiries',
  in_progress: 'In progress, not quoted',
  awaiting_answer: 'Quoted, awaiting answer',
  changes_requested: 'Changes requested',
  accepted: 'Accepted, no order yet',
};

const col = (label: string, kind: ColumnKind = 'count') => ({ label, kind });

/** The table of one part of the report. */
export function reportTable(report: ReportData, id: ReportTableId): ReportTable {
  switch (id) {
    case 'summary': {
      const q = (o: QuotationOutcome) => report.quotations.find((r) => r.outcome === o)!;
      const pair = (
        label: string,
        kind: ColumnKind,
        v: { current: number | null; previous: number | null },
      ) => [label, v.current, v.previous, kind];
      const lines = [
        pair('Enquiries', 'count', report.enquiries),
        pair('Contact messages', 'count', report.messages),
        pair('First answer, median (working hours)', 'hours', report.firstReply.medianHours),
        pair('First answer, 90th percentile (working hours)', 'hours', report.firstReply.p90Hours),
        pair('Enquiries answered', 'count', report.firstReply.answered),
        pair('Enquiries not answered yet', 'count', report.firstReply.unanswered),
        pair('Quotations sent', 'count', q('sent').count),
        pair('Quotations accepted', 'count', q('accepted').count),
        pair('Quotations declined', 'count', q('declined').count),
        pair('Quotations expired', 'count', q('expired').count),
        pair('Win rate', 'rate', report.winRate),
        pair('Value sent, before GST', 'money', q('sent').beforeGstCents),
        pair('Value accepted, before GST', 'money', q('accepted').beforeGstCents),
        pair('Value accepted, including GST', 'money', q('accepted').totalCents),
      ];
      return {
        id,
        title: 'Summary',
        columns: [
          col('Measure', 'text'),
          col('This period', 'text'),
          col('Previous period', 'text'),
        ],
        // Each row's kind travels in its cells: a measure's unit differs from row to row.
        rows: lines.map(([label, current, previous, kind]) => [
          label as string,
          formatValue(current as number | null, kind as ColumnKind),
          formatValue(previous as number | null, kind as ColumnKind),
        ]),
      };
    }
    case 'weekly':
      return {
        id,
        title: 'Enquiries and contact messages per week',
        columns: [
          col('Week'),
          col('From', 'text'),
          col('Enquiries'),
          col('Enquiries, previous period'),
          col('Contact messages'),
          col('Contact messages, previous period'),
        ],
        rows: report.weekly.map((w) => [
          w.week,
          w.from,
          w.enquiries,
          w.previousEnquiries,
          w.messages,
          w.previousMessages,
        ]),
      };
    case 'quotations':
      return {
        id,
        title: 'Quotations',
        columns: [
          col('Outcome', 'text'),
          col('Quotations'),
          col('Quotations, previous period'),
          col('Before GST', 'money'),
          col('Before GST, previous period', 'money'),
          col('Including GST', 'money'),
          col('Including GST, previous period', 'money'),
        ],
        rows: report.quotations.map((r) => [
          OUTCOME_LABELS[r.outcome],
          r.count.current,
          r.count.previous,
          r.beforeGstCents.current,
          r.beforeGstCents.previous,
          r.totalCents.current,
          r.totalCents.previous,
        ]),
      };
    case 'pipeline':
      return {
        id,
        title: 'Open pipeline now',
        columns: [
          col('Stage', 'text'),
          col('Enquiries'),
          col('Before GST', 'money'),
          col('Including GST', 'money'),
        ],
        rows: report.pipeline.map((r) => [
          STAGE_LABELS[r.stage],
          r.enquiries,
          r.beforeGstCents,
          r.totalCents,
        ]),
      };
    case 'products':
    case 'categories': {
      const list = id === 'products' ? report.products : report.categories;
      return {
        id,
        title:
          id === 'products' ? 'Products enquired about most' : 'Categories enquired about most',
        columns: [
          col(id === 'products' ? 'Product' : 'Category', 'text'),
          col('Enquiries'),
          col('Quantity'),
          col('Enquiries, previous period'),
        ],
        rows: list.map((r) => [r.name, r.enquiries, r.quantity, r.previousEnquiries]),
      };
    }
    case 'organisations':
      return {
        id,
        title: 'Organisations',
        columns: [
          col('Organisation', 'text'),
          col('Enquiries'),
          col('Enquiries, previous period'),
          col('Accepted, before GST', 'money'),
          col('Accepted, including GST', 'money'),
        ],
        rows: report.organisations.map((r) => [
          r.name,
          r.enquiries,
          r.previousEnquiries,
          r.acceptedBeforeGstCents,
          r.acceptedTotalCents,
        ]),
      };
  }
}

/** A value as a reader sees it: money in S$, hours to one decimal, a rate in percent. */
export function formatValue(value: string | number | null, kind: ColumnKind): string {
  if (value === null) return '—';
  if (typeof value === 'string') return value;
  switch (kind) {
    case 'money':
      return formatCents(value);
    case 'hours':
      return `${value.toFixed(1)} h`;
    case 'rate':
      return `${(value * 100).toFixed(1)}%`;
    case 'count':
      return value.toLocaleString('en-SG');
    default:
      return String(value);
  }
}

/** A value for a spreadsheet: plain numbers (money in dollars with cents), nothing for none. */
export function csvValue(value: string | number | null, kind: ColumnKind): string {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  if (kind === 'money') return (value / 100).toFixed(2);
  if (kind === 'hours') return value.toFixed(2);
  if (kind === 'rate') return value.toFixed(4);
  return String(value);
}
