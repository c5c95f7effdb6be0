import { stringify } from 'csv-stringify/sync';
import { csvValue, type ReportTable } from '~/lib/report-tables';
import { neutraliseCell } from '../inbox/csv.server';

/**
 * One of the report's tables as CSV, as the page shows it (same columns and rows), with the
 * period in the first line: UTF-8 with a byte-order mark for Excel, text cells neutralised
 * against formula injection (an organisation's name is typed by a visitor).
 */
export function reportCsv(table: ReportTable, period: { from: string; to: string }): string {
  const header = table.columns.map((c) => c.label);
  const records = table.rows.map((row) =>
    row.map((value, i) => {
      const kind = table.columns[i]!.kind;
      return typeof value === 'string' ? neutraliseCell(value) : csvValue(value, kind);
    }),
  );
  return stringify([[`${table.title}, ${period.from} to ${period.to}`], header, ...records], {
    bom: true,
    record_delimiter: 'windows',
  });
}
