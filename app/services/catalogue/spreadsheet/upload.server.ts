/**
 * The import form's upload, streamed to disk part by part (busboy): a spreadsheet of up to 50 MB
 * and a ZIP of images of up to 1 GB never sit in the server's memory.
 */
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { UserError } from '../../errors.server';
import { importFilePath, type ImportUpload } from './import.server';
import type { SheetEncoding } from './read.server';

export const SHEET_MAX_BYTES = 50 * 1024 * 1024;
export const ZIP_MAX_BYTES = 1024 * 1024 * 1024;

export const UPLOAD_MESSAGES = {
  noSheet: 'Choose a spreadsheet (CSV or Excel) to import.',
  sheetTooLarge: 'The spreadsheet is larger than 50 MB: split it into smaller files.',
  zipTooLarge: 'The ZIP of images is larger than 1 GB: split it, with the rows naming its images.',
  notZip: 'The images must come as one ZIP file.',
  unreadable: 'The form could not be read. Please reload the page and try again.',
} as const;

const ENCODINGS: readonly SheetEncoding[] = ['auto', 'utf-8', 'windows-1252'];

/** A file's name as the browser sent it, cleaned of folders and control characters. */
function cleanFileName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  return (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200);
}

/**
 * Reads the import form: `sheet` (required), `images` (an optional ZIP), `encoding` and
 * `createTaxonomy`. Each file goes to its own file on disk as it arrives; a file over its limit
 * is a 413 and whatever was written is removed.
 */
export async function readImportUpload(request: Request): Promise<ImportUpload> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(type) || !request.body)
    throw new UserError(UPLOAD_MESSAGES.unreadable, 400);
  const fields = new Map<string, string>();
  const files = new Map<string, { path: string; name: string }>();
  const writes: Promise<void>[] = [];
  let refusal: UserError | null = null;
  const parser = busboy({
    headers: { 'content-type': type },
    limits: { files: 2, fields: 10, fieldSize: 1024, fileSize: ZIP_MAX_BYTES, parts: 12 },
  });
  parser.on('field', (name, value) => fields.set(name, value));
  parser.on('file', (name, stream, info) => {
    const limit = name === 'sheet' ? SHEET_MAX_BYTES : name === 'images' ? ZIP_MAX_BYTES : 0;
    if (!limit || !info.filename || files.has(name)) {
      stream.resume();
      return;
    }
    writes.push(
      (async () => {
        const path = await importFilePath();
        files.set(name, { path, name: cleanFileName(info.filename ?? '') });
        let size = 0;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limit && !refusal) {
            refusal = new UserError(
              name === 'sheet' ? UPLOAD_MESSAGES.sheetTooLarge : UPLOAD_MESSAGES.zipTooLarge,
              413,
              name,
            );
            stream.resume();
          }
        });
        stream.on('limit', () => {
          refusal ??= new UserError(UPLOAD_MESSAGES.zipTooLarge, 413, name);
        });
        await pipeline(stream, createWriteStream(path, { mode: 0o600 }));
      })(),
    );
  });
  try {
    await pipeline(Readable.fromWeb(request.body as never), parser);
    await Promise.all(writes);
  } catch {
    refusal ??= new UserError(UPLOAD_MESSAGES.unreadable, 400);
  }
  const sheet = files.get('sheet');
  const zip = files.get('images');
  if (!refusal && (!sheet || !sheet.name))
    refusal = new UserError(UPLOAD_MESSAGES.noSheet, 400, 'sheet');
  if (refusal) {
    await Promise.all([...files.values()].map((f) => rm(f.path, { force: true })));
    throw refusal;
  }
  const encoding = fields.get('encoding') as SheetEncoding | undefined;
  return {
    sheetPath: sheet!.path,
    sheetName: sheet!.name,
    zipPath: zip?.path ?? null,
    zipName: zip?.name ?? null,
    encoding: encoding && ENCODINGS.includes(encoding) ? encoding : 'auto',
    createTaxonomy: fields.get('createTaxonomy') === 'on',
  };
}
