import { spawn, spawnSync } from 'node:child_process';
import jsQR from 'jsqr';
import sharp from 'sharp';

/**
 * Whether pdftoppm is here to render pages. Without it the QR tests are skipped, except under
 * CI=true, where they must run (.ci/run installs poppler-utils).
 */
export const canRenderPdf =
  process.env.CI === 'true' || spawnSync('pdftoppm', ['-v']).error === undefined;

/** Renders a PDF's first page to a PNG with poppler's pdftoppm (`apt-get install poppler-utils`). */
function firstPagePng(pdf: Buffer, dpi: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('pdftoppm', ['-png', '-r', String(dpi), '-f', '1', '-singlefile', '-']);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(Buffer.concat(out))
        : reject(new Error(`pdftoppm exited with ${code}: ${Buffer.concat(err).toString()}`)),
    );
    child.stdin.end(pdf);
  });
}

/**
 * What the QR code on a PDF's first page says, read the way a phone reads a printed sheet: the
 * page is rendered to pixels on white paper and the pixels decoded with jsQR. Null when no code is
 * found.
 */
export async function qrCodeOn(pdf: Buffer, dpi = 144): Promise<string | null> {
  const { data, info } = await sharp(await firstPagePng(pdf, dpi))
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const rgba = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  // Dark squares on light paper only: looking for a light-on-dark code as well doubles the time.
  return jsQR(rgba, info.width, info.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}
