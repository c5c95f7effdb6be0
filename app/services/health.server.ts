import { constants, existsSync } from 'node:fs';
import { access } from 'node:fs/promises';
import { isDatabaseHealthy } from './boot.server';
import { env } from './env.server';
import { privateDir, uploadsDir } from './media/storage.server';

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

/**
 * Whether this process can serve: the database answers a query, and the storage folders can be
 * written (a missing or read-only data folder is a lost volume). Each within `ms`.
 */
export async function readiness(
  ms = 2000,
  folders = storageFolders(),
): Promise<{ ready: boolean; checks: { database: Check; storage: Check } }> {
  const [database, storage] = await Promise.all([
    isDatabaseHealthy(ms),
    within(ms, () => Promise.all(folders.map((dir) => access(dir, constants.W_OK)))),
  ]);
  return {
    ready: database && storage,
    checks: { database: database ? 'ok' : 'unavailable', storage: storage ? 'ok' : 'unavailable' },
  };
}
