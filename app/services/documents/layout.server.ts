import PDFDocument from 'pdfkit';
import { formatCents, formatRate } from '~/lib/money';
import { Typesetter, type TextStyle } from './text.server';

const INK = '#0f172a';
const MUTED = '#475569';
const BRAND = '#0b5cd5';
const RULE = '#cbd5e1';
/** A true minus sign: a hyphen before an amount reads as a dash. */
export const MINUS = '\u2212';

/** The type of every company document, so a quotation and its invoice look alike. */
export const STYLE = {
  label: { size: 7.5, bold: true, color: MUTED },
  body: { size: 9, color: INK },
  muted: { size: 9, color: MUTED },
  small: { size: 8.5, color: MUTED },
  figure: { size: 9.5, color: INK },
  /** The total including GST: larger and bolder than every amount before GST on the page. */
  total: { size: 12, bold: true, color: INK },
} satisfies Record<string, TextStyle>;

/** The supplier, as its letterhead shows it. */
export interface Supplier {
  name: string;
  address: string;
  uen: string;
  email: string;
  phone: string;
  /** null: not GST-registered (the document says so and adds no GST). */
  gstRegNo: string | null;
}

/** A row of the lines table. */
export interface TableLine {
  description: string;
  /** Smaller, under the description. */
  note?: string | null;
  quantity: number;
  unitPriceCents: number;
  /** What the discount column says ('' for none); the column is left out when no line has one. */
  discount: string;
  lineTotalCents: number;
}

/** The totals under the lines, in cents. */
export interface Totals {
  subtotalCents: number;
  /** The discount on the whole document and what it is called ('Discount (5%)'), if any. */
  discount: { label: string; cents: number } | null;
  /** subtotal − discount: the amount before GST. */
  netCents: number;
  gstRateBasisPoints: number;
  gstCents: number;
  totalCents: number;
  /** A credit note's words: what is credited rather than charged. */
  credited?: boolean;
}

/**
 * An A4 company document (quotation, tax invoice, credit note) being written in the embedded
 * Noto fonts (documents/fonts.server.ts, set by the Typesetter), so names in Chinese, Tamil and
 * Malay print as written: the page frame, the letterhead, the lines table that continues on further
 * pages under its header, the totals, and on every page its number and "Page x of y". `y` is where
 * the next thing goes; the document's own parts are drawn by its renderer between these.
 */
export class CompanyDocument {
  readonly doc: PDFKit.PDFDocument;
  readonly ts: Typesetter;
  readonly left: number;
  readonly right: number;
  readonly width: number;
  readonly bottom: number;
  y: number;
  private readonly bytes: Promise<Buffer>;

  /** `number` heads every continuation page ("… (continued)"). */
  constructor(
    private readonly number: string,
    private readonly supplier: Supplier,
    info: { Title: string; Subject: string },
  ) {
    const doc = new PDFDocument({
      size: 'A4',
      margins: { top: 50, bottom: 60, left: 50, right: 50 },
      bufferPages: true,
      info: { ...info, Author: supplier.name },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    this.bytes = new Promise<Buffer>((resolve, reject) => {
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);
    });
    this.doc = doc;
    this.ts = new Typesetter(doc);
    this.left = doc.page.margins.left;
    this.right = doc.page.width - doc.page.margins.right;
    this.width = this.right - this.left;
    this.bottom = doc.page.height - doc.page.margins.bottom;
    this.y = doc.page.margins.top;
  }

  private rule(at: number, from = this.left, color = RULE, weight = 1): void {
    this.doc.moveTo(from, at).lineTo(this.right, at).strokeColor(color).lineWidth(weight).stroke();
  }

  /**
   * A new page when `height` does not fit below y. A new page starts with the document's number,
   * so a loose page is placed, then whatever `onNewPage` draws (the table's header).
   */
  room(height: number, onNewPage?: () => void): void {
    if (this.y + height <= this.bottom) return;
    this.doc.addPage();
    this.y = this.doc.page.margins.top;
    this.y =
      this.ts.text(`${this.number} (continued)`, this.left, this.y, STYLE.muted, {
        width: this.width,
      }) + 8;
    onNewPage?.();
  }

  /** Wrapped text that may continue on the next page, a line at a time. */
  flow(text: string, style: TextStyle, x = this.left, width = this.width): void {
    for (const line of this.ts.lines(text, style, width)) {
      this.room(this.ts.lineHeight(style));
      this.y = this.ts.draw([line], x, this.y, style);
    }
  }

  /**
   * The supplier on the left (name, address, phone and e-mail, UEN, GST registration), the
   * document's title and its particulars on the right, and a rule under both.
   */
  letterhead(title: string, particulars: [string, string][]): void {
    const { ts, left, right, width, supplier: s } = this;
    const metaWidth = 210;
    const headWidth = width - metaWidth - 20;
    let headY = ts.text(
      s.name,
      left,
      this.y,
      { size: 16, bold: true, color: BRAND },
      {
        width: headWidth,
      },
    );
    headY += 2;
    for (const line of [
      s.address,
      `${s.phone} · ${s.email}`,
      `UEN ${s.uen}`,
      s.gstRegNo ? `GST Reg. No. ${s.gstRegNo}` : 'Not GST-registered',
    ])
      headY = ts.text(line, left, headY, STYLE.muted, { width: headWidth });
    const metaX = right - metaWidth;
    const titleY = ts.text(
      title,
      metaX,
      this.y,
      { size: 18, bold: true },
      {
        width: metaWidth,
        align: 'right',
      },
    );
    const metaY = this.pairs(particulars, metaX, titleY + 4, metaWidth, 72);
    this.y = Math.max(headY, metaY) + 14;
    this.rule(this.y);
    this.y += 12;
  }

  /** Names and values in two columns (the value bold); returns the y below them. */
  pairs(pairs: [string, string][], x: number, top: number, width: number, nameWidth: number) {
    let y = top;
    for (const [name, value] of pairs) {
      this.ts.text(name, x, y, STYLE.muted, { width: nameWidth });
      y = this.ts.text(
        value,
        x + nameWidth + 4,
        y,
        { ...STYLE.body, bold: true },
        {
          width: width - nameWidth - 4,
        },
      );
    }
    return y;
  }

  /** A small heading over a name in bold and the lines under it; returns the y below. */
  party(heading: string, name: string, lines: (string | null)[], x: number, width: number) {
    let y = this.ts.text(heading, x, this.y, STYLE.label, { width });
    y = this.ts.text(name, x, y + 2, { size: 10, bold: true }, { width });
    for (const line of lines) if (line) y = this.ts.text(line, x, y, STYLE.body, { width });
    return y;
  }

  /**
   * The lines: number, description (its note underneath), quantity, unit price, discount (only
   * when a line has one) and amount. A row that does not fit goes to a new page, which starts
   * with the document's number and the table's header again.
   */
  lineTable(lines: readonly TableLine[]): void {
    const { ts, left, right, width } = this;
    const { figure, small, label } = STYLE;
    const discounts = lines.some((l) => l.discount);
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
      this.doc.rect(left, this.y, width, 20).fill('#f1f5f9');
      const top = this.y + 6;
      const cell = (text: string, x: number, w?: number) =>
        ts.text(text, x, top, label, { width: w ?? 200, align: w ? 'right' : 'left' });
      cell('#', cols.no);
      cell('DESCRIPTION', cols.desc);
      cell('QTY', cols.qty.x, cols.qty.w);
      cell('UNIT PRICE', cols.unit.x, cols.unit.w);
      if (discounts) cell('DISCOUNT', cols.discount.x, cols.discount.w);
      cell('AMOUNT', cols.amount.x, cols.amount.w);
      this.y += 26;
    };
    header();
    lines.forEach((line, i) => {
      const description = ts.lines(line.description, figure, descWidth);
      const note = line.note ? ts.lines(line.note, small, descWidth) : [];
      const textHeight =
        description.length * ts.lineHeight(figure) + note.length * ts.lineHeight(small);
      const rowHeight =
        Math.max(textHeight, line.discount.split('\n').length * ts.lineHeight(figure)) + 8;
      this.room(rowHeight, header);
      const y = this.y;
      const numbers = (text: string, col: { x: number; w: number }) =>
        ts.text(text, col.x, y, figure, { width: col.w, align: 'right' });
      ts.text(String(i + 1), cols.no, y, figure, { width: 20 });
      ts.draw(note, cols.desc, ts.draw(description, cols.desc, y, figure), small);
      numbers(String(line.quantity), cols.qty);
      numbers(formatCents(line.unitPriceCents), cols.unit);
      if (line.discount) numbers(line.discount, cols.discount);
      numbers(formatCents(line.lineTotalCents), cols.amount);
      this.y += rowHeight;
      this.rule(this.y - 4, left, '#e2e8f0', 0.5);
    });
  }

  /**
   * The totals, right-aligned under the amounts and kept together on one page: subtotal, the
   * discount, the amount before GST, GST at its rate, and the total including GST, larger and
   * bold (the most prominent amount, as a price quoted or charged to a buyer must show it).
   * Without a GST registration there is no GST line, the total is just the total, and a note
   * says why no GST is charged.
   */
  totals(t: Totals): void {
    const { ts, right } = this;
    const { figure, total, small } = STYLE;
    const registered = this.supplier.gstRegNo !== null;
    const rows: [string, string][] = [['Subtotal', formatCents(t.subtotalCents)]];
    if (t.discount) rows.push([t.discount.label, `${MINUS}${formatCents(t.discount.cents)}`]);
    if (t.discount || registered)
      rows.push([
        t.credited ? 'Amount credited before GST' : 'Amount before GST',
        formatCents(t.netCents),
      ]);
    if (registered) rows.push([`GST ${formatRate(t.gstRateBasisPoints)}`, formatCents(t.gstCents)]);
    this.room(rows.length * ts.lineHeight(figure) + ts.lineHeight(total) + 40);
    this.y += 8;
    const labelX = right - 300;
    const amountX = right - 96;
    for (const [name, value] of rows) {
      ts.text(
        name,
        labelX,
        this.y,
        { ...figure, color: STYLE.muted.color },
        {
          width: 210,
          align: 'right',
        },
      );
      this.y = ts.text(value, amountX, this.y, figure, { width: 92, align: 'right' });
    }
    this.rule(this.y + 2, right - 260, INK);
    this.y += 8;
    const totalLabel = `Total${t.credited ? ' credited' : ''}${registered ? ' including GST' : ''} (SGD)`;
    ts.text(totalLabel, labelX - 40, this.y, total, { width: 250, align: 'right' });
    this.y = ts.text(formatCents(t.totalCents), amountX - 20, this.y, total, {
      width: 112,
      align: 'right',
    });
    if (!registered) {
      const note = `No GST is charged: ${this.supplier.name} is not GST-registered.`;
      this.y = ts.text(note, labelX - 100, this.y + 2, small, { width: 400, align: 'right' });
    }
    this.y += 18;
  }

  /** A titled paragraph (terms, how to accept), which may run on to the next page. */
  section(title: string, text: string): void {
    this.room(this.ts.lineHeight(STYLE.label) + this.ts.lineHeight(STYLE.body) * 2);
    this.y = this.ts.text(title, this.left, this.y, STYLE.label, { width: this.width }) + 2;
    this.flow(text, STYLE.body);
    this.y += 12;
  }

  /**
   * Ends the document: `footer` (what it is) and "Page x of y" at the foot of every page, and a
   * `mark` such as DRAFT across each page when given. Resolves to the PDF's bytes.
   */
  finish(footer: string, mark?: string): Promise<Buffer> {
    const { doc, ts, left, width } = this;
    const pages = doc.bufferedPageRange();
    for (let i = 0; i < pages.count; i++) {
      doc.switchToPage(pages.start + i);
      const footY = doc.page.height - 40;
      ts.text(footer, left, footY, STYLE.small, { width: width / 2 });
      ts.text(`Page ${i + 1} of ${pages.count}`, left + width / 2, footY, STYLE.small, {
        width: width / 2,
        align: 'right',
      });
      if (mark) {
        const style: TextStyle = { size: 110, bold: true, color: '#dc2626' };
        const markWidth = ts.width(mark, style);
        doc.save();
        doc.rotate(-35, { origin: [doc.page.width / 2, doc.page.height / 2] });
        doc.fillOpacity(0.12);
        ts.text(mark, (doc.page.width - markWidth) / 2, doc.page.height / 2 - 80, style, {
          width: markWidth + 1,
        });
        doc.restore();
      }
    }
    doc.end();
    return this.bytes;
  }
}
