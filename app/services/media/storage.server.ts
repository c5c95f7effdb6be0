import { createHash } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import type { ImageVariant } from '../db/schema';
import { env, type S3Config } from '../env.server';
import { encodeImage } from './encoder.server';
import type { S3Client } from '@aws-sdk/client-s3';
import {
  folderStore,
  lazyBucketStore,
  type BucketStore,
  type FileStore,
} from './object-store.server';

/** Widths of the WebP variants made for every stored product image. */
export const VARIANT_WIDTHS = [320, 640, 960] as const;

/**
 * Where media files live. Routes and domain code only ever go through this interface: the local
 * folder, or a bucket when S3_BUCKET is set.
 */
export interface Storage {
  /** Stores `data` under `key` (a server-made name, never one from a user). */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Whether a file is stored under `key`. */
  has(key: string): Promise<boolean>;
  /** The file's bytes, or null when nothing is stored under `key` (the images export reads them). */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; a missing file is not an error (deletes are retried and idempotent). */
  delete(key: string): Promise<void>;
  /** The URL the browser loads the file from. */
  url(key: string): string;
}

/**
 * Where private files live (buyers' attachments, purchase orders): never under a public URL. The
 * server reads them back and sends them after its own access check.
 */
export interface PrivateStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or null when nothing is stored under `key`. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

export function uploadsDir(): string {
  return path.join(env().dataDir, 'uploads');
}

/** Private files' folder: beside `uploads`, not under it, so `/media` can never serve one. */
export function privateDir(): string {
  return path.join(env().dataDir, 'private');
}

/**
 * In a bucket, public files sit under `media/` and private ones under `private/`: one bucket and
 * one set of keys to run, and a bucket policy (or a CDN) can make `media/` public without
 * touching `private/` (docs/decisions/015).
 */
export const BUCKET_PREFIX = { public: 'media/', private: 'private/' } as const;

/** Public files: a year in any cache (keys are content hashes, so a key's bytes never change). */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Private files: no cache anywhere keeps a copy. */
const PRIVATE_CACHE_CONTROL = 'private, no-store';

function publicStorageOn(files: FileStore, url: (key: string) => string): Storage {
  return {
    put: (key, data, contentType) => files.put(key, data, contentType),
    has: async (key) => (await files.size(key)) !== null,
    get: (key) => files.get(key),
    delete: (key) => files.delete(key),
    url,
  };
}

const localMediaUrl = (key: string) => `/media/${key}`;

/** The local folder `$DATA_DIR/uploads`, served by the Express app at `/media`. */
export function localStorage(root: () => string = uploadsDir): Storage {
  return publicStorageOn(folderStore(root), localMediaUrl);
}

/** The local folder `$DATA_DIR/private`, readable by the server's user only. */
export function localPrivateStorage(root: () => string = privateDir): PrivateStorage {
  return folderStore(root, { private: true });
}

/** The two prefixes of the configured bucket. */
export interface Buckets {
  public: BucketStore;
  private: BucketStore;
}

/**
 * The bucket's two prefixes for these settings (the move command and the tests use it too), on
 * one client: `client`, or one made from the settings when first used.
 */
export function bucketsFor(config: S3Config, client?: S3Client): Buckets {
  let sdk: Promise<{ s3: typeof import('./s3-store.server'); client: S3Client }> | undefined;
  const load = () =>
    (sdk ??= import('./s3-store.server').then((s3) => ({
      s3,
      client: client ?? s3.s3Client(config),
    })));
  const prefix = (name: string, cacheControl: string) =>
    lazyBucketStore(`s3://${config.bucket}/${name}`, async () => {
      const { s3, client } = await load();
      return s3.bucketStore(client, config.bucket, name, { cacheControl });
    });
  return {
    public: prefix(BUCKET_PREFIX.public, MEDIA_CACHE_CONTROL),
    private: prefix(BUCKET_PREFIX.private, PRIVATE_CACHE_CONTROL),
  };
}

/** Public files in the bucket; their URLs are S3_PUBLIC_URL's when set, else the shop's /media. */
export function s3Storage(config: S3Config, store = bucketsFor(config).public): Storage {
  const base = config.publicUrl;
  return publicStorageOn(
    store,
    base ? (key) => `${base}/${BUCKET_PREFIX.public}${key}` : localMediaUrl,
  );
}

let buckets: Buckets | null | undefined;

/** This process's bucket when S3_BUCKET is set, or null (files in DATA_DIR). */
export function configuredBuckets(): Buckets | null {
  if (buckets === undefined) {
    const config = env().s3;
    buckets = config ? bucketsFor(config) : null;
  }
  return buckets;
}

let currentPrivate: PrivateStorage | undefined;

/** The private storage of this process: the bucket's `private/` prefix, or `$DATA_DIR/private`. */
export function privateStorage(): PrivateStorage {
  currentPrivate ??= configuredBuckets()?.private ?? localPrivateStorage();
  return currentPrivate;
}

let current: Storage | undefined;

/** The storage of this process: the bucket's `media/` prefix, or `$DATA_DIR/uploads`. */
export function storage(): Storage {
  if (!current) {
    const store = configuredBuckets()?.public;
    current = store ? s3Storage(env().s3!, store) : localStorage();
  }
  return current;
}

/** URL under which a stored file is served (immutable: keys are content hashes). */
export function mediaUrl(key: string): string {
  return storage().url(key);
}

export interface StoredImage {
  key: string;
  width: number;
  height: number;
  variants: ImageVariant[];
}

/** Every file key an image occupies: the JPEG original and its WebP variants. */
export function imageKeys(image: { key: string; variants: { key: string }[] }): string[] {
  return [image.key, ...image.variants.map((v) => v.key)];
}

/** Whether every file of an image is in storage. */
export async function isStored(image: StoredImage): Promise<boolean> {
  const present = await Promise.all(imageKeys(image).map((key) => storage().has(key)));
  return present.every(Boolean);
}

/**
 * The widest picture stored: no page asks for a wider one. A product's main picture is at most
 * 767 CSS pixels wide (a phone or small tablet; 600 beside the details on a desktop), 1534 device
 * pixels on a 2× screen; the banners are drawn 1600 wide. A larger upload is stored at this width.
 */
export const MAX_STORED_WIDTH = 1600;

/**
 * The keys and variants of an image stored under `name` in `folder` at this (stored) size: the
 * JPEG original, a WebP at each variant width below its own, and a WebP at its own width.
 */
export function storedImageLayout(
  folder: string,
  name: string,
  width: number,
  height: number,
): StoredImage {
  const variants: ImageVariant[] = VARIANT_WIDTHS.filter((w) => w < width).map((w) => ({
    key: `${folder}/${name}-${w}.webp`,
    width: w,
    format: 'webp',
  }));
  variants.push({ key: `${folder}/${name}-${width}.webp`, width, format: 'webp' });
  return { key: jpegKey(folder, name), width, height, variants };
}

/** The key of an image's JPEG original. */
const jpegKey = (folder: string, name: string) => `${folder}/${name}.jpg`;

/**
 * The image stored under `name` in `folder` when all its files are there, else null. Its JPEG is
 * written last (storeImage), so it stands for a complete set; its size is in the JPEG's header.
 */
async function storedBefore(folder: string, name: string): Promise<StoredImage | null> {
  const jpeg = await storage().get(jpegKey(folder, name));
  if (!jpeg) return null;
  const { width, height } = await sharp(jpeg).metadata();
  const stored = storedImageLayout(folder, name, width, height);
  return (await isStored(stored)) ? stored : null;
}

/** The input could not be decoded (a damaged or truncated file), as opposed to storage failing. */
export class ImageDecodeError extends Error {
  constructor(cause: unknown) {
    super('The image could not be decoded.', { cause });
    this.name = 'ImageDecodeError';
  }
}

/**
 * Stores an already checked image (see uploads.server.ts) and its WebP variants: orientation
 * applied, metadata (EXIF, GPS) dropped by re-encoding, at most MAX_STORED_WIDTH wide. Keys are
 * content hashes, so the same picture uploaded twice is stored and encoded once; `name` replaces
 * the hash for a caller that derives its own deterministic name. `written` receives each key this
 * call created (not ones that already existed), so a caller whose transaction fails can remove
 * exactly those.
 * A file that does not decode throws ImageDecodeError.
 */
export async function storeImage(
  input: Buffer,
  options: { folder?: string; name?: string; limitInputPixels?: number; written?: string[] } = {},
): Promise<StoredImage> {
  const { folder = 'products', written = [] } = options;
  const store = storage();
  const name = options.name ?? createHash('sha256').update(input).digest('hex').slice(0, 20);
  // The same picture again (uploaded twice, an import's ZIP sent again): nothing to encode.
  const before = await storedBefore(folder, name);
  if (before) return before;
  // Decoded once, in the image thread (encoder.server.ts), which encodes every file below.
  const encoded = await encodeImage({
    input,
    limitInputPixels: options.limitInputPixels ?? 40_000_000,
    maxWidth: MAX_STORED_WIDTH,
    widths: VARIANT_WIDTHS,
  });
  if (!encoded.ok) {
    if (encoded.decode) throw new ImageDecodeError(new Error(encoded.message));
    throw new Error(`Encoding the image failed: ${encoded.message}`);
  }
  const put = async (key: string, data: Uint8Array, type: string) => {
    if (await store.has(key)) return;
    await store.put(key, Buffer.from(data.buffer, data.byteOffset, data.byteLength), type);
    written.push(key);
  };
  const stored = storedImageLayout(folder, name, encoded.width, encoded.height);
  for (const variant of stored.variants) {
    const file = encoded.webp.find((w) => w.width === variant.width);
    if (!file) throw new Error(`The image thread made no ${variant.width} px WebP.`);
    await put(variant.key, file.data, 'image/webp');
  }
  // Last: a stored JPEG says every file of the image is there (storedBefore).
  await put(stored.key, encoded.jpeg, 'image/jpeg');
  return stored;
}
