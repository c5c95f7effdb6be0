/**
 * The image encoder's thread (see encoder.server.ts): decodes a picture once and encodes the
 * files the shop stores. The decoded pixels (about 6 MB a photo) live in this thread's small
 * heap. In the server's heap they set off about one full garbage collection of the whole server
 * (its pages, its caches) a photo: some 40 ms of CPU, a fifth of the photo's own work, and pauses
 * for the buyers' requests. Only sharp and Node here: the thread loads nothing else of the app.
 */
import { parentPort } from 'node:worker_threads';
import sharp from 'sharp';
import type { EncodeRequest, EncodeResult } from './encoder.server';

interface Pixels {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

const fromPixels = ({ data, info }: Pixels) =>
  sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });

/** The pixels scaled to `width`. */
const scaled = async (pixels: Pixels, width: number) =>
  (await fromPixels(pixels)
    .resize({ width })
    .raw()
    .toBuffer({ resolveWithObject: true })) as Pixels;

async function encode(request: EncodeRequest): Promise<EncodeResult> {
  let pixels: Pixels;
  try {
    // Orientation applied, so the size is the size the shop shows (an EXIF-rotated portrait
    // photo is taller than wide); transparent parts white, in the JPEG (which has none: they
    // were black) and the WebP files alike, as the shop's white cards show them.
    pixels = (await sharp(request.input, {
      failOn: 'error',
      limitInputPixels: request.limitInputPixels,
    })
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize({ width: request.maxWidth, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true })) as Pixels;
  } catch (error) {
    return { ok: false, decode: true, message: String(error) };
  }
  const { width, height } = pixels.info;
  // A baseline JPEG with mozjpeg's quantisation tables (and its deringing of dark text on light
  // ground), without its trellis quantisation and progressive scans: the full preset made a
  // photo's JPEG about 30% smaller and took eight times as long; progressive scans alone took
  // half of what is left for 3% fewer bytes. Browsers are served the WebP files: the JPEG is the
  // PDFs' picture, the images export's file and a link preview's. sharp writes no metadata.
  const jpeg = await fromPixels(pixels)
    .jpeg({ quality: 85, quantisationTable: 3, overshootDeringing: true })
    .toBuffer();
  // Effort 2 of 6: files within a few per cent of the default effort's, in a third of the time.
  const webp: { width: number; data: Buffer }[] = [
    { width, data: await fromPixels(pixels).webp({ quality: 80, effort: 2 }).toBuffer() },
  ];
  // Largest first, each scaled from the one before: 7 ms a photo less than scaling each from the
  // largest, and once encoded the same picture (luma SSIM against a single step from the
  // original: 0.9778 and 0.9777 at 640 px, 0.9829 and 0.9831 at 320).
  let source = pixels;
  for (const w of [...request.widths].filter((w) => w < width).sort((a, b) => b - a)) {
    source = await scaled(source, w);
    webp.push({
      width: w,
      data: await fromPixels(source).webp({ quality: 78, effort: 2 }).toBuffer(),
    });
  }
  return { ok: true, width, height, jpeg, webp };
}

// One image at a time: a second request waits for the first (two photos' pixels at once would
// double the thread's memory).
let queue: Promise<unknown> = Promise.resolve();
parentPort!.on('message', (message: { id: number; request: EncodeRequest }) => {
  queue = queue.then(async () => {
    let result: EncodeResult;
    try {
      result = await encode(message.request);
    } catch (error) {
      result = { ok: false, decode: false, message: String(error) };
    }
    parentPort!.postMessage({ id: message.id, result });
  });
});
