import PDFDocument from 'pdfkit';
import { formatCents, formatRate } from '~/lib/money';
import type { InvoiceLine } from '../db/schema';
import { fontFile } from '../documents/fonts.server';

/** Everything printed on a tax invoice or a credit note. */
export interface InvoiceDocument {
  kind: 'invoice' | 'credit_note';
  company: { name: string; address: string; uen: string; email: string; phone: string };
  /** The supplier's GST registration number; null: not registered, so no GST and no "Tax". */
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

const INK = '#0f172a';
const MUTED = '#475569';
const BRAND = '#0b5cd5';
const RULE = '#cbd5e1';

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
 * rate and amount of GST and the total including GST. The bytes are stored with the document as
 * issued: the document never changes, whatever later happens to the company details or this
 * layout.
 */
export function renderInvoicePdf(document: InvoiceDocument): Promise<Buffer> {
  const d = document;
  const registered = d.gstRegNo !== null;
  const title = documentTitle(d.kind, d.gstRegNo);
  const credit = d.kind === 'credit_note';
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${title} ${d.number}`, Author: d.company.name, Subject: d.orderNumber },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('body', fontFile('main'));
  doc.registerFont('bold', fontFile('main-bold'));

  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;

  // The supplier on the left, the document's identity on the right.
  doc.fillColor(BRAND).font('bold').fontSize(18);
  doc.text(d.company.name, left, 50, { width: width * 0.55 });
  doc.fillColor(MUTED).font('body').fontSize(9);
  doc.text(d.company.address, { width: width * 0.55 });
  doc.text(`${d.company.phone} · ${d.company.email}`, { width: width * 0.55 });
  doc.text(`UEN ${d.company.uen}`, { width: width * 0.55 });
  doc.text(registered ? `GST Reg. No. ${d.gstRegNo}` : 'Not GST-registered', {
    width: width * 0.55,
  });
  const letterheadBottom = doc.y;

  doc.fillColor(INK).font('bold').fontSize(20);
  doc.text(title, left, 50, { width, align: 'right' });
  let metaY = 78;
  const meta: [string, string | null][] = [
    [credit ? 'Credit note no.' : 'Invoice no.', d.number],
    [credit ? 'Date' : 'Invoice date', d.date],
    ['For invoice', d.credits ? `${d.credits.number} (${d.credits.date})` : null],
    ['Order', d.orderNumber],
    ['Quotation', d.quotationNumber],
    ['Your PO', d.poNumber],
  ];
  for (const [label, value] of meta) {
    if (value === null) continue;
    doc.fillColor(MUTED).font('body').fontSize(9);
    doc.text(label, right - 250, metaY, { width: 80 });
    doc.fillColor(INK).font('bold');
    doc.text(value, right - 165, metaY, { width: 165 });
    metaY = doc.y + 2;
  }

  let y = Math.max(letterheadBottom, doc.y) + 24;
  doc.moveTo(left, y).lineTo(right, y).strokeColor(RULE).lineWidth(1).stroke();
  y += 12;
  doc.fillColor(MUTED).fontSize(8).font('bold').text('BILL TO', left, y);
  doc.fillColor(INK).fontSize(10).font('bold').text(d.customer.name);
  doc.font('body').fontSize(9);
  for (const line of [d.customer.organisation, d.customer.address]) if (line) doc.text(line);
  if (d.credits) {
    doc.moveDown(0.8);
    doc.fillColor(MUTED).fontSize(8).font('bold').text('REASON');
    doc.fillColor(INK).fontSize(9).font('body').text(d.credits.reason, { width });
  }

  const cols = {
    no: left,
    desc: left + 24,
    qty: right - 255,
    unit: right - 210,
    discount: right - 140,
    amount: right - 75,
  };
  const header = (top: number) => {
    doc.rect(left, top, width, 20).fill('#f1f5f9');
    doc.fillColor(MUTED).font('bold').fontSize(8);
    doc.text('#', cols.no + 4, top + 6);
    doc.text('DESCRIPTION', cols.desc, top + 6);
    doc.text('QTY', cols.qty, top + 6, { width: 35, align: 'right' });
    doc.text('UNIT PRICE', cols.unit, top + 6, { width: 65, align: 'right' });
    doc.text('DISCOUNT', cols.discount, top + 6, { width: 60, align: 'right' });
    doc.text('AMOUNT', cols.amount, top + 6, { width: 75, align: 'right' });
    return top + 26;
  };
  y = header(doc.y + 18);
  const bottom = doc.page.height - doc.page.margins.bottom;
  const descWidth = cols.qty - cols.desc - 10;
  d.lines.forEach((line, i) => {
    doc.font('body').fontSize(9.5);
    const rowHeight = doc.heightOfString(line.description, { width: descWidth }) + 10;
    if (y + rowHeight > bottom - 20) {
      doc.addPage();
      y = header(doc.page.margins.top);
    }
    doc.fillColor(INK).font('body').fontSize(9.5);
    doc.text(String(i + 1), cols.no + 4, y);
    doc.text(line.description, cols.desc, y, { width: descWidth });
    doc.text(String(line.quantity), cols.qty, y, { width: 35, align: 'right' });
    doc.text(formatCents(line.unitPriceCents), cols.unit, y, { width: 65, align: 'right' });
    doc.text(line.discountCents ? `-${formatCents(line.discountCents)}` : '-', cols.discount, y, {
      width: 60,
      align: 'right',
    });
    doc.text(formatCents(line.lineTotalCents), cols.amount, y, { width: 75, align: 'right' });
    y += rowHeight;
    doc
      .moveTo(left, y - 4)
      .lineTo(right, y - 4)
      .strokeColor('#e2e8f0')
      .lineWidth(0.5)
      .stroke();
  });

  if (y + 120 > bottom) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  y += 8;
  const totalRow = (label: string, value: string, strong = false) => {
    doc.fillColor(strong ? INK : MUTED).font(strong ? 'bold' : 'body');
    doc.fontSize(strong ? 11 : 9.5);
    doc.text(label, right - 300, y, { width: 205, align: 'right' });
    doc.fillColor(INK).text(value, cols.amount - 20, y, { width: 95, align: 'right' });
    y += strong ? 20 : 16;
  };
  const net = d.subtotalCents - d.discountCents;
  totalRow('Subtotal', formatCents(d.subtotalCents));
  if (d.discountCents) totalRow('Discount', `-${formatCents(d.discountCents)}`);
  if (registered) {
    totalRow(credit ? 'Amount credited before GST' : 'Total before GST', formatCents(net));
    totalRow(`GST ${formatRate(d.gstRateBasisPoints)}`, formatCents(d.gstCents));
  }
  doc
    .moveTo(right - 250, y - 2)
    .lineTo(right, y - 2)
    .strokeColor(INK)
    .lineWidth(1)
    .stroke();
  y += 4;
  const totalLabel = registered
    ? credit
      ? 'Total credited including GST (SGD)'
      : 'Total including GST (SGD)'
    : credit
      ? 'Total credited (SGD)'
      : 'Total (SGD)';
  totalRow(totalLabel, formatCents(d.totalCents), true);

  doc.x = left;
  doc.y = y + 16;
  doc.fillColor(MUTED).font('body').fontSize(8.5);
  if (!registered)
    doc.text(`${d.company.name} is not registered for GST; no GST is charged.`, left, doc.y, {
      width,
    });
  doc.text(
    credit
      ? `This credit note reduces the amount of invoice ${d.credits?.number ?? ''}.`
      : `Please quote ${d.number} with your payment.`,
    left,
    doc.y,
    { width },
  );

  doc.end();
  return done;
}
