// The quotation PDF's type read with pdf.js: the total including GST is at least as prominent as
// any amount before GST (never smaller, and bold), as IRAS asks of a price quoted to a buyer. A
// file of its own: pdf-parse runs its own copy of pdf.js, and two versions in one process clash.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { quotationDocument as quotation } from '../../../tests/factories';
import { renderQuotationPdf } from './pdf.server';

describe('what the PDF makes prominent', () => {
  it('sets the total including GST at least as large as any other amount, and bold', async () => {
    const pdf = await renderQuotationPdf(quotation());
    const doc = await getDocument({ data: new Uint8Array(pdf) }).promise;
    const page = await doc.getPage(1);
    const content = await page.getTextContent();
    // Loads the page's fonts, so each text item's font can be named.
    await page.getOperatorList();
    const items = content.items
      .filter((i) => 'str' in i && /S\$/.test(i.str))
      .map((i) => {
        const item = i as { str: string; transform: number[]; fontName: string };
        const font = page.commonObjs.get(item.fontName) as { name: string };
        return {
          text: item.str,
          size: Math.hypot(item.transform[0]!, item.transform[1]!),
          font: font.name,
        };
      });
    await doc.destroy();
    const total = items.find((i) => i.text === 'S$2,434.35')!;
    expect(total.font).toMatch(/-Bold$/);
    const others = items.filter((i) => i !== total);
    expect(others.length).toBeGreaterThan(5);
    for (const other of others) expect(other.size, other.text).toBeLessThanOrEqual(total.size);
    // The amounts before GST are regular, not bold.
    for (const other of others) expect(other.font, other.text).not.toMatch(/-Bold$/);
  });
});
