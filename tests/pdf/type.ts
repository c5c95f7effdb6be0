import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expect } from 'vitest';

/** A piece of text on a page: what it says, its size in points, and its font's name. */
export interface SetText {
  text: string;
  size: number;
  font: string;
}

/**
 * The amounts (text with S$) of a PDF's first page, each with its size and font, read with
 * pdf.js. Not in one process with pdf-parse (tests/pdf/text.ts): pdf-parse runs its own copy of
 * pdf.js, and two versions in one process clash, so a test file uses one or the other.
 */
export async function amountsOf(pdf: Buffer): Promise<SetText[]> {
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
  return items;
}

/**
 * Expects `total` to be the most prominent amount on the PDF's first page: bold, and at least as
 * large as every other amount, which are all regular (as IRAS asks of a price including GST
 * shown with amounts before GST).
 */
export async function expectTotalMostProminent(pdf: Buffer, total: string): Promise<void> {
  const items = await amountsOf(pdf);
  const found = items.find((i) => i.text === total);
  expect(found, total).toBeDefined();
  expect(found!.font).toMatch(/-Bold$/);
  const others = items.filter((i) => i !== found);
  expect(others.length).toBeGreaterThan(5);
  for (const other of others) {
    expect(other.size, other.text).toBeLessThanOrEqual(found!.size);
    expect(other.font, other.text).not.toMatch(/-Bold$/);
  }
}
