// The quotation PDF's text: what the built-in font cannot print becomes '?' or a space, and the
// rest of the line prints as written (pdfkit garbled everything after such a character).
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { pdfText, renderQuotationPdf, type QuotationDocument } from './pdf.server';

const document = (over: Partial<QuotationDocument['customer']>, terms: string) =>
  ({
    company: {
      name: 'Fieldhouse Sports Engineering',
      address: '21 Sports Hub Way',
      uen: '202612345K',
      email: 'sales@fieldhouse.example',
      phone: '+65 6123 4567',
    },
    number: 'Q-FH-2026-ABC123-1',
    reference: 'FH-2026-ABC123',
    date: '26 Nov 2026',
    validUntil: '26 Dec 2026',
    validityDays: 30,
    customer: {
      name: 'Tan',
      organisation: null,
      email: null,
      phone: null,
      poReference: null,
      ...over,
    },
    lines: [
      {
        description: 'Goal',
        note: null,
        quantity: 1,
        unitPriceCents: 100,
        lineTotalCents: 100,
      },
    ],
    subtotalCents: 100,
    gstRateBasisPoints: 900,
    gstCents: 9,
    totalCents: 109,
    terms,
    preparedBy: 'Staff Lim',
  }) satisfies QuotationDocument;

describe('pdfText', () => {
  it('keeps Windows-1252, spaces out control characters and marks the rest', () => {
    expect(pdfText('Zoë – “Bedok” €5')).toBe('Zoë – “Bedok” €5');
    expect(pdfText('Net 30\tdays\r\nthen')).toBe('Net 30 days \nthen');
    expect(pdfText('Tan 陈小明 ok')).toBe('Tan ??? ok');
    // Accents the font lacks are left off the letter; letters it has keep theirs.
    expect(pdfText('Nguyễn Ştefan Zoë Łukasz')).toBe('Nguyen Stefan Zoë ?ukasz');
    expect(pdfText('ＡＢＣ１２３')).toBe('ABC123'); // full-width forms, NFKC
  });

  it('lets the rest of each line print as written in the PDF', async () => {
    const pdf = await renderQuotationPdf(
      document({ name: 'Tan 陈小明 ok', organisation: 'Sekolah ௐ Rendah' }, 'Net 30\tdays.'),
    );
    const parser = new PDFParse({ data: new Uint8Array(pdf) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain('Tan ??? ok');
    expect(text).toContain('Sekolah ? Rendah');
    expect(text).toContain('Net 30 days.');
  });
});
