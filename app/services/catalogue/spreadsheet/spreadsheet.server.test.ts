import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { listAudit } from '../../audit/audit.server';
import { db } from '../../db/client.server';
import { productImages } from '../../db/schema';
import { seedDemoCatalogue } from '../../seed.server';
import { getProduct, listProducts } from '../products.server';
import { catalogueChanged } from '../cache.server';
import { demoProducts } from '~/content/demo-catalogue';
import { catalogueRows, csvStream, xlsxStream } from './export.server';
import { CHECK_MESSAGES } from './check.server';
import {
  cancelImport,
  getImportJob,
  importReportRows,
  importFilePath,
  settled,
  startApply,
  startImport,
  type ImportUpload,
} from './import.server';
import { READ_MESSAGES } from './read.server';
import { ZIP_MESSAGES } from './zip.server';
import { UPLOAD_MESSAGES } from '../../media/uploads.server';

const actor = { id: null, name: 'Ada Admin' };
const EXAMPLE = path.resolve('docs/catalogue-example.csv');

async function text(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

async function exportCsv(): Promise<string> {
  return (await text(csvStream(catalogueRows()))).toString('utf8');
}

function csvCells(csv: string): string[][] {
  return parse(csv, { bom: true, relax_column_count: true }) as string[][];
}

function toCsv(rows: string[][]): string {
  return rows
    .map((r) => r.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(','))
    .join('\r\n');
}

async function fileOf(content: string | Buffer): Promise<string> {
  const file = await importFilePath();
  await writeFile(file, content);
  return file;
}

async function zipOf(files: Record<string, Buffer>): Promise<string> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(files)) zip.addBuffer(data, name);
  zip.end();
  return fileOf(await text(zip.outputStream));
}

async function runImport(
  sheet: string | Buffer,
  options: Partial<Omit<ImportUpload, 'sheetPath'>> & { zip?: Record<string, Buffer> } = {},
) {
  const zipPath = options.zip ? await zipOf(options.zip) : null;
  const id = await startImport(actor, {
    sheetPath: await fileOf(sheet),
    sheetName: 'catalogue.csv',
    zipPath,
    zipName: zipPath ? 'images.zip' : null,
    encoding: options.encoding ?? 'auto',
    createTaxonomy: options.createTaxonomy ?? false,
  });
  await settled(id);
  return (await getImportJob(id))!;
}

async function apply(id: number) {
  await startApply(actor, id);
  await settled(id);
  return (await getImportJob(id))!;
}

async function png(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

beforeAll(async () => {
  await seedDemoCatalogue({ images: false });
  // The demo's images stand in as rows (the export names them; no file is read for a CSV).
  await db()
    .insert(productImages)
    .values(
      demoProducts.flatMap((p) =>
        p.images.map((_, position) => ({
          productId: p.id,
          position,
          key: `products/demo-${p.id}-${position}.jpg`,
          width: 800,
          height: 800,
          variants: [],
        })),
      ),
    );
  catalogueChanged();
});

describe('the catalogue export', () => {
  it('exports the demo catalogue exactly as the example file in docs', async () => {
    const csv = await exportCsv();
    if (process.env.UPDATE_EXAMPLE) await writeFile(EXAMPLE, csv);
    expect(csv).toBe(await readFile(EXAMPLE, 'utf8'));
    const [header, goalposts] = [csvCells(csv)[0]!, csvCells(csv).find((r) => r[0] === '3')!];
    expect(header.slice(0, 8)).toEqual([
      'ID',
      'Model code',
      'Name',
      'Status',
      'Sport',
      'Categories',
      'Description',
      'Images',
    ]);
    expect(header).toContain('Spec: Height');
    expect(header).toContain('Unit: Height');
    expect(goalposts[1]).toBe('FH-GP-732');
    expect(goalposts[7]).toBe('3-1.jpg; 3-2.jpg; 3-3.jpg');
    expect(goalposts[header.indexOf('Spec: Height')]).toBe('2.44');
    expect(goalposts[header.indexOf('Unit: Height')]).toBe('m');
  });

  it('neutralises cells a spreadsheet would run as formulas, and reads them back as typed', async () => {
    await db().execute(sql`UPDATE products SET description = '=HYPERLINK("x")' WHERE id = 9`);
    try {
      const row = csvCells(await exportCsv()).find((r) => r[0] === '9')!;
      expect(row[6]).toBe(`'=HYPERLINK("x")`);
      const job = await runImport(await exportCsv());
      expect(job.summary).toMatchObject({ errors: 0, create: 0, update: 0 });
    } finally {
      await db().execute(sql`UPDATE products SET description = 'x' WHERE id = 9`);
    }
  });
});

describe('importing a spreadsheet', () => {
  it('changes nothing when the export (CSV or Excel) is imported again', async () => {
    const csvJob = await runImport(await exportCsv());
    expect(csvJob.status).toBe('checked');
    expect(csvJob.summary).toMatchObject({
      create: 0,
      update: 0,
      unchanged: demoProducts.length,
      errors: 0,
      encoding: 'UTF-8',
    });
    const xlsx = await text(xlsxStream(catalogueRows()));
    const xlsxJob = await runImport(xlsx);
    expect(xlsxJob.summary).toMatchObject({ create: 0, update: 0, errors: 0, encoding: 'Excel' });
  });

  it('plans exactly the rows edited and added, and applies them in one go with a log entry each', async () => {
    const rows = csvCells(await exportCsv());
    const header = rows[0]!;
    const col = (name: string) => header.indexOf(name);
    const edit = (id: string, column: string, value: string) => {
      rows.find((r) => r[0] === id)![col(column)] = value;
    };
    edit('3', 'Name', 'Aluminium Goalposts (Full Size, 2026)');
    edit('5', 'Spec: Height', '2.90');
    edit('7', 'Status', 'hidden');
    const added = header.map(() => '');
    added[col('Model code')] = 'FH-NEW-1';
    added[col('Name')] = 'Mini Goal Net';
    added[col('Sport')] = 'Football';
    added[col('Categories')] = 'Nets; Accessories';
    added[col('Images')] = 'mini.png';
    added[col('Spec: Width')] = '1.2';
    added[col('Unit: Width')] = 'm';
    rows.push(added);
    const job = await runImport(toCsv(rows), { zip: { 'photos/mini.png': await png('#36c') } });
    expect(job.issues).toEqual([]);
    expect(job.summary).toMatchObject({ create: 1, update: 3, errors: 0 });
    expect(await importReportRows(job.id)).toEqual([
      {
        row: 4,
        action: 'update',
        productId: 3,
        name: 'Aluminium Goalposts (Full Size, 2026)',
        changes: ['Name'],
      },
      {
        row: 6,
        action: 'update',
        productId: 5,
        name: expect.any(String),
        changes: ['Specifications'],
      },
      { row: 8, action: 'update', productId: 7, name: expect.any(String), changes: ['Status'] },
      { row: rows.length, action: 'create', productId: null, name: 'Mini Goal Net', changes: [] },
    ]);
    expect(job.imagesTotal).toBe(1);

    const applied = await apply(job.id);
    expect(applied.status).toBe('applied');
    expect((await getProduct(3, { unlisted: true }))?.name).toBe(
      'Aluminium Goalposts (Full Size, 2026)',
    );
    expect((await getProduct(5))?.specifications.find((s) => s.name === 'Height')).toEqual({
      name: 'Height',
      value: '2.90',
      unit: 'm',
    });
    expect((await getProduct(7, { unlisted: true }))?.status).toBe('hidden');
    catalogueChanged();
    const created = (await listProducts({ q: 'FH-NEW-1' })).items;
    expect(created.map((p) => p.name)).toEqual(['Mini Goal Net']);
    const product = await getProduct(created[0]!.id);
    expect(product?.images).toHaveLength(1);
    expect(product?.specifications).toEqual([{ name: 'Width', value: '1.2', unit: 'm' }]);
    const [entry] = await listAudit({ entity: 'product', entityId: 5 });
    expect(entry?.changes.specifications).toBeDefined();
    // And the catalogue exported now imports as it is.
    const again = await runImport(await exportCsv());
    expect(again.summary).toMatchObject({ create: 0, update: 0, errors: 0 });
  });

  it('lists every error with its row and column, and applies nothing', async () => {
    const rows = csvCells(await exportCsv());
    const header = rows[0]!;
    const col = (name: string) => header.indexOf(name);
    const first = rows[1]!;
    first[col('Sport')] = 'Quidditch';
    rows[2]![col('Name')] = '';
    rows[3]![col('Description')] = 'x'.repeat(5001);
    rows[4]![col('Images')] = 'missing.jpg';
    rows[5]![col('Images')] = 'notes.jpg';
    rows[6]![col('Model code')] = rows[7]![col('Model code')] = 'SAME-1';
    rows[8]![col('Name')] = '=1+1';
    rows[9]![col('Images')] = 'cut.jpg';
    // A JPEG cut off half way: its header reads, its pixels do not.
    const photo = await sharp({
      create: {
        width: 64,
        height: 64,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 30 },
      },
    })
      .jpeg()
      .toBuffer();
    const job = await runImport(toCsv(rows), {
      zip: {
        'notes.jpg': Buffer.from('not a picture'),
        'cut.jpg': photo.subarray(0, photo.length / 2),
      },
    });
    expect(job.status).toBe('checked');
    expect(job.issues).toEqual([
      { row: 2, column: 'Sport', message: CHECK_MESSAGES.unknownSport('Quidditch') },
      { row: 3, column: 'Name', message: CHECK_MESSAGES.required('Name') },
      { row: 4, column: 'Description', message: CHECK_MESSAGES.tooLong('Description', 5000) },
      { row: 5, column: 'Images', message: CHECK_MESSAGES.notInZip('missing.jpg') },
      { row: 6, column: 'Images', message: 'Image "notes.jpg" is not a JPEG, PNG or WebP image.' },
      { row: 8, column: 'Model code', message: CHECK_MESSAGES.codeTwice('SAME-1', 7) },
      { row: 9, column: 'Name', message: CHECK_MESSAGES.formula },
      { row: 10, column: 'Images', message: UPLOAD_MESSAGES.damaged('Image "cut.jpg"') },
    ]);
    await expect(startApply(actor, job.id)).rejects.toMatchObject({ status: 409 });
    expect((await getImportJob(job.id))?.status).toBe('checked');
    // With the box ticked, the unknown sport is one to create instead.
    const ticked = await runImport(toCsv([header, first]), { createTaxonomy: true });
    expect(ticked.summary).toMatchObject({ errors: 0, update: 1, newSports: ['Quidditch'] });
    await cancelImport(ticked.id);
    expect((await getImportJob(ticked.id))?.status).toBe('cancelled');
    await expect(startApply(actor, ticked.id)).rejects.toMatchObject({ status: 409 });
  });

  it('refuses an apply when a product changed since the check', async () => {
    const rows = csvCells(await exportCsv());
    rows.find((r) => r[0] === '4')![2] = 'Goal Net, renamed';
    const job = await runImport(toCsv(rows));
    await db().execute(sql`UPDATE products SET revision = revision + 1 WHERE id = 4`);
    const applied = await apply(job.id);
    expect(applied.status).toBe('failed');
    expect(applied.message).toMatch(/changed since the check/);
    expect((await getProduct(4))?.name).not.toBe('Goal Net, renamed');
  });
});

describe('files an import refuses', () => {
  it('a file that is not a spreadsheet', async () => {
    const job = await runImport(await png('#000'));
    expect(job).toMatchObject({ status: 'failed', message: READ_MESSAGES.notSheet });
  });

  it('Windows-1252 text: detected, or refused when UTF-8 was chosen', async () => {
    const rows = csvCells(await exportCsv());
    rows[1]![2] = 'Zoë’s Goal';
    const latin = Buffer.from(toCsv(rows).replace('’', "'"), 'latin1');
    const detected = await runImport(latin);
    expect(detected.summary).toMatchObject({ encoding: 'Windows-1252', update: 1, errors: 0 });
    const refused = await runImport(latin, { encoding: 'utf-8' });
    expect(refused).toMatchObject({ status: 'failed', message: READ_MESSAGES.notUtf8 });
  });

  it('a CSV of a million rows, with memory bounded', async () => {
    const header = 'ID,Model code,Name,Status,Sport,Categories\r\n';
    const line = ',,Cone,published,Football,Accessories\r\n';
    const before = process.memoryUsage().rss;
    const job = await runImport(header + line.repeat(1_000_000));
    expect(job).toMatchObject({ status: 'failed', message: READ_MESSAGES.tooManyRows });
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * 1024 * 1024);
  });

  it('a ZIP bomb of images', async () => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.alloc(200 * 1024 * 1024), 'bomb.jpg');
    zip.end();
    const zipPath = await fileOf(await text(zip.outputStream));
    const id = await startImport(actor, {
      sheetPath: await fileOf(await exportCsv()),
      sheetName: 'c.csv',
      zipPath,
      zipName: 'bomb.zip',
      encoding: 'auto',
      createTaxonomy: false,
    });
    await settled(id);
    expect(await getImportJob(id)).toMatchObject({
      status: 'failed',
      message: ZIP_MESSAGES.bomb('The ZIP of images'),
    });
  });

  it('a formula cell of an Excel file', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Catalogue');
    sheet.addRow(['Name', 'Sport', 'Categories']);
    sheet.addRow([{ formula: 'CONCAT("a","b")', result: 'ab' }, 'Football', 'Nets']);
    const job = await runImport(Buffer.from(await book.xlsx.writeBuffer()));
    expect(job.issues).toEqual([{ row: 2, column: 'Name', message: CHECK_MESSAGES.formula }]);
  });
});
