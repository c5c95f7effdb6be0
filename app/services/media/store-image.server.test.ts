import { rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { encodeImage } from './encoder.server';
import { storeImage, uploadsDir } from './storage.server';

// The real encoder, watched: how often storeImage asks the image thread for a picture's files.
vi.mock('./encoder.server', async (original) => {
  const actual = await original<typeof import('./encoder.server')>();
  return { ...actual, encodeImage: vi.fn(actual.encodeImage) };
});

const picture = (background: string) =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background } })
    .jpeg()
    .toBuffer();

describe('storeImage of a picture stored before', () => {
  it('encodes nothing and writes nothing the second time', async () => {
    const input = await picture('#2a9d8f');
    const first = await storeImage(input);
    vi.mocked(encodeImage).mockClear();
    const written: string[] = [];
    expect(await storeImage(input, { written })).toEqual(first);
    expect(encodeImage).not.toHaveBeenCalled();
    expect(written).toEqual([]);
  });

  it('makes again only the file that is missing', async () => {
    const input = await picture('#e76f51');
    const first = await storeImage(input);
    const lost = first.variants.find((v) => v.width === 640)!.key;
    await rm(path.join(uploadsDir(), lost));
    vi.mocked(encodeImage).mockClear();
    const written: string[] = [];
    expect(await storeImage(input, { written })).toEqual(first);
    expect(encodeImage).toHaveBeenCalledTimes(1);
    expect(written).toEqual([lost]);
  });
});
