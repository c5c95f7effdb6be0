import { stringify } from 'csv-stringify/sync';
import { STATUS_LABELS } from '~/lib/schemas/inbox';
import type { ExportRow } from './enquiries.server';
import { singaporeDateTime } from './shared.server';

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a leading tab or carriage return,
 * OWASP's list) gets a single quote in front, so it shows as the text the customer typed. A
 * phone number such as +65 6123 4567 is then shown with the quote: the price of safety.
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export const CSV_HEADER = [
  'Reference',
  'Date (SGT)',
  'Status',
  'Name',
  'E-mail',
  'Phone',
  'Organisation',
  'PO / GeBIZ reference',
  'Delivery / site address',
  'Promo code',
  'Account',
  'Product',
  'Quantity',
] as const;

/**
 * The enquiries export: one row per enquired item, UTF-8 with a byte-order mark (so Excel reads
 * names such as 'Zoë' right), every text cell neutralised against formula injection.
 */
export function enquiriesCsv(rows: readonly ExportRow[]): string {
  const records = rows.map((r) => [
    ...[
      r.reference,
      singaporeDateTime(r.createdAt),
      STATUS_LABELS[r.status],
      r.contactName,
      r.contactEmail ?? '',
      r.contactPhone ?? '',
      r.organisation ?? '',
      r.poReference ?? '',
      r.address ?? '',
      r.promoCode ?? '',
      r.guest ? 'Guest' : 'Account',
      r.productName,
    ].map(neutraliseCell),
    r.quantity,
  ]);
  return stringify([[...CSV_HEADER], ...records], { bom: true, record_delimiter: 'windows' });
}
