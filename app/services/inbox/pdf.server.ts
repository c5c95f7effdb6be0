import PDFDocument from 'pdfkit';
import { formatCents, formatDiscount, formatRate, type Discount } from '~/lib/money';
import { Typesetter, type TextStyle } from '../documents/text.server';

/** Everything printed on a quotation. */
export interface QuotationDocument {
  company: {
    name: string;
    address: string;
    uen: string;
    email: string;
    phone: string;
    /** null: not GST-registered (the quotation says so and adds no GST). */
    gstRegNo: string | null;
  };
  number: string;
  /** The revision: the n of Q-<reference>-<n>. */
  revision: number;
  /** The revision this one replaces (n − 1), from the second on. */
  replaces: string | null;
  reference: string;
  date: string;
  validUntil: string;
  validityDays: number;
  attention: { name: string; organisation: string | null; address: string | null };
  contact: { email: string | null; phone: string | null };
  buyerReference: string | null;
  gebizReference: string | null;
  /** The enquiry's promo code, when staff applied it. */
  promoCode: string | null;
  lines: {
    description: string;
    note: string | null;
    quantity: number;
    unitPriceCents: number;
    discount: Discount | null;
    discountCents: number;
    lineTotalCents: number;
  }[];
  subtotalCents: number;
  discount: Discount | null;
  discountCents: number;
  /** subtotal − discount: the amount before GST. */
  netCents: number;
  gstRateBasisPoints: number;
  gstCents: number;
  totalCents: number;
  terms: string;
  preparedBy: string;
  /** A preview: marked DRAFT on every page, for staff only. */
  draft?: boolean;
}

const INK = '#0f172a';
const MUTED = '#475569';
const BRAND = '#0b5cd5';
const RULE = '#cbd5e1';
const MINUS = '\u2212';

const label: TextStyle = { size: 7.5, bold: true, color: MUTED };
const body: TextStyle = { size: 9, color: INK };
const small: TextStyle = { size: 8.5, color: MUTED };
const figure: TextStyle = { size: 9.5, color: INK };
/** The total including GST: larger and bolder than every amount before GST on the page. */
const total: TextStyle = { size: 12, bold: true, color: INK };

/**
 * Renders a quotation as an A4 PDF in the embedded Noto fonts (documents/fonts.server.ts), so
 * names in Chinese, Tamil and Malay print as written. A long list of lines continues on further
 * pages under the table's header; every page says the quotation's number and its page. The bytes
 * are stored with the quotation as sent (with their SHA-256), so a later change to the company
 * details or the layout never alters a quotation already issued.
 */
export async function renderQuotationPdf(q: QuotationDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 50, bottom: 60, left: 50, right: 50 },
    bufferPages: true,
    info: {
      Title: `${q.draft ? 'Draft quotation' : 'Quotation'} ${q.number}`,
      Author: q.company.name,
      Subject: q.reference,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const ts = new Typesetter(doc);
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;
  const bottom = doc.page.height - doc.page.margins.bottom;
  let y = doc.page.margins.top;

  const rule = (at: number, from = left, color = RULE, weight = 1) =>
    doc.moveTo(from, at).lineTo(right, at).strokeColor(color).lineWidth(weight).stroke();
  /** A new page when `height` does not fit below y; true when one was added. */
  const room = (height: number, onNewPage?: () => void) => {
    if (y + height <= bottom) return false;
    doc.addPage();
    y = doc.page.margins.top;
    onNewPage?.();
    return true;
  };
  /** Wrapped text that may continue on the next page, a line at a time. */
  const flow = (text: string, style: TextStyle, x = left, w = width) => {
    for (const line of ts.lines(text, style, w)) {
      room(ts.lineHeight(style));
      y = ts.draw([line], x, y, style);
    }
  };

  // Letterhead: the company on the left, the document's identity on the right.
  const metaWidth = 210;
  const headWidth = width - metaWidth - 20;
  let headY = ts.text(
    q.company.name,
    left,
    y,
    { size: 16, bold: true, color: BRAND },
    {
      width: headWidth,
    },
  );
  headY += 2;
  for (const line of [
    q.company.address,
    `${q.company.phone} · ${q.company.email}`,
    `UEN ${q.company.uen}`,
    q.company.gstRegNo ? `GST Reg. No. ${q.company.gstRegNo}` : 'Not GST-registered',
  ])
    headY = ts.text(line, left, headY, { ...body, color: MUTED }, { width: headWidth });

  const metaX = right - metaWidth;
  let metaY = ts.text(
    q.draft ? 'DRAFT QUOTATION' : 'QUOTATION',
    metaX,
    y,
    { size: 18, bold: true },
    {
      width: metaWidth,
      align: 'right',
    },
  );
  metaY += 4;
  for (const [name, value] of [
    ['Quotation no.', q.number],
    ['Revision', String(q.revision)],
    ...(q.replaces ? [['Replaces', q.replaces]] : []),
    ['Date', q.date],
    ['Valid until', `${q.validUntil} (${q.validityDays} days)`],
    ['Enquiry', q.reference],
  ] as [string, string][]) {
    ts.text(name, metaX, metaY, { ...body, color: MUTED }, { width: 72 });
    metaY = ts.text(value, metaX + 76, metaY, { ...body, bold: true }, { width: metaWidth - 76 });
  }
  y = Math.max(headY, metaY) + 14;
  rule(y);
  y += 12;

  // Who it is for, and the buyer's own references.
  const half = (width - 24) / 2;
  let attY = ts.text('ATTENTION TO', left, y, label, { width: half });
  attY = ts.text(q.attention.name, left, attY + 2, { size: 10, bold: true }, { width: half });
  for (const line of [
    q.attention.organisation,
    q.attention.address,
    q.contact.email,
    q.contact.phone,
  ])
    if (line) attY = ts.text(line, left, attY, body, { width: half });
  const refX = left + half + 24;
  let refY = y;
  const references = [
    ['Your reference / PO', q.buyerReference],
    ['GeBIZ quotation no.', q.gebizReference],
    ['Promo code applied', q.promoCode],
  ].filter((r): r is [string, string] => Boolean(r[1]));
  if (references.length) {
    refY = ts.text('YOUR REFERENCES', refX, refY, label, { width: half });
    refY += 2;
    for (const [name, value] of references) {
      ts.text(name, refX, refY, { ...body, color: MUTED }, { width: 100 });
      refY = ts.text(value, refX + 104, refY, { ...body, bold: true }, { width: half - 104 });
    }
  }
  y = Math.max(attY, refY) + 18;

  // The lines: description with its note underneath, quantity, unit price, discount, amount.
  const discounts = q.lines.some((l) => l.discountCents > 0);
  const cols = {
    no: left + 4,
    desc: left + 24,
    amount: { x: right - 76, w: 72 },
    discount: { x: right - 148, w: 66 },
    unit: { x: right - (discounts ? 218 : 148), w: 66 },
    qty: { x: right - (discounts ? 256 : 186), w: 32 },
  };
  const descWidth = cols.qty.x - cols.desc - 10;
  const header = () => {
    doc.rect(left, y, width, 20).fill('#f1f5f9');
    const top = y + 6;
    const cell = (text: string, x: number, w?: number) =>
      ts.text(text, x, top, label, { width: w ?? 200, align: w ? 'right' : 'left' });
    cell('#', cols.no);
    cell('DESCRIPTION', cols.desc);
    cell('QTY', cols.qty.x, cols.qty.w);
    cell('UNIT PRICE', cols.unit.x, cols.unit.w);
    if (discounts) cell('DISCOUNT', cols.discount.x, cols.discount.w);
    cell('AMOUNT', cols.amount.x, cols.amount.w);
    y += 26;
  };
  const continued = () => {
    y = ts.text(`${q.number} (continued)`, left, y, { ...body, color: MUTED }, { width }) + 8;
  };
  header();
  q.lines.forEach((line, i) => {
    const description = ts.lines(line.description, figure, descWidth);
    const note = line.note ? ts.lines(line.note, small, descWidth) : [];
    const discountText = line.discount
      ? line.discount.kind === 'percent'
        ? `${formatDiscount(line.discount)}\n${MINUS}${formatCents(line.discountCents)}`
        : `${MINUS}${formatCents(line.discountCents)}`
      : '';
    const textHeight =
      description.length * ts.lineHeight(figure) + note.length * ts.lineHeight(small);
    const rowHeight =
      Math.max(textHeight, discountText.split('\n').length * ts.lineHeight(figure)) + 8;
    room(rowHeight, () => {
      continued();
      header();
    });
    const numbers = (text: string, col: { x: number; w: number }, style = figure) =>
      ts.text(text, col.x, y, style, { width: col.w, align: 'right' });
    ts.text(String(i + 1), cols.no, y, figure, { width: 20 });
    const noteY = ts.draw(description, cols.desc, y, figure);
    ts.draw(note, cols.desc, noteY, small);
    numbers(String(line.quantity), cols.qty);
    numbers(formatCents(line.unitPriceCents), cols.unit);
    if (discounts && discountText) numbers(discountText, cols.discount);
    numbers(formatCents(line.lineTotalCents), cols.amount);
    y += rowHeight;
    rule(y - 4, left, '#e2e8f0', 0.5);
  });

  // Totals, right-aligned under the amounts, kept together on one page.
  const gstRegistered = q.company.gstRegNo !== null;
  const rows: [string, string][] = [['Subtotal', formatCents(q.subtotalCents)]];
  if (q.discount)
    rows.push([
      `Discount (${formatDiscount(q.discount)})`,
      `${MINUS}${formatCents(q.discountCents)}`,
    ]);
  if (q.discount || gstRegistered) rows.push(['Amount before GST', formatCents(q.netCents)]);
  if (gstRegistered)
    rows.push([`GST ${formatRate(q.gstRateBasisPoints)}`, formatCents(q.gstCents)]);
  const totalsHeight = rows.length * ts.lineHeight(figure) + ts.lineHeight(total) + 40;
  room(totalsHeight, continued);
  y += 8;
  const labelX = right - 300;
  for (const [name, value] of rows) {
    ts.text(name, labelX, y, { ...figure, color: MUTED }, { width: 210, align: 'right' });
    y = ts.text(value, cols.amount.x - 20, y, figure, {
      width: cols.amount.w + 20,
      align: 'right',
    });
  }
  rule(y + 2, right - 260, INK);
  y += 8;
  const totalLabel = gstRegistered ? 'Total including GST (SGD)' : 'Total (SGD)';
  ts.text(totalLabel, labelX - 40, y, total, { width: 250, align: 'right' });
  y = ts.text(formatCents(q.totalCents), cols.amount.x - 40, y, total, {
    width: cols.amount.w + 40,
    align: 'right',
  });
  if (!gstRegistered) {
    y += 2;
    const note = `No GST is charged: ${q.company.name} is not GST-registered.`;
    y = ts.text(note, labelX - 100, y, small, { width: 400, align: 'right' });
  }
  y += 18;

  const section = (title: string, text: string) => {
    room(ts.lineHeight(label) + ts.lineHeight(body) * 2);
    y = ts.text(title, left, y, label, { width }) + 2;
    flow(text, body);
    y += 12;
  };
  if (q.terms) section('TERMS', q.terms);
  section(
    'HOW TO ACCEPT',
    `Accept online from the link in our e-mail, or reply with your purchase order quoting ${q.number}.`,
  );
  flow(`Prepared by ${q.preparedBy}, ${q.company.name}.`, { ...body, color: MUTED });

  // On every page: what it is and which page; a preview's DRAFT across it.
  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    const footY = doc.page.height - 40;
    ts.text(`${q.number} · Revision ${q.revision}`, left, footY, small, { width: width / 2 });
    ts.text(`Page ${i + 1} of ${pages.count}`, left + width / 2, footY, small, {
      width: width / 2,
      align: 'right',
    });
    if (q.draft) {
      const mark: TextStyle = { size: 110, bold: true, color: '#dc2626' };
      const markWidth = ts.width('DRAFT', mark);
      doc.save();
      doc.rotate(-35, { origin: [doc.page.width / 2, doc.page.height / 2] });
      doc.fillOpacity(0.12);
      ts.text('DRAFT', (doc.page.width - markWidth) / 2, doc.page.height / 2 - 80, mark, {
        width: markWidth + 1,
      });
      doc.restore();
    }
  }

  doc.end();
  return done;
}
