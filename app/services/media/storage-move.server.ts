import type { S3Config } from '../env.server';
import { contentTypeOf, folderStore, type FileStore } from './object-store.server';
import { bucketsFor } from './storage.server';

export interface CopyReport {
  /** Files written to the target. */
  moved: number;
  /** Files the target already had with the same size (an earlier, interrupted run). */
  skipped: number;
  /** Bytes written. */
  bytes: number;
}

/**
 * Copies every file of `from` that `to` lacks, or has with another size, keeping its key. Safe to
 * run again after an interruption: what arrived is skipped. A file removed from `from` while the
 * copy runs is passed over. The source is left as it is.
 */
export async function copyFiles(from: FileStore, to: FileStore): Promise<CopyReport> {
  const report: CopyReport = { moved: 0, skipped: 0, bytes: 0 };
  for await (const file of from.list()) {
    if ((await to.size(file.key)) === file.size) {
      report.skipped++;
      continue;
    }
    const data = await from.get(file.key);
    if (!data) continue;
    await to.put(file.key, data, contentTypeOf(file.key));
    report.moved++;
    report.bytes += data.length;
  }
  return report;
}

export type Direction = 's3' | 'local';

export interface MoveReport {
  public: CopyReport & { from: string; to: string };
  private: CopyReport & { from: string; to: string };
}

/**
 * Copies the shop's public and private files between the data folder and the bucket: `s3` from
 * `folders` to the bucket, `local` back.
 */
export async function moveStorage(
  to: Direction,
  s3: S3Config,
  folders: { public: string; private: string },
): Promise<MoveReport> {
  const bucket = bucketsFor(s3);
  const local = {
    public: folderStore(() => folders.public),
    private: folderStore(() => folders.private, { private: true }),
  };
  const run = async (kind: 'public' | 'private') => {
    const [from, target] = to === 's3' ? [local[kind], bucket[kind]] : [bucket[kind], local[kind]];
    return { ...(await copyFiles(from, target)), from: from.where, to: target.where };
  };
  return { public: await run('public'), private: await run('private') };
}
