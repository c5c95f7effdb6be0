import { formatCents } from '~/lib/money';
import type { InvoiceLine } from '../db/schema';
import { CompanyDocument, MINUS, STYLE, type Supplier } from '../documents/layout.server';

/** Everything printed on a tax invoice or a credit note. */
export interface InvoiceDocument {
  kind: 'invoice' | 'credit_note';
  company: Omit<Supplier, 'gstRegNo'>;
  /** The supplier's GST registration number as invoiced; null: not registered (no GST, no "Tax"). */
  gstRegNo: string | null;
  number: string;
  date: string;
  customer: { name: string; organisation: string | null; address: string | null };
  orderNumber: string;
  quotationNumber: string;
  poNumber: string | null;
  /** A credit note's invoice (number and date) and why it was issued. */
  credits?: { number: string; date: string; reason: string };
  lines: InvoiceLine[];
  subtotalCents: number;
  discountCents: number;
  gstRateBasisPoints: number;
  gstCents: number;
  totalCents: number;
}

/**
 * The title a document carries. Only a GST-registered business may issue a tax invoice, so
 * without a registration number the document is an "Invoice" and charges no GST.
 */
export function documentTitle(kind: InvoiceDocument['kind'], gstRegNo: string | null): string {
  if (kind === 'credit_note') return 'Credit Note';
  return gstRegNo ? 'Tax Invoice' : 'Invoice';
}

/**
 * Renders a tax invoice or a credit note as an A4 PDF with what a Singapore tax invoice must
 * show: the words "Tax Invoice", its number and date, the supplier's name, address, UEN and GST
 * registration number, the customer's name and address, each line, the amount before GST, the
 * rate and amount of GST and the total including GST. Set in the embedded Noto fonts like the
 * quotation, so a customer's name or a line typed in Chinese, Tamil or Malay prints as written; a
 * long list of lines continues on further pages under the table's header. The bytes are stored
 * with the document as issued: the document never changes, whatever later happens to the company
 * details or this layout.
 */
export function renderInvoicePdf(d: InvoiceDocument): Promise<Buffer> {
  const title = documentTitle(d.kind, d.gstRegNo);
  const credit = d.kind === 'credit_note';
  const page = new CompanyDocument(
    d.number,
    { ...d.company, gstRegNo: d.gstRegNo },
    { Title: `${title} ${d.number}`, Subject: d.orderNumber },
  );
  const { left, width } = page;
  page.letterhead(title, [
    [credit ? 'Credit note no.' : 'Invoice no.', d.number],
    [credit ? 'Date' : 'Invoice date', d.date],
    ...(d.credits
      ? [['For invoice', `${d.credits.number} (${d.credits.date})`] as [string, string]]
      : []),
    ['Order', d.orderNumber],
    ['Quotation', d.quotationNumber],
    ...(d.poNumber ? [['Your PO', d.poNumber] as [string, string]] : []),
  ]);

  // The customer, and beside it why a credit note was issued.
  const half = (width - 24) / 2;
  const billY = page.party(
    'BILL TO',
    d.customer.name,
    [d.customer.organisation, d.customer.address],
    left,
    half,
  );
  let reasonY = page.y;
  if (d.credits) {
    reasonY = page.ts.text('REASON', left + half + 24, reasonY, STYLE.label, { width: half });
    reasonY = page.ts.text(d.credits.reason, left + half + 24, reasonY + 2, STYLE.body, {
      width: half,
    });
  }
  page.y = Math.max(billY, reasonY) + 18;

  page.lineTable(
    d.lines.map((line) => ({
      ...line,
      discount: line.discountCents ? `${MINUS}${formatCents(line.discountCents)}` : '',
    })),
  );
  page.totals({
    ...d,
    discount: d.discountCents ? { label: 'Discount', cents: d.discountCents } : null,
    netCents: d.subtotalCents - d.discountCents,
    credited: credit,
  });
  page.flow(
    credit
      ? `This credit note reduces the amount of invoice ${d.credits?.number ?? ''}.`
      : `Please quote ${d.number} with your payment.`,
    STYLE.muted,
  );
  return page.finish(`${title} ${d.number}`);
}
