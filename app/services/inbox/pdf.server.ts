import PDFDocument from 'pdfkit';
import { formatCents, formatRate } from '~/lib/money';

/** Everything printed on a quotation. */
export interface QuotationDocument {
  company: { name: string; address: string; uen: string; email: string; phone: string };
  number: string;
  reference: string;
  date: string;
  validUntil: string;
  validityDays: number;
  customer: {
    name: string;
    organisation: string | null;
    email: string | null;
    phone: string | null;
    poReference: string | null;
  };
  lines: {
    description: string;
    note: string | null;
    quantity: number;
    unitPriceCents: number;
    lineTotalCents: number;
  }[];
  subtotalCents: number;
  gstRateBasisPoints: number;
  gstCents: number;
  totalCents: number;
  terms: string;
  preparedBy: string;
}

const INK = '#0f172a';
const MUTED = '#475569';
const BRAND = '#0b5cd5';
const RULE = '#cbd5e1';

/** The characters of Windows-1252 (WinAnsi) above Latin-1's, which the built-in fonts also have. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Text as pdfkit's built-in Helvetica can print it. Those fonts know only Windows-1252, and
 * pdfkit writes any other character as bytes that garble the rest of the line ('Tan 陈小明' came
 * out as 'Tan –H\…'; a tab shifted what followed): a tab or other control character becomes a
 * space, full-width and compatibility forms their plain letters (NFKC), a letter with accents
 * the set lacks its letter without them ('Nguyễn' prints as 'Nguyen', 'Ştefan' as 'Stefan'), and
 * what is still outside the set a '?', so the line around it prints as written.
 */
export function pdfText(text: string): string {
  const printable = (ch: string) => ch.codePointAt(0)! <= 0xff || WIN_ANSI_EXTRA.has(ch);
  let out = '';
  for (const ch of text.normalize('NFKC')) {
    const code = ch.codePointAt(0)!;
    if (ch === '\n') out += ch;
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += ' ';
    else if (printable(ch)) out += ch;
    else {
      const bare = ch.normalize('NFD').replace(/\p{M}+/gu, '');
      out += bare && [...bare].every(printable) ? bare : '?';
    }
  }
  return out;
}

/** Every string of a value, through pdfText. */
function printable<T>(value: T): T {
  if (typeof value === 'string') return pdfText(value) as T;
  if (Array.isArray(value)) return value.map(printable) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, printable(v)])) as T;
  return value;
}

/**
 * Renders a quotation as an A4 PDF (pdfkit's built-in Helvetica: Windows-1252 text; see pdfText
 * for the rest). The bytes are stored with the quotation as sent, so a later change to the
 * company details or the layout never alters a quotation already issued.
 */
export function renderQuotationPdf(document: QuotationDocument): Promise<Buffer> {
  const q = printable(document);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Quotation ${q.number}`, Author: q.company.name, Subject: q.reference },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;

  // Letterhead: the company on the left, the document's identity on the right.
  doc
    .fillColor(BRAND)
    .font('Helvetica-Bold')
    .fontSize(18)
    .text(q.company.name, left, 50, {
      width: width * 0.6,
    });
  doc.fillColor(MUTED).font('Helvetica').fontSize(9);
  doc.text(q.company.address, { width: width * 0.6 });
  doc.text(`${q.company.phone} · ${q.company.email}`, { width: width * 0.6 });
  doc.text(`UEN ${q.company.uen}`, { width: width * 0.6 });
  const letterheadBottom = doc.y;

  doc.fillColor(INK).font('Helvetica-Bold').fontSize(20).text('QUOTATION', left, 50, {
    width,
    align: 'right',
  });
  // Label and value in two fixed columns (pdfkit's `continued` text does not right-align).
  let metaY = 78;
  for (const [label, value] of [
    ['Quotation no.', q.number],
    ['Enquiry', q.reference],
    ['Date', q.date],
    ['Valid until', `${q.validUntil} (${q.validityDays} days)`],
  ] as const) {
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(9)
      .text(label, right - 250, metaY, {
        width: 80,
      });
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .text(value, right - 165, metaY, { width: 165 });
    metaY = doc.y + 2;
  }

  let y = Math.max(letterheadBottom, doc.y) + 24;
  doc.moveTo(left, y).lineTo(right, y).strokeColor(RULE).lineWidth(1).stroke();
  y += 12;
  doc.fillColor(MUTED).fontSize(8).font('Helvetica-Bold').text('PREPARED FOR', left, y);
  doc.fillColor(INK).fontSize(10).font('Helvetica-Bold').text(q.customer.name);
  doc.font('Helvetica').fontSize(9);
  for (const line of [
    q.customer.organisation,
    q.customer.email,
    q.customer.phone,
    q.customer.poReference ? `PO / GeBIZ reference: ${q.customer.poReference}` : null,
  ])
    if (line) doc.text(line);

  // The lines: description (with its note underneath), quantity, unit price, amount.
  const cols = {
    no: left,
    desc: left + 24,
    qty: right - 205,
    unit: right - 150,
    amount: right - 75,
  };
  const header = (top: number) => {
    doc.rect(left, top, width, 20).fill('#f1f5f9');
    doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(8);
    doc.text('#', cols.no + 4, top + 6);
    doc.text('DESCRIPTION', cols.desc, top + 6);
    doc.text('QTY', cols.qty, top + 6, { width: 40, align: 'right' });
    doc.text('UNIT PRICE', cols.unit, top + 6, { width: 70, align: 'right' });
    doc.text('AMOUNT', cols.amount, top + 6, { width: 75, align: 'right' });
    return top + 26;
  };
  y = header(doc.y + 18);
  const bottom = doc.page.height - doc.page.margins.bottom;
  q.lines.forEach((line, i) => {
    const descWidth = cols.qty - cols.desc - 10;
    doc.font('Helvetica').fontSize(9.5);
    const noteHeight = line.note
      ? doc.fontSize(8.5).heightOfString(line.note, { width: descWidth }) + 2
      : 0;
    const rowHeight =
      doc.fontSize(9.5).heightOfString(line.description, { width: descWidth }) + noteHeight + 10;
    if (y + rowHeight > bottom - 20) {
      doc.addPage();
      y = header(doc.page.margins.top);
    }
    doc.fillColor(INK).font('Helvetica').fontSize(9.5);
    doc.text(String(i + 1), cols.no + 4, y);
    doc.text(line.description, cols.desc, y, { width: descWidth });
    if (line.note) doc.fillColor(MUTED).fontSize(8.5).text(line.note, { width: descWidth });
    doc.fillColor(INK).fontSize(9.5);
    doc.text(String(line.quantity), cols.qty, y, { width: 40, align: 'right' });
    doc.text(formatCents(line.unitPriceCents), cols.unit, y, { width: 70, align: 'right' });
    doc.text(formatCents(line.lineTotalCents), cols.amount, y, { width: 75, align: 'right' });
    y += rowHeight;
    doc
      .moveTo(left, y - 4)
      .lineTo(right, y - 4)
      .strokeColor('#e2e8f0')
      .lineWidth(0.5)
      .stroke();
  });

  // Totals, right-aligned under the amounts.
  if (y + 80 > bottom) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  y += 8;
  const totalRow = (label: string, value: string, strong = false) => {
    doc.fillColor(strong ? INK : MUTED).font(strong ? 'Helvetica-Bold' : 'Helvetica');
    doc.fontSize(strong ? 11 : 9.5);
    doc.text(label, right - 250, y, { width: 165, align: 'right' });
    doc.fillColor(INK).text(value, cols.amount - 20, y, { width: 95, align: 'right' });
    y += strong ? 20 : 16;
  };
  totalRow('Subtotal', formatCents(q.subtotalCents));
  totalRow(`GST ${formatRate(q.gstRateBasisPoints)}`, formatCents(q.gstCents));
  doc
    .moveTo(right - 200, y - 2)
    .lineTo(right, y - 2)
    .strokeColor(INK)
    .lineWidth(1)
    .stroke();
  y += 4;
  totalRow('Total (SGD)', formatCents(q.totalCents), true);

  doc.x = left;
  doc.y = y + 16;
  if (q.terms) {
    doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(8).text('TERMS', left, doc.y, { width });
    doc.fillColor(INK).font('Helvetica').fontSize(9).text(q.terms, { width });
    doc.moveDown();
  }
  doc.fillColor(MUTED).font('Helvetica').fontSize(8.5);
  doc.text(`Prepared by ${q.preparedBy}. Please quote ${q.number} when you reply.`, left, doc.y, {
    width,
  });

  doc.end();
  return done;
}
