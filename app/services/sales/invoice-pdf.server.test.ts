// The tax invoice and credit note PDFs read back as text: every field a Singapore tax invoice must
// show, names typed in Chinese, Tamil and Malay as written, the not-GST-registered invoice, a credit
// note, and a long list of lines over several pages.
import { describe, expect, it } from 'vitest';
import { invoiceDocument as invoice } from '../../../tests/factories';
import { pdfText } from '../../../tests/pdf/text';
import { renderInvoicePdf, type InvoiceDocument } from './invoice-pdf.server';

const textOf = async (over: Parameters<typeof invoice>[0] = {}) =>
  pdfText(await renderInvoicePdf(invoice(over)));

const creditNote = {
  kind: 'credit_note',
  number: 'CN-2040-00002',
  date: '2 Apr 2040',
  credits: { number: 'INV-2040-00001', date: '9 Mar 2040', reason: 'One goal net returned.' },
  lines: [
    {
      description: 'Credit against invoice INV-2040-00001',
      quantity: 1,
      unitPriceCents: 10_005,
      discountCents: 0,
      lineTotalCents: 10_005,
    },
  ],
  subtotalCents: 10_005,
  discountCents: 0,
  gstCents: 900,
  totalCents: 10_905,
} satisfies Partial<InvoiceDocument>;

describe('the tax invoice PDF', () => {
  it('prints every field a tax invoice must show, with the totals to the cent', async () => {
    const { text } = await textOf();
    for (const expected of [
      'Tax Invoice',
      'Invoice no. INV-2040-00001',
      'Invoice date 9 Mar 2040',
      'Fieldhouse Sports Engineering',
      '21 Sports Hub Way, #03-12, Singapore 397630',
      'UEN 202612345K',
      'GST Reg. No. M90312345X',
      'Order SO-FH-2026-ABC123',
      'Quotation Q-FH-2026-ABC123-1',
      'Your PO PO-2026-0042',
      'BILL TO',
      'Mdm Tan Siew Ling',
      'Bedok Green Primary School',
      '1 Bedok North Ave 2',
      'Singapore 469661',
      '# DESCRIPTION QTY UNIT PRICE DISCOUNT AMOUNT',
      '1 Aluminium Goalposts (pair) 2 S$1,234.55 −S$246.91 S$2,222.19',
      '2 Installation 1 S$480.00 S$480.00',
      'Subtotal S$2,702.19',
      'Discount −S$2.14',
      'Amount before GST S$2,700.05',
      'GST 9% S$243.00',
      'Total including GST (SGD) S$2,943.05',
      'Please quote INV-2040-00001 with your payment.',
      'Tax Invoice INV-2040-00001 Page 1 of 1',
    ])
      expect(text, expected).toContain(expected);
    expect(text).not.toContain('Not GST-registered');
    expect(text).not.toContain('(continued)');
  });

  it('leaves out the discount column when no line has a discount, and the PO when there is none', async () => {
    const { text } = await textOf({
      poNumber: null,
      lines: [invoice().lines[1]!],
      subtotalCents: 48_000,
      discountCents: 0,
      gstCents: 4_320,
      totalCents: 52_320,
    });
    expect(text).toContain('# DESCRIPTION QTY UNIT PRICE AMOUNT');
    expect(text).toContain('Amount before GST S$480.00');
    expect(text).toContain('Total including GST (SGD) S$523.20');
    for (const absent of ['DISCOUNT', 'Discount', 'Your PO']) expect(text).not.toContain(absent);
  });

  it('prints Chinese, Tamil and Malay as typed, in the customer and in the lines', async () => {
    for (const name of ['陈伟明', 'முருகன்', 'Nur Aisyah binti Abdullah']) {
      const { text } = await textOf({
        customer: {
          name,
          organisation: `${name} Sports Club`,
          address: `Blk 5 Jalan Bukit Merah\nc/o ${name}`,
        },
        lines: [{ ...invoice().lines[0]!, description: `Goalposts for ${name}` }],
      });
      for (const expected of [
        `BILL TO\n${name}\n`,
        `${name} Sports Club`,
        `c/o ${name}`,
        `Goalposts for ${name}`,
      ])
        expect(text, expected).toContain(expected);
      expect(text).not.toContain('?');
    }
  });

  it('is an Invoice with no GST when the company was not GST-registered', async () => {
    const { text } = await textOf({
      gstRegNo: null,
      gstRateBasisPoints: 0,
      gstCents: 0,
      totalCents: 270_005,
    });
    expect(text).toMatch(/^Invoice$/m);
    expect(text).toContain('Not GST-registered');
    expect(text).toContain('Amount before GST S$2,700.05');
    expect(text).toContain('Total (SGD) S$2,700.05');
    expect(text).toContain(
      'No GST is charged: Fieldhouse Sports Engineering is not GST-registered.',
    );
    expect(text).toContain('Invoice INV-2040-00001 Page 1 of 1');
    for (const absent of ['Tax Invoice', 'GST Reg. No.', 'GST 0%', 'including GST'])
      expect(text).not.toContain(absent);
  });

  it('prints a credit note: its number, the invoice it credits, the reason and the amounts', async () => {
    const { text } = await textOf({
      ...creditNote,
      credits: { ...creditNote.credits, reason: 'முருகன் returned one net; 陈伟明 agreed.' },
    });
    for (const expected of [
      'Credit Note',
      'Credit note no. CN-2040-00002',
      'Date 2 Apr 2040',
      'For invoice INV-2040-00001 (9 Mar 2040)',
      'GST Reg. No. M90312345X',
      'Mdm Tan Siew Ling',
      'REASON',
      'முருகன் returned one net; 陈伟明 agreed.',
      '1 Credit against invoice INV-2040-00001 1 S$100.05 S$100.05',
      'Subtotal S$100.05',
      'Amount credited before GST S$100.05',
      'GST 9% S$9.00',
      'Total credited including GST (SGD) S$109.05',
      'This credit note reduces the amount of invoice INV-2040-00001.',
      'Credit Note CN-2040-00002 Page 1 of 1',
    ])
      expect(text, expected).toContain(expected);
    for (const absent of ['Tax Invoice', 'Invoice no.', 'Please quote'])
      expect(text).not.toContain(absent);
  });

  it('prints a credit note for an invoice without GST without GST', async () => {
    const { text } = await textOf({
      ...creditNote,
      gstRegNo: null,
      gstRateBasisPoints: 0,
      gstCents: 0,
      totalCents: 10_005,
    });
    expect(text).toContain('Total credited (SGD) S$100.05');
    expect(text).toContain('Not GST-registered');
    for (const absent of ['GST 9%', 'including GST', 'before GST'])
      expect(text).not.toContain(absent);
  });

  it('continues 60 lines on further pages under the table header, totals once at the end', async () => {
    const line = invoice().lines[0]!;
    const lines = Array.from({ length: 60 }, (_, i) => ({
      ...line,
      description: `Line ${i + 1}: goalposts, 3 m × 2 m, 陈伟明 முருகன்`,
    }));
    const { text, pages } = await textOf({ lines });
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(text.match(/# DESCRIPTION QTY UNIT PRICE DISCOUNT AMOUNT/g)).toHaveLength(pages);
    expect(text.match(/INV-2040-00001 \(continued\)/g)).toHaveLength(pages - 1);
    for (let page = 1; page <= pages; page++)
      expect(text).toContain(`Tax Invoice INV-2040-00001 Page ${page} of ${pages}`);
    // Whatever the line breaks (a long description wraps), each row reads in order.
    const flat = text.replace(/\s+/g, ' ');
    for (let i = 1; i <= 60; i++)
      expect(flat).toContain(`${i} Line ${i}: goalposts, 3 m × 2 m, 陈伟明 முருகன் 2 S$1,234.55`);
    expect(text.match(/Total including GST \(SGD\)/g)).toHaveLength(1);
    // The totals come after the last line.
    expect(text.indexOf('Line 60:')).toBeLessThan(text.indexOf('Subtotal'));
  });
});
