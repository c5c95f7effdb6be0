import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createGpsPhoto } from '../../../tests/factories';
import { UserError } from '../errors.server';
import { storeImage, uploadsDir } from './storage.server';
import { checkImage, readProductUpload, UPLOAD_MESSAGES } from './uploads.server';

async function refusal(promise: Promise<unknown>): Promise<UserError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UserError);
  return error as UserError;
}

describe('readProductUpload', () => {
  it('refuses a declared body beyond three full images before reading any of it', async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const request = new Request('http://localhost/admin/create', {
      method: 'POST',
      body,
      duplex: 'half',
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(40 * 1024 * 1024),
      },
    } as RequestInit);
    const error = await refusal(readProductUpload(request));
    expect(error).toMatchObject({ status: 413, message: UPLOAD_MESSAGES.bodyTooLarge });
    expect(pulled).toBeLessThanOrEqual(1); // at most the stream's own first pre-fetch
  });

  it('reads the fields and the files in order', async () => {
    const form = new FormData();
    form.set('name', 'Net');
    form.append('images', 'new:0');
    form.append('images', 'new:1');
    form.append('file', new Blob(['a']), 'a.png');
    form.append('file', new Blob(['b']), 'b.png');
    const upload = await readProductUpload(
      new Request('http://localhost/admin/create', { method: 'POST', body: form }),
    );
    expect(upload.form.get('name')).toBe('Net');
    expect(upload.form.getAll('images')).toEqual(['new:0', 'new:1']);
    expect(upload.files.map((f) => f.name)).toEqual(['a.png', 'b.png']);
  });
});

describe('checkImage and storeImage', () => {
  it('accepts JPEG, PNG and WebP by content', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const data = await sharp({
        create: { width: 20, height: 20, channels: 3, background: '#f00' },
      })
        .toFormat(format)
        .toBuffer();
      await expect(checkImage(data, 'Image 1')).resolves.toBeUndefined();
    }
  });

  it('refuses a GIF even though sharp can read it', async () => {
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#0f0' } })
      .gif()
      .toBuffer();
    const error = await refusal(checkImage(gif, 'Image 1'));
    expect(error).toMatchObject({ status: 415, field: 'images' });
  });

  it('drops EXIF and GPS data and applies the orientation', async () => {
    const photo = await createGpsPhoto();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const stored = await storeImage(photo);
    expect({ width: stored.width, height: stored.height }).toEqual({ width: 200, height: 300 });
    for (const key of [stored.key, ...stored.variants.map((v) => v.key)]) {
      const meta = await sharp(await readFile(path.join(uploadsDir(), key))).metadata();
      expect(meta.exif, key).toBeUndefined();
      expect(meta.orientation ?? 1, key).toBe(1);
    }
    expect(stored.variants.map((v) => v.width)).toEqual([200]);
  });

  it('stores a picture wider than any page shows at the widest width a page asks for', async () => {
    const wide = await sharp({
      create: {
        width: 2400,
        height: 1000,
        channels: 4,
        background: { r: 0, g: 0, b: 255, alpha: 0 },
      },
    })
      .png()
      .toBuffer();
    const stored = await storeImage(wide);
    expect({ width: stored.width, height: stored.height }).toEqual({ width: 1600, height: 667 });
    expect(stored.variants.map((v) => v.width)).toEqual([320, 640, 960, 1600]);
    for (const [key, width] of [
      [stored.key, 1600],
      ...stored.variants.map((v) => [v.key, v.width] as const),
    ] as const) {
      const file = await readFile(path.join(uploadsDir(), key));
      const meta = await sharp(file).metadata();
      expect(meta.width, key).toBe(width);
      // Transparency becomes the white of the shop's cards.
      const { dominant } = await sharp(file).stats();
      expect(dominant, key).toEqual({ r: 248, g: 248, b: 248 });
    }
  });
});
