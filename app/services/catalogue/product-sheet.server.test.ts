import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { canRenderPdf, qrCodeOn } from '../../../tests/pdf/qr';
import { pdfText } from '../../../tests/pdf/text';
import { createCategory, createSport } from '../../../tests/factories';
import { env } from '../env.server';
import { siteInfo } from '../site.server';
import { createProduct, getProductForEdit, updateProduct } from './admin-products.server';
import { productSheet } from './product-sheet.server';
import { getProduct } from './products.server';

const actor = { id: null, name: 'Ada Admin' };
let sportId: number;
let categoryId: number;

async function png(colour: string): Promise<File> {
  const data = await sharp({ create: { width: 900, height: 600, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(data)], `${colour}.png`, { type: 'image/png' });
}

beforeAll(async () => {
  sportId = (await createSport({ name: 'Sepak Takraw' })).id;
  categoryId = (await createCategory({ name: 'Takraw Nets' })).id;
});

describe('a product sheet', () => {
  it('is one page with the product, its specifications, the company and the page’s address', async () => {
    const saved = await createProduct(
      actor,
      {
        name: 'Takraw Net Set',
        modelCode: 'ST-610',
        sportId,
        categoryIds: [categoryId],
        images: ['new:0', 'new:1'],
        description: 'A net for the court. '.repeat(240).trim(),
        specName: Array.from({ length: 12 }, (_, i) => `Spec ${i + 1}`),
        specValue: Array.from({ length: 12 }, (_, i) => `${i + 1}.5`),
        specUnit: Array.from({ length: 12 }, () => 'm'),
      },
      [await png('#1a7'), await png('#e80')],
    );
    const product = (await getProduct(saved.id))!;
    const pdf = await productSheet(product);
    if (process.env.SHEET_OUT)
      await import('node:fs/promises').then((fs) => fs.writeFile(process.env.SHEET_OUT!, pdf));
    const { text, pages } = await pdfText(pdf);
    expect(pages).toBe(1);
    expect(text).toContain('Takraw Net Set');
    expect(text).toContain('ST-610');
    expect(text).toContain('Spec 1');
    expect(text).toContain('1.5 m');
    expect(text).toContain(siteInfo().name);
    expect(text).toContain(`${env().publicUrl}/products/${saved.id}`);
    // Too long for one page: cut, and said so.
    expect(text).toContain('continued on the product page');
  });

  // Skipped without poppler's pdftoppm (apt-get install poppler-utils), which CI has.
  it.skipIf(!canRenderPdf)(
    'has a QR code that a reader decodes to the product page’s address',
    async () => {
      // A picture beside the code and a name long enough to wrap, as on a real sheet.
      const saved = await createProduct(
        actor,
        {
          name: 'Competition Sepak Takraw Net with Steel Cable and Carry Bag',
          modelCode: 'ST-620',
          sportId,
          categoryIds: [categoryId],
          images: ['new:0'],
        },
        [await png('#123')],
      );
      const pdf = await productSheet((await getProduct(saved.id))!);
      expect(await qrCodeOn(pdf)).toBe(`${env().publicUrl}/products/${saved.id}`);
    },
  );

  it('is made once per product version', async () => {
    const saved = await createProduct(
      actor,
      { name: 'Takraw Ball', sportId, categoryIds: [categoryId], images: ['new:0'] },
      [await png('#36c')],
    );
    const first = await productSheet((await getProduct(saved.id))!);
    expect(await productSheet((await getProduct(saved.id))!)).toBe(first);
    const edit = (await getProductForEdit(saved.id))!;
    await updateProduct(
      actor,
      saved.id,
      {
        name: 'Takraw Ball (Match)',
        sportId,
        categoryIds: [categoryId],
        images: [`existing:${edit.images[0]!.id}`],
        revision: edit.revision,
      },
      [],
    );
    const next = await productSheet((await getProduct(saved.id))!);
    expect(next).not.toBe(first);
    expect((await pdfText(next)).text).toContain('Takraw Ball (Match)');
  });
});
