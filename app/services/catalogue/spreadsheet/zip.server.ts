/**
 * ZIP files from staff (the images of an import, and an Excel workbook, which is a ZIP): read
 * from disk through their central directory, every entry's size checked before it is read, so a
 * ZIP bomb (a small file that inflates to gigabytes) is refused instead of filling memory.
 */
import yauzl from 'yauzl';
import { UserError } from '../../errors.server';

export interface ZipLimits {
  /** Most entries the ZIP may hold. */
  entries: number;
  /** Largest all entries together may inflate to. */
  totalBytes: number;
  /** How many times its compressed size an entry of over 1 MB may inflate to. */
  ratio: number;
}

export interface ZipIndex {
  /** The entries by name (folders left out), with their inflated sizes. */
  entries: Map<string, yauzl.Entry>;
  file: yauzl.ZipFile;
}

export const ZIP_MESSAGES = {
  notZip: (what: string) => `${what} is not a ZIP file, or it is damaged.`,
  tooManyEntries: (what: string, n: number) => `${what} holds more than ${n} files.`,
  bomb: (what: string) =>
    `${what} inflates to far more than its size (a ZIP bomb?): nothing was read from it.`,
  tooLarge: (what: string, mb: number) => `${what} inflates to more than ${mb} MB.`,
} as const;

function open(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (error, zip) =>
      error || !zip ? reject(error ?? new Error('no zip')) : resolve(zip),
    ),
  );
}

/**
 * The ZIP's entries, after checking every declared size against `limits` (yauzl then checks each
 * entry's actual inflated size against its declared one as it is read). Refusals are 4xx
 * UserErrors naming the file as `what`.
 */
export async function openZip(path: string, what: string, limits: ZipLimits): Promise<ZipIndex> {
  const file = await open(path).catch(() => {
    throw new UserError(ZIP_MESSAGES.notZip(what), 415);
  });
  const entries = new Map<string, yauzl.Entry>();
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      file.on('error', reject);
      file.on('end', resolve);
      file.on('entry', (entry: yauzl.Entry) => {
        if (entries.size >= limits.entries)
          return reject(new UserError(ZIP_MESSAGES.tooManyEntries(what, limits.entries), 413));
        const size = entry.uncompressedSize;
        if (size > 1024 * 1024 && size > entry.compressedSize * limits.ratio)
          return reject(new UserError(ZIP_MESSAGES.bomb(what), 413));
        total += size;
        if (total > limits.totalBytes)
          return reject(
            new UserError(ZIP_MESSAGES.tooLarge(what, Math.round(limits.totalBytes / 1e6)), 413),
          );
        if (!entry.fileName.endsWith('/')) entries.set(entry.fileName, entry);
        file.readEntry();
      });
      file.readEntry();
    });
  } catch (error) {
    file.close();
    if (error instanceof UserError) throw error;
    throw new UserError(ZIP_MESSAGES.notZip(what), 415);
  }
  return { entries, file };
}

/** One entry's bytes (at most `maxBytes`, or null when it is larger). */
export function readEntry(
  index: ZipIndex,
  entry: yauzl.Entry,
  maxBytes: number,
): Promise<Buffer | null> {
  if (entry.uncompressedSize > maxBytes) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    index.file.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(error ?? new Error('no stream'));
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          stream.destroy();
          resolve(null);
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

/** The file name an entry is known by in a spreadsheet: its last path segment. */
export function baseName(entryName: string): string {
  return entryName.split('/').pop() ?? entryName;
}
