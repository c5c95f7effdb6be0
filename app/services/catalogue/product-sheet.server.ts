/**
 * A product's one-page PDF sheet, for a buyer to file or forward: the company's letterhead (the
 * quotations' CompanyDocument), the product's name, model code, sport and categories, its main
 * image and up to two more, its description, its specifications, and a QR code back to its page.
 * Made on the server and cached per product version (the catalogue cache forgets it at any
 * catalogue change, and the key holds the product's revision).
 */
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { encode } from 'uqr';
import { specificationValue } from '~/lib/specifications';
import { db } from '../db/client.server';
import { productImages } from '../db/schema';
import { CompanyDocument, STYLE } from '../documents/layout.server';
import { env } from '../env.server';
import { storage } from '../media/storage.server';
import { siteInfo } from '../site.server';
import { cached } from './cache.server';
import type { ProductDetail } from './products.server';

/** The address of a product's sheet (the page and the JSON-LD link to it). */
export function productSheetPath(id: number): string {
  return `/products/${id}/sheet.pdf`;
}

/** The picture a sheet prints, scaled down from the stored original (pdfkit takes JPEG). */
async function picture(key: string, width: number): Promise<Buffer | null> {
  const data = await storage().get(key);
  if (!data) return null;
  return sharp(data).resize({ width, withoutEnlargement: true }).jpeg({ quality: 80 }).toBuffer();
}

/** The stored originals of the product's first three images, in order. */
async function imageKeysOf(productId: number): Promise<string[]> {
  const rows = await db()
    .select({ key: productImages.key })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position))
    .limit(3);
  return rows.map((r) => r.key);
}

/** Draws a QR code of `text` as squares, `size` points wide, at (x, y). */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const { data } = encode(text, { border: 1, ecc: 'M' });
  const cell = size / data.length;
  doc.save().rect(x, y, size, size).fill('#ffffff');
  doc.fillColor('#000000');
  data.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (dark) doc.rect(x + c * cell, y + r * cell, cell + 0.05, cell + 0.05);
    }),
  );
  doc.fill().restore();
}

async function render(product: ProductDetail): Promise<Buffer> {
  const site = siteInfo();
  const url = `${env().publicUrl}/products/${product.id}`;
  const page = new CompanyDocument(product.name, site, {
    Title: `${product.name}: product sheet`,
    Subject: product.modelCode ?? `Product ${product.id}`,
  });
  const { doc, ts, left, width } = page;
  const today = new Date().toLocaleDateString('en-SG', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Singapore',
  });
  page.letterhead('PRODUCT SHEET', [
    ...(product.modelCode ? ([['Model code', product.modelCode]] as [string, string][]) : []),
    ['Date', today],
  ]);

  // The picture on the left, the name and particulars beside it.
  const imageSize = 200;
  const top = page.y;
  const keys = await imageKeysOf(product.id);
  const [main, ...more] = await Promise.all(keys.map((k) => picture(k, 600)));
  if (main)
    doc.image(main, left, top, { fit: [imageSize, imageSize], align: 'center', valign: 'center' });
  else doc.rect(left, top, imageSize, imageSize).fill('#f1f5f9');
  let thumbX = left;
  for (const image of more) {
    if (image) doc.image(image, thumbX, top + imageSize + 6, { fit: [64, 64] });
    thumbX += 70;
  }
  const textX = left + imageSize + 20;
  const textWidth = width - imageSize - 20;
  let y = ts.text(product.name, textX, top, { size: 16, bold: true }, { width: textWidth }) + 6;
  const facts: [string, string][] = [];
  if (product.modelCode) facts.push(['Model code', product.modelCode]);
  facts.push(['Sport', product.sport.name]);
  if (product.categories.length)
    facts.push(['Categories', product.categories.map((c) => c.name).join(', ')]);
  y = page.pairs(facts, textX, y, textWidth, 70) + 10;

  // The QR code under the particulars: the page the sheet came from.
  const qr = 86;
  drawQr(doc, url, textX, y, qr);
  ts.text(
    'Scan for the product page and to send an enquiry:',
    textX + qr + 10,
    y + 8,
    STYLE.muted,
    {
      width: textWidth - qr - 10,
    },
  );
  ts.text(url, textX + qr + 10, y + 36, STYLE.body, { width: textWidth - qr - 10 });
  page.y = Math.max(top + imageSize + (more.length ? 76 : 6), y + qr) + 14;

  // What is left of the page: the specifications first (a buyer's first question), then as much
  // of the description as fits, cut after a whole line with an ellipsis.
  const bottom = page.bottom - 10;
  if (product.specifications.length) {
    page.y = ts.text('SPECIFICATIONS', left, page.y, STYLE.label, { width }) + 4;
    const nameWidth = 150;
    for (const spec of product.specifications) {
      const lines = ts.lines(specificationValue(spec), STYLE.body, width - nameWidth - 10);
      const height = Math.max(1, lines.length) * ts.lineHeight(STYLE.body) + 4;
      if (page.y + height > bottom) break;
      ts.text(spec.name, left, page.y, { ...STYLE.body, bold: true }, { width: nameWidth });
      ts.draw(lines, left + nameWidth + 10, page.y, STYLE.body);
      page.y += height;
      doc
        .moveTo(left, page.y - 2)
        .lineTo(left + width, page.y - 2)
        .strokeColor('#e2e8f0')
        .lineWidth(0.5)
        .stroke();
    }
    page.y += 10;
  }
  if (product.description && page.y + 40 < bottom) {
    page.y = ts.text('DESCRIPTION', left, page.y, STYLE.label, { width }) + 4;
    const lineHeight = ts.lineHeight(STYLE.body);
    const lines = ts.lines(product.description.replace(/\s+/g, ' '), STYLE.body, width);
    const room = Math.max(0, Math.floor((bottom - page.y) / lineHeight));
    const cut = lines.length > room;
    page.y = ts.draw(lines.slice(0, cut ? room - 1 : room), left, page.y, STYLE.body);
    if (cut) ts.text('… continued on the product page', left, page.y, STYLE.muted, { width });
  }
  return page.finish(`Product sheet · ${site.name}`);
}

/**
 * The product's sheet as PDF bytes, cached by the product's id and revision until the catalogue
 * changes (a rename of its sport shows on the next sheet too).
 */
export function productSheet(product: ProductDetail): Promise<Buffer> {
  return cached(
    `sheet:${product.id}:${product.revision}`,
    () => render(product),
    (pdf) => pdf.length,
  );
}
