import { constants, existsSync } from 'node:fs';
import { access } from 'node:fs/promises';
import { isDatabaseHealthy } from './boot.server';
import { env } from './env.server';
import { configuredBuckets, privateDir, uploadsDir, type Buckets } from './media/storage.server';

export type Check = 'ok' | 'unavailable';

/** Resolves false when `check` fails or takes longer than `ms` (a hung disk counts as down). */
function within(ms: number, check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    check().then(
      () => true,
      () => false,
    ),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** The data folder, and its uploads and private files where they exist yet (made on first use). */
function storageFolders(): string[] {
  return [env().dataDir, ...[uploadsDir(), privateDir()].filter((dir) => existsSync(dir))];
}

/** A storage check: these folders can be written (a missing or read-only one is a lost volume). */
export function foldersWritable(folders: string[]): () => Promise<unknown> {
  return () => Promise.all(folders.map((dir) => access(dir, constants.W_OK)));
}

/**
 * The storage check of this process: with a bucket, the bucket answers and the data folder (the
 * outbox, the lock) can be written; without one, the data folder and its file folders.
 */
export function storageCheck(
  buckets: Buckets | null = configuredBuckets(),
): () => Promise<unknown> {
  if (!buckets) return foldersWritable(storageFolders());
  const folder = foldersWritable([env().dataDir]);
  // One bucket holds both prefixes: asking it once is enough.
  return () => Promise.all([folder(), buckets.public.check()]);
}

/** Whether this process can serve: the database answers a query, and the storage. Each within `ms`. */
export async function readiness(
  ms = 2000,
  checkStorage = storageCheck(),
): Promise<{ ready: boolean; checks: { database: Check; storage: Check } }> {
  const [database, storage] = await Promise.all([isDatabaseHealthy(ms), within(ms, checkStorage)]);
  return {
    ready: database && storage,
    checks: { database: database ? 'ok' : 'unavailable', storage: storage ? 'ok' : 'unavailable' },
  };
}
