import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { ImageVariant } from '../db/schema';
import { env } from '../env.server';

/** Widths of the WebP variants made for every stored product image. */
export const VARIANT_WIDTHS = [320, 640, 960] as const;

export interface StoredImage {
  key: string;
  width: number;
  height: number;
  variants: ImageVariant[];
}

export function uploadsDir(): string {
  return path.join(env().dataDir, 'uploads');
}

/** URL path under which a stored file is served (immutable: keys are content hashes). */
export function mediaUrl(key: string): string {
  return `/media/${key}`;
}

async function put(key: string, data: Buffer): Promise<void> {
  const file = path.join(uploadsDir(), key);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, data);
}

/**
 * Stores an image and its WebP variants. The content is decoded by sharp, so a file that is
 * not really an image is refused whatever its name says. Keys are content hashes.
 */
export async function storeImage(input: Buffer, folder = 'products'): Promise<StoredImage> {
  const image = sharp(input, { failOn: 'error' }).rotate();
  const meta = await image.metadata();
  if (!meta.width || !meta.height) throw new Error('Not an image');
  const hash = createHash('sha256').update(input).digest('hex').slice(0, 20);
  const original = await image.clone().jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  const key = `${folder}/${hash}.jpg`;
  await put(key, original);
  const variants: ImageVariant[] = [];
  for (const width of VARIANT_WIDTHS.filter((w) => w < meta.width!)) {
    const data = await image.clone().resize({ width }).webp({ quality: 78 }).toBuffer();
    const variantKey = `${folder}/${hash}-${width}.webp`;
    await put(variantKey, data);
    variants.push({ key: variantKey, width, format: 'webp' });
  }
  const full = await image.clone().webp({ quality: 80 }).toBuffer();
  const fullKey = `${folder}/${hash}-${meta.width}.webp`;
  await put(fullKey, full);
  variants.push({ key: fullKey, width: meta.width, format: 'webp' });
  return { key, width: meta.width, height: meta.height, variants };
}
