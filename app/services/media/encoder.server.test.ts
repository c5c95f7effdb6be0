import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeImage, stopImageThread, type EncodeRequest } from './encoder.server';
import { MAX_STORED_WIDTH, VARIANT_WIDTHS } from './storage.server';

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7bd5' } })
    .jpeg()
    .toBuffer();

const request = (input: Buffer): EncodeRequest => ({
  input,
  limitInputPixels: 40_000_000,
  maxWidth: MAX_STORED_WIDTH,
  widths: VARIANT_WIDTHS,
});

afterAll(() => stopImageThread());

describe('encodeImage', () => {
  it('makes a baseline JPEG and a WebP at the stored width and at each smaller width', async () => {
    const result = await encodeImage(request(await photo(2000, 1000)));
    if (!result.ok) throw new Error(result.message);
    expect(result).toMatchObject({ width: 1600, height: 800 });
    const jpeg = await sharp(result.jpeg).metadata();
    expect(jpeg).toMatchObject({ format: 'jpeg', width: 1600, height: 800, isProgressive: false });
    expect(result.webp.map((w) => w.width)).toEqual([1600, 960, 640, 320]);
    for (const file of result.webp) {
      const meta = await sharp(file.data).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: file.width });
      expect(meta.height).toBe(Math.round((file.width * 800) / 1600));
    }
  });

  it('answers pictures sent at once, each with its own files', async () => {
    const sizes = [
      [700, 500],
      [300, 200],
      [1000, 1000],
    ] as const;
    const results = await Promise.all(
      sizes.map(async ([w, h]) => encodeImage(request(await photo(w, h)))),
    );
    expect(results.map((r) => (r.ok ? [r.width, r.height, r.webp.length] : r.message))).toEqual([
      [700, 500, 3],
      [300, 200, 1],
      [1000, 1000, 4],
    ]);
  });

  it('says a file that does not decode is damaged', async () => {
    const whole = await photo(800, 600);
    const result = await encodeImage(request(whole.subarray(0, whole.length / 2)));
    expect(result).toMatchObject({ ok: false, decode: true });
  });

  it('fails the picture a stopped thread was encoding, and starts a new thread for the next', async () => {
    const input = await photo(2000, 1500);
    const interrupted = encodeImage(request(input));
    await stopImageThread();
    await expect(interrupted).rejects.toThrow(/image thread stopped/);
    await expect(encodeImage(request(input))).resolves.toMatchObject({ ok: true, width: 1600 });
  });
});
