/**
 * Reads an uploaded spreadsheet from disk, a row at a time: CSV (UTF-8, or Windows-1252 as Excel
 * saves "CSV" on Windows) or Excel (.xlsx, its first worksheet). Whatever the file, memory stays
 * bounded: rows are streamed, a file of more than MAX_ROWS rows is refused when its next row
 * arrives, and a workbook's ZIP is checked before it is opened.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { UserError } from '../../errors.server';
import { openZip } from './zip.server';

/** Rows of products one file may hold (the header not counted). */
export const MAX_ROWS = 20_000;
/** Characters one cell may hold (a description is at most 5,000). */
const MAX_CELL = 100_000;

export type SheetEncoding = 'auto' | 'utf-8' | 'windows-1252';

export const READ_MESSAGES = {
  notSheet: 'This file is not a CSV or Excel (.xlsx) file.',
  oldExcel:
    'Excel 97–2003 (.xls) files are not read: save the file as .xlsx or CSV, then upload it.',
  notUtf8:
    'This file is not UTF-8 text. If it came from Excel, choose Windows-1252 as its encoding (or save it as "CSV UTF-8") and upload it again.',
  tooManyRows: `The file has more than ${MAX_ROWS.toLocaleString('en-SG')} rows of products: split it into smaller files.`,
  empty: 'The file has no header row.',
  unreadable: 'The file could not be read as CSV: check that it is a comma-separated file.',
  noSheet: 'The workbook has no worksheet.',
} as const;

/** One row of the file: its number (the header is row 1) and its cells as text. */
export interface SheetRow {
  row: number;
  cells: string[];
}

export interface Sheet {
  /** How the text was read: 'UTF-8', 'Windows-1252' or 'Excel'. */
  encoding: string;
  rows: AsyncGenerator<SheetRow>;
}

async function head(path: string, bytes: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Whether the whole file is valid UTF-8 (streamed: the file is never in memory at once). */
async function isUtf8(path: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(path))
      decoder.decode(chunk as Buffer, { stream: true });
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/**
 * Opens a spreadsheet by its content (its name is not trusted): a ZIP is read as a workbook, an
 * OLE file is an old .xls, text is CSV. Refusals of the whole file are 4xx UserErrors.
 */
export async function openSheet(path: string, encoding: SheetEncoding = 'auto'): Promise<Sheet> {
  const start = await head(path, 8192);
  if (start.length === 0) throw new UserError(READ_MESSAGES.empty, 400);
  if (start.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])))
    return { encoding: 'Excel', rows: xlsxRows(path) };
  if (start.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0])))
    throw new UserError(READ_MESSAGES.oldExcel, 415);
  // Text has no NUL bytes; a PDF, an image or an executable has them near its start.
  if (start.includes(0)) throw new UserError(READ_MESSAGES.notSheet, 415);
  const utf8 = await isUtf8(path);
  if (encoding === 'utf-8' && !utf8) throw new UserError(READ_MESSAGES.notUtf8, 415);
  const as1252 = encoding === 'windows-1252' || (encoding === 'auto' && !utf8);
  return { encoding: as1252 ? 'Windows-1252' : 'UTF-8', rows: csvRows(path, as1252) };
}

async function* csvRows(path: string, windows1252: boolean): AsyncGenerator<SheetRow> {
  const source = createReadStream(path);
  const text = windows1252 ? source.pipe(iconv.decodeStream('win1252')) : source;
  const parser = text.pipe(
    parse({
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: MAX_CELL * 4,
      info: true,
    }),
  );
  let count = 0;
  try {
    for await (const record of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      if (++count > MAX_ROWS + 1) throw new UserError(READ_MESSAGES.tooManyRows, 413);
      yield { row: count, cells: record.record };
    }
  } catch (error) {
    if (error instanceof UserError) throw error;
    throw new UserError(READ_MESSAGES.unreadable, 400);
  } finally {
    source.destroy();
  }
  if (count === 0) throw new UserError(READ_MESSAGES.empty, 400);
}

/** A cell's value as text; a formula as '=' and its formula, which the import refuses. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('formula' in value || 'sharedFormula' in value)
    return `=${'formula' in value ? value.formula : value.sharedFormula}`;
  if ('richText' in value) return value.richText.map((t) => t.text).join('');
  if ('text' in value) return typeof value.text === 'string' ? value.text : cellText(value.text);
  if ('error' in value) return String(value.error);
  return '';
}

async function* xlsxRows(path: string): AsyncGenerator<SheetRow> {
  // The workbook is a ZIP: its parts are checked before anything inflates them.
  const zip = await openZip(path, 'This workbook', {
    entries: 2000,
    totalBytes: 400 * 1024 * 1024,
    ratio: 250,
  });
  zip.file.close();
  if (![...zip.entries.keys()].some((n) => n.startsWith('xl/')))
    throw new UserError(READ_MESSAGES.notSheet, 415);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  let count = 0;
  let sheets = 0;
  try {
    for await (const worksheet of reader) {
      sheets++;
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        if (++count > MAX_ROWS + 1) throw new UserError(READ_MESSAGES.tooManyRows, 413);
        const values = row.values as ExcelJS.CellValue[];
        const cells = Array.from({ length: Math.max(0, values.length - 1) }, (_, i) =>
          cellText(values[i + 1] ?? null),
        );
        if (cells.every((c) => c === '')) {
          count--;
          continue;
        }
        yield { row: row.number, cells };
      }
      // Only the first worksheet is the catalogue.
      break;
    }
  } catch (error) {
    if (error instanceof UserError) throw error;
    throw new UserError(READ_MESSAGES.notSheet, 415);
  }
  if (!sheets) throw new UserError(READ_MESSAGES.noSheet, 400);
  if (count === 0) throw new UserError(READ_MESSAGES.empty, 400);
}
