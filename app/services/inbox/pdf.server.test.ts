// The quotation PDF read back as text: every field a school's approval needs, the totals to the
// cent, names in Chinese, Tamil and Malay as written, the not-GST-registered variant, a long list
// over several pages, and the draft mark of a preview.
import { describe, expect, it } from 'vitest';
import { quotationDocument as quotation } from '../../../tests/factories';
import { pdfText as textOf } from '../../../tests/pdf/text';
import { renderQuotationPdf } from './pdf.server';

describe('the quotation PDF', () => {
  it('prints every field an approval needs, with the totals to the cent', async () => {
    const { text } = await textOf(await renderQuotationPdf(quotation()));
    for (const expected of [
      'QUOTATION',
      'Quotation no. Q-FH-2026-ABC123-2',
      'Revision 2',
      'Replaces Q-FH-2026-ABC123-1',
      'Date 26 Nov 2026',
      'Valid until 26 Dec 2026 (30 days)',
      'Fieldhouse Sports Engineering',
      '21 Sports Hub Way, #03-12, Singapore 397630',
      'UEN 202612345K',
      'GST Reg. No. M2-1234567-8',
      'ATTENTION TO',
      'Mdm Siti',
      'Bedok Green Primary School',
      '1 Bedok North Drive',
      'Singapore 469660',
      'Your reference / PO PO-2026-0042',
      'GeBIZ quotation no. MOESCHETQ26000123',
      'Promo code applied SCHOOL10',
      'Aluminium Goalposts (pair)',
      'Includes ground anchors',
      'S$1,250.50',
      '10%',
      '−S$250.10',
      'S$2,250.90',
      'Installation on site',
      '−S$50.00',
      'S$100.00',
      'Subtotal S$2,350.90',
      'Discount (5%) −S$117.55',
      'Amount before GST S$2,233.35',
      'GST 9% S$201.00',
      'Total including GST (SGD) S$2,434.35',
      'Payment within 30 days of invoice.',
      'HOW TO ACCEPT',
      'Accept online from the link in our e-mail, or reply with your purchase order quoting Q-FH-2026-ABC123-2.',
      'Prepared by Staff Lim',
      'Page 1 of 1',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('DRAFT');
    expect(text).not.toContain('/quotations/');
  });

  it('says the company is not GST-registered and adds no GST when it has no number', async () => {
    const { text } = await textOf(
      await renderQuotationPdf(
        quotation({
          company: { ...quotation().company, gstRegNo: null },
          discount: null,
          discountCents: 0,
          netCents: 235_090,
          gstRateBasisPoints: 0,
          gstCents: 0,
          totalCents: 235_090,
          replaces: null,
          revision: 1,
        }),
      ),
    );
    expect(text).toContain('Not GST-registered');
    expect(text).toContain('Total (SGD) S$2,350.90');
    expect(text).toContain(
      'No GST is charged: Fieldhouse Sports Engineering is not GST-registered.',
    );
    for (const absent of [
      'GST Reg. No.',
      'GST 9%',
      'Total including GST',
      'Replaces',
      'Discount (',
    ])
      expect(text).not.toContain(absent);
  });

  it('prints Chinese, Tamil and Malay names as written', async () => {
    const { text } = await textOf(
      await renderQuotationPdf(
        quotation({
          attention: {
            name: '陈伟明',
            organisation: 'முருகன் Sports Club',
            address: 'Nur Aisyah binti Abdullah, Blk 5 Jalan Bukit Merah',
          },
          lines: [{ ...quotation().lines[0]!, description: 'Tan 陈伟明 நன்றி Zoë Łukasz Nguyễn' }],
        }),
      ),
    );
    expect(text).toContain('陈伟明');
    expect(text).toContain('முருகன் Sports Club');
    expect(text).toContain('Nur Aisyah binti Abdullah');
    expect(text).toContain('Tan 陈伟明 நன்றி Zoë Łukasz Nguyễn');
  });

  it('prints what no embedded font has as ?, and a tab as a space, keeping the rest of the line', async () => {
    const { text } = await textOf(
      await renderQuotationPdf(
        quotation({ attention: { name: 'Ali مرحبا 😀 ok', organisation: null, address: null } }),
      ),
    );
    expect(text).toContain('Ali ????? ? ok');
    const tabbed = await textOf(await renderQuotationPdf(quotation({ terms: 'Net 30\tdays.' })));
    expect(tabbed.text).toContain('Net 30 days.');
  });

  it('continues a long list on further pages under the table header, totals once at the end', async () => {
    const line = quotation().lines[1]!;
    const lines = Array.from({ length: 70 }, (_, i) => ({
      ...line,
      description: `Line ${i + 1}: mat, 2 m × 1 m, blue`,
    }));
    const { text, pages } = await textOf(await renderQuotationPdf(quotation({ lines })));
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(text.match(/# DESCRIPTION QTY UNIT PRICE DISCOUNT AMOUNT/g)).toHaveLength(pages);
    expect(text.match(/Q-FH-2026-ABC123-2 \(continued\)/g)).toHaveLength(pages - 1);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    for (let i = 1; i <= 70; i++) expect(text).toContain(`Line ${i}: mat`);
    expect(text.match(/Total including GST/g)).toHaveLength(1);
  });

  it('marks a preview DRAFT', async () => {
    const { text } = await textOf(await renderQuotationPdf(quotation({ draft: true })));
    expect(text).toContain('DRAFT QUOTATION');
    expect(text).toContain('DRAFT');
  });

  it('embeds only the glyphs used: a quotation with Chinese stays small', async () => {
    const start = performance.now();
    const pdf = await renderQuotationPdf(
      quotation({ attention: { name: '陈伟明', organisation: null, address: null } }),
    );
    // The Chinese face is 10 MB; subset, the whole PDF is a few tens of kilobytes.
    expect(pdf.length).toBeLessThan(80_000);
    expect(performance.now() - start).toBeLessThan(5_000);
  });
});
