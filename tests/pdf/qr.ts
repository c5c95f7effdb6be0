import jsQR from 'jsqr';
import { ColorSpace, Document, Matrix } from 'mupdf';

/**
 * What the QR code on a PDF's first page says, read the way a phone reads a printed sheet: the
 * page is rendered to pixels with MuPDF on white paper and the pixels decoded with jsQR. Null
 * when no code is found. `scale` is pixels per point: 2 is 144 dpi.
 */
export function qrCodeOn(pdf: Buffer, scale = 2): string | null {
  const doc = Document.openDocument(new Uint8Array(pdf), 'application/pdf');
  const page = doc.loadPage(0);
  // Without alpha, so what nothing covers is white paper rather than transparent black.
  const pixmap = page.toPixmap(Matrix.scale(scale, scale), ColorSpace.DeviceRGB, false);
  try {
    const width = pixmap.getWidth();
    const height = pixmap.getHeight();
    const stride = pixmap.getStride();
    const rgb = pixmap.getPixels();
    // jsQR reads four bytes a pixel (RGBA).
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const from = y * stride + x * 3;
        const to = (y * width + x) * 4;
        rgba[to] = rgb[from]!;
        rgba[to + 1] = rgb[from + 1]!;
        rgba[to + 2] = rgb[from + 2]!;
        rgba[to + 3] = 255;
      }
    // Dark squares on light paper only: looking for a light-on-dark code as well doubles the time.
    return jsQR(rgba, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  } finally {
    pixmap.destroy();
    page.destroy();
    doc.destroy();
  }
}
