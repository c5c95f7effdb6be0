import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** One stored file as a listing names it. */
export interface StoredFile {
  key: string;
  size: number;
}

/** A file opened for sending as it is (the /media route), with what its headers need. */
export interface OpenedFile {
  body: Readable;
  size: number;
  contentType: string;
  etag?: string;
  lastModified?: Date;
}

/**
 * A place that keeps files by key: a local folder or a prefix of a bucket. Storage and
 * PrivateStorage (storage.server.ts) are built on it, and the move command copies between two.
 */
export interface FileStore {
  /** Where the files are, for messages: a folder, or s3://bucket/prefix. */
  readonly where: string;
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or null when nothing is stored under `key`. */
  get(key: string): Promise<Buffer | null>;
  /** The file's size in bytes, or null when nothing is stored under `key`. */
  size(key: string): Promise<number | null>;
  /** Removes the file; a missing file is not an error (deletes are retried and idempotent). */
  delete(key: string): Promise<void>;
  /** Every file, in no particular order. */
  list(): AsyncIterable<StoredFile>;
}

/**
 * Keys are made by the server (content hashes, random names under a record's id); anything else
 * reaching a store is a bug. The same rule for every store, so a key that works on disk works in
 * a bucket and back.
 */
const KEY = /^[a-z0-9][a-z0-9_-]*(\.[a-z0-9]+)*(\/[a-z0-9][a-z0-9_-]*(\.[a-z0-9]+)*)*$/i;

export function isStorageKey(key: string): boolean {
  return key.length <= 512 && KEY.test(key);
}

export function checkKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`Bad storage key ${JSON.stringify(key)}`);
  return key;
}

/**
 * Content types by extension, for files copied from a folder (which keeps none). Only what the
 * shop stores; anything else is sent as bytes to download, never as something a browser runs.
 */
const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.pdf': 'application/pdf',
};

export function contentTypeOf(key: string): string {
  return TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * A local folder. Private files get owner-only permissions. `root` is read on each call, so a
 * test may point DATA_DIR elsewhere before the first use.
 */
export function folderStore(root: () => string, options: { private?: boolean } = {}): FileStore {
  const file = (key: string) => path.join(root(), checkKey(key));
  const missing = (error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  };
  return {
    get where() {
      return root();
    },
    async put(key, data) {
      const target = file(key);
      await mkdir(path.dirname(target), {
        recursive: true,
        ...(options.private ? { mode: 0o700 } : {}),
      });
      await writeFile(target, data, options.private ? { mode: 0o600 } : {});
    },
    async get(key) {
      return readFile(file(key)).catch(missing);
    },
    async size(key) {
      return stat(file(key)).then((s) => (s.isFile() ? s.size : null), missing);
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
    async *list() {
      const base = root();
      const entries = await readdir(base, { recursive: true, withFileTypes: true }).catch(
        (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? [] : Promise.reject(error)),
      );
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const full = path.join(entry.parentPath, entry.name);
        const key = path.relative(base, full).split(path.sep).join('/');
        // A stray file (an editor's backup, a half-written copy) is not the shop's.
        if (!isStorageKey(key)) continue;
        yield { key, size: (await stat(full)).size };
      }
    },
  };
}

/** A bucket's prefix as a FileStore, plus `open` for streaming a file out as it is. */
export interface BucketStore extends FileStore {
  /** Resolves when the bucket answers (readiness); rejects when it does not. */
  check(): Promise<void>;
  /**
   * The file with its metadata for sending, or null when absent; `notModified` when the
   * caller's ETag (If-None-Match) still matches, so nothing needs sending.
   */
  open(
    key: string,
    options?: { ifNoneMatch?: string },
  ): Promise<OpenedFile | { notModified: true } | null>;
}

/**
 * A bucket's store whose S3 code is loaded on first use (`make`), so a shop without S3_BUCKET
 * never loads the SDK (a second of start-up and tens of megabytes).
 */
export function lazyBucketStore(where: string, make: () => Promise<BucketStore>): BucketStore {
  let store: Promise<BucketStore> | undefined;
  const loaded = () => (store ??= make());
  return {
    where,
    put: async (key, data, contentType) => (await loaded()).put(key, data, contentType),
    get: async (key) => (await loaded()).get(key),
    size: async (key) => (await loaded()).size(key),
    delete: async (key) => (await loaded()).delete(key),
    async *list() {
      yield* (await loaded()).list();
    },
    check: async () => (await loaded()).check(),
    open: async (key, options) => (await loaded()).open(key, options),
  };
}
