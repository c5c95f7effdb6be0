/**
 * The catalogue as a spreadsheet (CSV or Excel) and its images as a ZIP, for all products outside
 * the trash or the back office list's current filter. Rows are read in batches by id and written
 * as they come, so a large catalogue never sits in memory as a whole.
 */
import { PassThrough, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { sql, type SQL } from 'drizzle-orm';
import yazl from 'yazl';
import type { ProductStatus } from '../../db/schema';
import { db, rowsOf } from '../../db/client.server';
import { storage } from '../../media/storage.server';
import { listProducts } from '../products.server';
import {
  COLUMNS,
  exportCell,
  FIXED_HEADER,
  imageFileName,
  LIST_SEPARATOR,
  SPEC_PREFIX,
  UNIT_PREFIX,
} from './format.server';

/** Which products an export holds: the back office list's filter (its status tab, sport, …). */
export interface ExportFilter {
  status?: ProductStatus | 'any';
  sportId?: number;
  categoryId?: number;
  q?: string;
  withoutImages?: boolean;
}

const BATCH = 500;

interface ProductRow {
  id: number;
  model_code: string | null;
  name: string;
  status: ProductStatus;
  sport: string;
  categories: string | null;
  description: string | null;
  specifications: { name: string; value: string; unit?: string }[];
  image_keys: string[] | null;
}

/** The ids a search matches (the list's own search), when the filter has one. */
async function searchedIds(filter: ExportFilter): Promise<number[] | null> {
  if (!filter.q) return null;
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const result = await listProducts({
      q: filter.q,
      sportIds: filter.sportId ? [filter.sportId] : [],
      categoryIds: filter.categoryId ? [filter.categoryId] : [],
      scope: filter.status ?? 'any',
      withoutImages: filter.withoutImages,
      sort: 'id',
      page,
    });
    ids.push(...result.items.map((p) => p.id));
    if (page * result.pageSize >= result.total) return ids;
  }
}

function conditions(filter: ExportFilter, ids: number[] | null): SQL {
  const where: SQL[] = [sql`p.deleted_at IS NULL`];
  if (filter.status && filter.status !== 'any') where.push(sql`p.status = ${filter.status}`);
  if (filter.sportId) where.push(sql`p.sport_id = ${filter.sportId}`);
  if (filter.categoryId)
    where.push(sql`EXISTS (SELECT 1 FROM products_categories pc
      WHERE pc.product_id = p.id AND pc.category_id = ${filter.categoryId})`);
  if (filter.withoutImages)
    where.push(sql`NOT EXISTS (SELECT 1 FROM product_images i WHERE i.product_id = p.id)`);
  if (ids) where.push(ids.length ? sql`p.id = ANY (${`{${ids.join(',')}}`}::int[])` : sql`false`);
  return sql.join(where, sql` AND `);
}

interface SpecColumn {
  name: string;
  hasUnit: boolean;
}

/** Every specification name the products use, in order of first use, and whether any has a unit. */
async function specColumns(where: SQL): Promise<SpecColumn[]> {
  const rows = rowsOf<{ name: string; has_unit: boolean }>(
    await db().execute(sql`
      SELECT e.spec->>'name' AS name, bool_or(coalesce(e.spec->>'unit', '') <> '') AS has_unit
        FROM products p
             CROSS JOIN LATERAL jsonb_array_elements(p.specifications) WITH ORDINALITY AS e(spec, n)
       WHERE ${where}
       GROUP BY e.spec->>'name'
       ORDER BY min(p.id::bigint * 1000 + e.n), e.spec->>'name'`),
  );
  return rows.map((r) => ({ name: r.name, hasUnit: Boolean(r.has_unit) }));
}

/**
 * The export's rows: the header, then one row per product in id order, every text cell
 * neutralised against formulas. Read BATCH products at a time.
 */
export async function* catalogueRows(filter: ExportFilter = {}): AsyncGenerator<string[]> {
  const where = conditions(filter, await searchedIds(filter));
  const specs = await specColumns(where);
  yield [
    ...FIXED_HEADER,
    ...specs.flatMap((s) =>
      s.hasUnit
        ? [`${SPEC_PREFIX}${s.name}`, `${UNIT_PREFIX}${s.name}`]
        : [`${SPEC_PREFIX}${s.name}`],
    ),
  ].map(exportCell);
  let after = 0;
  for (;;) {
    const batch = rowsOf<ProductRow>(
      await db().execute(sql`
        SELECT p.id, p.model_code, p.name, p.status, s.name AS sport, p.description,
               p.specifications,
               (SELECT string_agg(c.name, ${LIST_SEPARATOR} ORDER BY lower(c.name), c.id)
                  FROM products_categories pc JOIN categories c ON c.id = pc.category_id
                 WHERE pc.product_id = p.id) AS categories,
               (SELECT array_agg(i.key ORDER BY i.position)
                  FROM product_images i WHERE i.product_id = p.id) AS image_keys
          FROM products p JOIN sports s ON s.id = p.sport_id
         WHERE ${where} AND p.id > ${after}
         ORDER BY p.id
         LIMIT ${BATCH}`),
    );
    for (const p of batch) {
      const byName = new Map(p.specifications.map((s) => [s.name, s]));
      const cells: Record<keyof typeof COLUMNS, string> = {
        id: String(p.id),
        modelCode: p.model_code ?? '',
        name: p.name,
        status: p.status,
        sport: p.sport,
        categories: p.categories ?? '',
        description: p.description ?? '',
        images: (p.image_keys ?? []).map((_, i) => imageFileName(p.id, i + 1)).join(LIST_SEPARATOR),
      };
      yield [
        ...Object.values(cells),
        ...specs.flatMap((s) => {
          const spec = byName.get(s.name);
          return s.hasUnit ? [spec?.value ?? '', spec?.unit ?? ''] : [spec?.value ?? ''];
        }),
      ].map(exportCell);
    }
    if (batch.length < BATCH) return;
    after = batch[batch.length - 1]!.id;
  }
}

/** The rows as CSV: UTF-8 with a byte-order mark (Excel then reads 'Zoë' right), CRLF lines. */
export function csvStream(rows: AsyncIterable<string[]>): Readable {
  return Readable.from(rows).pipe(stringify({ bom: true, record_delimiter: 'windows' }));
}

/** The rows as one Excel worksheet, every cell text (a code such as 0012 keeps its zeros). */
export function xlsxStream(rows: AsyncIterable<string[]>): Readable {
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
  const sheet = book.addWorksheet('Catalogue');
  void (async () => {
    let first = true;
    for await (const row of rows) {
      const added = sheet.addRow(row);
      if (first) added.font = { bold: true };
      first = false;
      added.commit();
    }
    sheet.commit();
    await book.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/**
 * The images of the exported products as a ZIP, each named as the spreadsheet names it
 * (`<id>-<n>.jpg`): the stored JPEG original. Images whose file is missing are left out.
 */
export function imagesZipStream(filter: ExportFilter = {}): Readable {
  const zip = new yazl.ZipFile();
  void (async () => {
    const where = conditions(filter, await searchedIds(filter));
    let after = 0;
    for (;;) {
      const batch = rowsOf<{ id: number; image_keys: string[] }>(
        await db().execute(sql`
          SELECT p.id, array_agg(i.key ORDER BY i.position) AS image_keys
            FROM products p JOIN product_images i ON i.product_id = p.id
           WHERE ${where} AND p.id > ${after}
           GROUP BY p.id ORDER BY p.id LIMIT ${BATCH}`),
      );
      for (const p of batch) {
        for (const [i, key] of p.image_keys.entries()) {
          const data = await storage().get(key);
          // JPEGs are compressed already: stored, not deflated again.
          if (data) zip.addBuffer(data, imageFileName(p.id, i + 1), { compress: false });
        }
      }
      if (batch.length < BATCH) break;
      after = batch[batch.length - 1]!.id;
    }
    zip.end();
  })().catch((error: unknown) => (zip.outputStream as PassThrough).destroy(error as Error));
  return zip.outputStream as Readable;
}
