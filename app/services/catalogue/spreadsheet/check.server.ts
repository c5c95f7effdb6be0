/**
 * The dry run of an import: every row of the file checked against the catalogue, and what it
 * would do planned (create, update, or leave alone), without changing a product. The plan and the
 * problems are kept in the job's rows (import_jobs, import_job_rows), so the report survives a
 * reload and the apply needs neither the file nor this process.
 */
import { sql } from 'drizzle-orm';
import {
  DESCRIPTION_MAX,
  MODEL_CODE_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_STATUSES,
  SPEC_NAME_MAX,
  SPEC_UNIT_MAX,
  SPEC_VALUE_MAX,
  SPECS_MAX,
} from '~/lib/schemas/product';
import { cleanName } from '~/lib/schemas/name';
import { TAXONOMY_NAME_MAX } from '~/lib/schemas/taxonomy';
import { MAX_IMAGE_BYTES } from '~/lib/schemas/product';
import { MAX_PRODUCT_IMAGES } from '~/lib/constants';
import { db, rowsOf } from '../../db/client.server';
import {
  importJobRows,
  importJobs,
  type ImportIssue,
  type ImportPlan,
  type ImportSummary,
  type ProductSpecification,
  type ProductStatus,
} from '../../db/schema';
import { UserError } from '../../errors.server';
import { ImageDecodeError, storeImage, type StoredImage } from '../../media/storage.server';
import { imageProblem, MAX_IMAGE_PIXELS, UPLOAD_MESSAGES } from '../../media/uploads.server';
import { eq } from 'drizzle-orm';
import { specificationLine } from '~/lib/specifications';
import { removeUnused } from '../admin-products.server';
import {
  COLUMNS,
  imageFileName,
  isFormula,
  SPEC_PREFIX,
  splitList,
  textOfCell,
  UNIT_PREFIX,
} from './format.server';
import { openSheet, type SheetEncoding, type SheetRow } from './read.server';
import { baseName, openZip, readEntry, type ZipIndex } from './zip.server';

/** Problems kept per job for the report (all are counted). */
export const MAX_LISTED_ISSUES = 1000;
const BATCH = 250;

export const CHECK_MESSAGES = {
  noColumn: (name: string) => `The file has no "${name}" column.`,
  unknownColumn: (name: string) =>
    `Unknown column "${name}": a specification's column is named "${SPEC_PREFIX}<name>" (its unit's "${UNIT_PREFIX}<name>").`,
  twiceColumn: (name: string) => `The column "${name}" appears twice.`,
  unitWithoutSpec: (name: string) =>
    `"${UNIT_PREFIX}${name}" has no "${SPEC_PREFIX}${name}" column beside it.`,
  specName: `A specification's name is at most ${SPEC_NAME_MAX} characters.`,
  tooManySpecColumns: `A file has at most ${SPECS_MAX * 4} specification columns.`,
  formula:
    'A formula is not imported: type the value itself (or start it with an apostrophe to keep the text).',
  required: (column: string) => `${column} is required.`,
  tooLong: (column: string, max: number) =>
    `${column} is at most ${max.toLocaleString('en-SG')} characters.`,
  oneLine: (column: string) => `${column} must be one line, without tabs or control characters.`,
  status: 'Status is published, draft or hidden.',
  unknownSport: (name: string) =>
    `Unknown sport "${name}". Tick "Create missing sports and categories" to add it.`,
  unknownCategory: (name: string) =>
    `Unknown category "${name}". Tick "Create missing sports and categories" to add it.`,
  noCategory: 'At least one category is required.',
  badId: 'ID is a product number from an export; leave it empty for a new product.',
  unknownId: (id: number) => `No product has ID ${id}. Leave ID empty to create a new product.`,
  trashed: (id: number) =>
    `Product ${id} is in the trash: restore it first, or leave ID and model code empty.`,
  idAndCode: (code: string, id: number) =>
    `Model code ${code} belongs to product ${id}, not to this row's ID.`,
  codeTaken: (code: string, id: number) => `Model code ${code} already belongs to product ${id}.`,
  codeTwice: (code: string, row: number) => `Model code ${code} is also on row ${row}.`,
  idTwice: (row: number) => `This product is also on row ${row}.`,
  tooManyImages: `A product has at most ${MAX_PRODUCT_IMAGES} images.`,
  imageTwice: (name: string) => `Image "${name}" is named twice.`,
  noZip: (name: string) => `Image "${name}" is named, but no ZIP of images was uploaded.`,
  notInZip: (name: string) => `Image "${name}" is not in the ZIP of images.`,
  imageTooLarge: (name: string) => `Image "${name}" is larger than 10 MB.`,
  unitNoValue: (name: string) => `"${name}" has a unit but no value.`,
  tooManySpecs: `A product has at most ${SPECS_MAX} specifications.`,
  stale:
    'The server stopped while working on this import; nothing was applied. Upload the file again.',
  failed: 'The check failed unexpectedly; nothing was applied. Upload the file again.',
} as const;

interface Layout {
  fixed: Partial<Record<keyof typeof COLUMNS, number>>;
  specs: { name: string; value: number; unit?: number }[];
}

/** The header's columns, or the problems with it (every one of them, at row 1). */
export function readHeader(cells: string[]): { layout: Layout; issues: ImportIssue[] } {
  const issues: ImportIssue[] = [];
  const fixed: Layout['fixed'] = {};
  const values = new Map<string, number>();
  const units = new Map<string, number>();
  const byTitle = new Map(
    Object.entries(COLUMNS).map(([key, title]) => [
      title.toLowerCase(),
      key as keyof typeof COLUMNS,
    ]),
  );
  const seen = new Set<string>();
  cells.forEach((raw, i) => {
    const title = textOfCell(raw).trim();
    if (!title) return;
    const issue = (message: string) => issues.push({ row: 1, column: title, message });
    if (seen.has(title.toLowerCase())) return issue(CHECK_MESSAGES.twiceColumn(title));
    seen.add(title.toLowerCase());
    const key = byTitle.get(title.toLowerCase());
    if (key) {
      fixed[key] = i;
      return;
    }
    const spec = title.toLowerCase().startsWith(SPEC_PREFIX.toLowerCase());
    const unit = title.toLowerCase().startsWith(UNIT_PREFIX.toLowerCase());
    if (!spec && !unit) return issue(CHECK_MESSAGES.unknownColumn(title));
    const name = cleanName(title.slice((spec ? SPEC_PREFIX : UNIT_PREFIX).length));
    if (!name || name.length > SPEC_NAME_MAX) return issue(CHECK_MESSAGES.specName);
    (spec ? values : units).set(name, i);
  });
  for (const [name, index] of units)
    if (!values.has(name))
      issues.push({
        row: 1,
        column: cells[index]!.trim(),
        message: CHECK_MESSAGES.unitWithoutSpec(name),
      });
  if (values.size > SPECS_MAX * 4)
    issues.push({ row: 1, column: SPEC_PREFIX.trim(), message: CHECK_MESSAGES.tooManySpecColumns });
  for (const required of ['name', 'sport', 'categories'] as const)
    if (fixed[required] === undefined)
      issues.push({
        row: 1,
        column: COLUMNS[required],
        message: CHECK_MESSAGES.noColumn(COLUMNS[required]),
      });
  return {
    layout: {
      fixed,
      specs: [...values].map(([name, value]) => ({ name, value, unit: units.get(name) })),
    },
    issues,
  };
}

/** A product as it is stored, as far as an import compares it. */
interface Current {
  id: number;
  revision: number;
  deleted: boolean;
  modelCode: string | null;
  name: string;
  status: ProductStatus;
  description: string | null;
  sport: string;
  categories: string[];
  specifications: ProductSpecification[];
  imageKeys: string[];
}

async function currentProducts(ids: number[], codes: string[]): Promise<Current[]> {
  if (!ids.length && !codes.length) return [];
  const rows = rowsOf<{
    id: number;
    revision: number;
    deleted: boolean;
    model_code: string | null;
    name: string;
    status: ProductStatus;
    description: string | null;
    sport: string;
    categories: string[] | null;
    specifications: ProductSpecification[];
    image_keys: string[] | null;
  }>(
    await db().execute(sql`
      SELECT p.id, p.revision, p.deleted_at IS NOT NULL AS deleted, p.model_code, p.name, p.status,
             p.description, s.name AS sport, p.specifications,
             (SELECT array_agg(c.name ORDER BY lower(c.name), c.id)
                FROM products_categories pc JOIN categories c ON c.id = pc.category_id
               WHERE pc.product_id = p.id) AS categories,
             (SELECT array_agg(i.key ORDER BY i.position)
                FROM product_images i WHERE i.product_id = p.id) AS image_keys
        FROM products p JOIN sports s ON s.id = p.sport_id
       WHERE p.id = ANY (${`{${ids.join(',')}}`}::int[])
          OR lower(p.model_code) = ANY (${`{${codes.map((c) => `"${c.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[])`),
  );
  return rows.map((r) => ({
    id: r.id,
    revision: r.revision,
    deleted: Boolean(r.deleted),
    modelCode: r.model_code,
    name: r.name,
    status: r.status,
    description: r.description,
    sport: r.sport,
    categories: r.categories ?? [],
    specifications: r.specifications,
    imageKeys: r.image_keys ?? [],
  }));
}

/** The job's settings for a check. */
export interface CheckInput {
  jobId: number;
  sheetPath: string;
  zipPath: string | null;
  encoding: SheetEncoding;
  createTaxonomy: boolean;
}

interface Taxonomy {
  sports: Map<string, string>;
  categories: Map<string, string>;
}

async function loadTaxonomy(): Promise<Taxonomy> {
  const sports = rowsOf<{ name: string }>(await db().execute(sql`SELECT name FROM sports`));
  const cats = rowsOf<{ name: string }>(await db().execute(sql`SELECT name FROM categories`));
  return {
    sports: new Map(sports.map((s) => [s.name.toLowerCase(), s.name])),
    categories: new Map(cats.map((c) => [c.name.toLowerCase(), c.name])),
  };
}

/** A job was cancelled (or finished elsewhere) while this check ran. */
class Stopped extends Error {}

/** What the check keeps of a row that creates or updates a product. */
interface Planned {
  row: number;
  action: 'create' | 'update';
  productId: number | null;
  revision: number | null;
  name: string;
  changes: string[];
  plan: ImportPlan;
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Checks a job's file: counts its rows, reads the header, checks every row (in batches, the
 * job's progress and heartbeat written after each), then checks and stores the images its rows
 * name from the ZIP. Ends the job as `checked` (with its report) or `failed` (the whole file
 * refused, with the reason); a job cancelled meanwhile is left as it is.
 */
export async function checkImport(input: CheckInput): Promise<void> {
  const { jobId } = input;
  const issues: ImportIssue[] = [];
  let errorCount = 0;
  const issue = (row: number, column: string, message: string) => {
    errorCount++;
    if (issues.length < MAX_LISTED_ISSUES) issues.push({ row, column, message });
  };
  const progress = async (fields: Partial<typeof importJobs.$inferInsert>) => {
    const [row] = await db()
      .update(importJobs)
      .set({ ...fields, heartbeatAt: new Date() })
      .where(sql`${importJobs.id} = ${jobId} AND ${importJobs.status} = 'checking'`)
      .returning({ id: importJobs.id });
    if (!row) throw new Stopped();
  };
  const storedKeys: string[] = [];
  let zip: ZipIndex | null = null;
  try {
    // First pass: the number of rows (for the progress bar), and the whole file's refusals
    // (not a spreadsheet, not UTF-8, too many rows) before any row is checked.
    const counting = await openSheet(input.sheetPath, input.encoding);
    let total = 0;
    for await (const _ of counting.rows) total++;
    if (input.zipPath)
      zip = await openZip(input.zipPath, 'The ZIP of images', {
        entries: 20_000,
        totalBytes: 4 * 1024 * 1024 * 1024,
        ratio: 50,
      });
    await progress({ rowsTotal: Math.max(0, total - 1), phaseStartedAt: new Date() });
    const sheet = await openSheet(input.sheetPath, input.encoding);
    const taxonomy = await loadTaxonomy();
    const newSports = new Map<string, string>();
    const newCategories = new Map<string, string>();
    const zipNames = new Map<string, string>();
    for (const name of zip?.entries.keys() ?? []) {
      const base = baseName(name);
      if (base && !base.startsWith('.') && !zipNames.has(base)) zipNames.set(base, name);
    }
    const codeRows = new Map<string, number>();
    const productRows = new Map<number, number>();
    /** ZIP images the rows name: the rows naming each, for the image's problems. */
    const wantedImages = new Map<string, number[]>();
    const counts = { create: 0, update: 0, unchanged: 0 };

    let layout: Layout | null = null;
    let batch: SheetRow[] = [];
    let done = 0;
    const flush = async () => {
      if (!layout || !batch.length) return;
      const planned = await checkRows(batch, layout);
      if (planned.length)
        await db()
          .insert(importJobRows)
          .values(planned.map((p) => ({ jobId, ...p })));
      done += batch.length;
      batch = [];
      await progress({ rowsDone: done });
      // The shop's requests get their turn between batches.
      await new Promise<void>((resolve) => setImmediate(resolve));
    };

    const checkRows = async (rows: SheetRow[], l: Layout): Promise<Planned[]> => {
      const at = (cells: string[], key: keyof typeof COLUMNS) =>
        l.fixed[key] === undefined ? undefined : (cells[l.fixed[key]!] ?? '');
      // The products the batch names, by id and by model code, read at once.
      const ids = rows
        .map((r) => Number(textOfCell(at(r.cells, 'id') ?? '').trim()))
        .filter((n) => Number.isSafeInteger(n) && n > 0 && n < 2 ** 31);
      const codes = rows
        .map((r) =>
          textOfCell(at(r.cells, 'modelCode') ?? '')
            .trim()
            .toLowerCase(),
        )
        .filter(Boolean);
      const found = await currentProducts(ids, codes);
      const byId = new Map(found.map((p) => [p.id, p]));
      const byCode = new Map(
        found.filter((p) => p.modelCode).map((p) => [p.modelCode!.toLowerCase(), p]),
      );
      const out: Planned[] = [];
      for (const { row, cells } of rows) {
        const before = errorCount;
        const fail = (column: string, message: string) => issue(row, column, message);
        // Every cell: a formula is refused; the export's apostrophe is taken off.
        const text = (index: number | undefined, column: string): string => {
          if (index === undefined) return '';
          const raw = cells[index] ?? '';
          // Reported once, as a formula: the rest of the checks see the text as it is.
          if (isFormula(raw)) fail(column, CHECK_MESSAGES.formula);
          return textOfCell(raw);
        };
        const oneLine = (value: string, column: string, max: number) => {
          if (value.length > max) fail(column, CHECK_MESSAGES.tooLong(column, max));
          // eslint-disable-next-line no-control-regex -- control characters are what is refused
          else if (/[\u0000-\u001f\u007f]/.test(value))
            fail(column, CHECK_MESSAGES.oneLine(column));
        };
        const idCell = text(l.fixed.id, COLUMNS.id).trim();
        const modelCode = text(l.fixed.modelCode, COLUMNS.modelCode).trim();
        const name = cleanName(text(l.fixed.name, COLUMNS.name));
        const statusCell = text(l.fixed.status, COLUMNS.status).trim().toLowerCase();
        const description = text(l.fixed.description, COLUMNS.description).trim();
        const sportCell = cleanName(text(l.fixed.sport, COLUMNS.sport));
        const categoryCells = splitList(text(l.fixed.categories, COLUMNS.categories)).map(
          cleanName,
        );
        const imageNames = splitList(text(l.fixed.images, COLUMNS.images));

        // Which product the row is: by model code, else by ID, else a new one.
        let current: Current | undefined;
        let id: number | null = null;
        if (idCell) {
          id = /^[1-9]\d{0,9}$/.test(idCell) && Number(idCell) < 2 ** 31 ? Number(idCell) : null;
          if (id === null) fail(COLUMNS.id, CHECK_MESSAGES.badId);
        }
        oneLine(modelCode, COLUMNS.modelCode, MODEL_CODE_MAX);
        const byItsCode = modelCode ? byCode.get(modelCode.toLowerCase()) : undefined;
        if (byItsCode && id !== null && byItsCode.id !== id)
          fail(COLUMNS.modelCode, CHECK_MESSAGES.idAndCode(modelCode, byItsCode.id));
        else if (byItsCode) current = byItsCode;
        else if (id !== null) {
          current = byId.get(id);
          if (!current) fail(COLUMNS.id, CHECK_MESSAGES.unknownId(id));
        }
        if (current?.deleted) {
          fail(
            current === byItsCode ? COLUMNS.modelCode : COLUMNS.id,
            CHECK_MESSAGES.trashed(current.id),
          );
          current = undefined;
        }
        if (modelCode) {
          const key = modelCode.toLowerCase();
          const first = codeRows.get(key);
          if (first !== undefined)
            fail(COLUMNS.modelCode, CHECK_MESSAGES.codeTwice(modelCode, first));
          else codeRows.set(key, row);
          // The code is another product's (this row is that product only when matched by it).
          const owner = byCode.get(key);
          if (owner && current && owner.id !== current.id && !owner.deleted)
            fail(COLUMNS.modelCode, CHECK_MESSAGES.codeTaken(modelCode, owner.id));
        }
        if (current) {
          const first = productRows.get(current.id);
          if (first !== undefined) fail(COLUMNS.id, CHECK_MESSAGES.idTwice(first));
          else productRows.set(current.id, row);
        }

        if (!name) fail(COLUMNS.name, CHECK_MESSAGES.required(COLUMNS.name));
        else if (name.length > PRODUCT_NAME_MAX)
          fail(COLUMNS.name, CHECK_MESSAGES.tooLong(COLUMNS.name, PRODUCT_NAME_MAX));
        let status: ProductStatus | null = null;
        if (statusCell) {
          const known = PRODUCT_STATUSES.find(
            (s) => s.value === statusCell || s.label.toLowerCase() === statusCell,
          );
          if (known) status = known.value;
          else fail(COLUMNS.status, CHECK_MESSAGES.status);
        }
        if (description.length > DESCRIPTION_MAX)
          fail(COLUMNS.description, CHECK_MESSAGES.tooLong(COLUMNS.description, DESCRIPTION_MAX));

        let sport = '';
        if (!sportCell) fail(COLUMNS.sport, CHECK_MESSAGES.required(COLUMNS.sport));
        else if (sportCell.length > TAXONOMY_NAME_MAX)
          fail(COLUMNS.sport, CHECK_MESSAGES.tooLong(COLUMNS.sport, TAXONOMY_NAME_MAX));
        else {
          const key = sportCell.toLowerCase();
          sport = taxonomy.sports.get(key) ?? newSports.get(key) ?? '';
          if (!sport && input.createTaxonomy) newSports.set(key, (sport = sportCell));
          else if (!sport) fail(COLUMNS.sport, CHECK_MESSAGES.unknownSport(sportCell));
        }
        const categories: string[] = [];
        if (!categoryCells.length) fail(COLUMNS.categories, CHECK_MESSAGES.noCategory);
        for (const c of categoryCells) {
          if (c.length > TAXONOMY_NAME_MAX) {
            fail(COLUMNS.categories, CHECK_MESSAGES.tooLong(COLUMNS.categories, TAXONOMY_NAME_MAX));
            continue;
          }
          const key = c.toLowerCase();
          let known = taxonomy.categories.get(key) ?? newCategories.get(key);
          if (!known && input.createTaxonomy) newCategories.set(key, (known = c));
          if (!known) fail(COLUMNS.categories, CHECK_MESSAGES.unknownCategory(c));
          else if (!categories.includes(known)) categories.push(known);
        }

        // Specifications: a value makes one; a unit needs its value.
        const fromFile: ProductSpecification[] = [];
        for (const spec of l.specs) {
          const column = `${SPEC_PREFIX}${spec.name}`;
          const value = text(spec.value, column).trim();
          const unit = text(spec.unit, `${UNIT_PREFIX}${spec.name}`).trim();
          if (!value) {
            if (unit) fail(`${UNIT_PREFIX}${spec.name}`, CHECK_MESSAGES.unitNoValue(spec.name));
            continue;
          }
          oneLine(value, column, SPEC_VALUE_MAX);
          oneLine(unit, `${UNIT_PREFIX}${spec.name}`, SPEC_UNIT_MAX);
          fromFile.push(unit ? { name: spec.name, value, unit } : { name: spec.name, value });
        }
        if (fromFile.length > SPECS_MAX) fail(SPEC_PREFIX.trim(), CHECK_MESSAGES.tooManySpecs);
        // A product's own order is kept; specifications new to it follow in the file's order.
        const order = new Map(current?.specifications.map((s, i) => [s.name, i]) ?? []);
        const specifications = [...fromFile].sort(
          (a, b) => (order.get(a.name) ?? Infinity) - (order.get(b.name) ?? Infinity),
        );

        // Images: a product's own, by the name the export gives them, are kept; others come from
        // the ZIP.
        const own = new Map(
          current?.imageKeys.map((key, i) => [imageFileName(current.id, i + 1), key]) ?? [],
        );
        const images: ImportPlan['images'] = [];
        if (imageNames.length > MAX_PRODUCT_IMAGES)
          fail(COLUMNS.images, CHECK_MESSAGES.tooManyImages);
        const namedHere = new Set<string>();
        for (const image of imageNames) {
          if (namedHere.has(image)) {
            fail(COLUMNS.images, CHECK_MESSAGES.imageTwice(image));
            continue;
          }
          namedHere.add(image);
          const kept = own.get(image);
          if (kept) images.push({ keep: kept });
          else if (!zip) fail(COLUMNS.images, CHECK_MESSAGES.noZip(image));
          else if (!zipNames.has(image)) fail(COLUMNS.images, CHECK_MESSAGES.notInZip(image));
          else {
            images.push({ zip: image });
            wantedImages.set(image, [...(wantedImages.get(image) ?? []), row]);
          }
        }
        if (errorCount > before) continue;

        const plan: ImportPlan = {
          modelCode: modelCode || null,
          name,
          status: status ?? (current ? null : 'published'),
          description: description || null,
          sport,
          categories,
          specifications,
          images,
        };
        if (!current) {
          counts.create++;
          out.push({
            row,
            action: 'create',
            productId: null,
            revision: null,
            name,
            changes: [],
            plan,
          });
          continue;
        }
        const changes: string[] = [];
        if ((plan.modelCode ?? '') !== (current.modelCode ?? '')) changes.push(COLUMNS.modelCode);
        if (plan.name !== current.name) changes.push(COLUMNS.name);
        if (plan.status && plan.status !== current.status) changes.push(COLUMNS.status);
        if ((plan.description ?? '') !== (current.description ?? ''))
          changes.push(COLUMNS.description);
        if (plan.sport !== current.sport) changes.push(COLUMNS.sport);
        const sorted = (list: string[]) => [...list].sort();
        if (!sameList(sorted(plan.categories), sorted(current.categories)))
          changes.push(COLUMNS.categories);
        if (
          !sameList(
            plan.specifications.map(specificationLine),
            current.specifications.map(specificationLine),
          )
        )
          changes.push('Specifications');
        const keptKeys = images.map((i) => ('keep' in i ? i.keep : `zip:${i.zip}`));
        if (!sameList(keptKeys, current.imageKeys)) changes.push(COLUMNS.images);
        if (!changes.length) {
          counts.unchanged++;
          continue;
        }
        counts.update++;
        out.push({
          row,
          action: 'update',
          productId: current.id,
          revision: current.revision,
          name,
          changes,
          plan,
        });
      }
      return out;
    };

    for await (const sheetRow of sheet.rows) {
      if (!layout) {
        const header = readHeader(sheetRow.cells);
        for (const i of header.issues) issue(i.row, i.column, i.message);
        // Without its required columns no row can be read: the header's problems are the report.
        if (header.issues.some((i) => i.message.startsWith('The file has no'))) break;
        layout = header.layout;
        continue;
      }
      batch.push(sheetRow);
      if (batch.length >= BATCH) await flush();
    }
    await flush();

    // The images the rows name: each checked by its content and stored with its variants, as
    // an upload is. A row whose image fails is an error (and the import applies nothing).
    const imagesFound: Record<string, StoredImage> = {};
    await progress({
      phase: 'images',
      phaseStartedAt: new Date(),
      imagesTotal: wantedImages.size,
      imagesDone: 0,
    });
    let imagesDone = 0;
    let lastBeat = Date.now();
    for (const [name, rowsNaming] of wantedImages) {
      const entry = zip!.entries.get(zipNames.get(name)!)!;
      const data = await readEntry(zip!, entry, MAX_IMAGE_BYTES);
      let problem: string | null = null;
      if (!data) problem = CHECK_MESSAGES.imageTooLarge(name);
      else {
        // The header here; storing decodes the whole file (once) and says if it is damaged.
        let found = await imageProblem(data, ['jpeg', 'png', 'webp'], { decode: false });
        if (!found)
          try {
            imagesFound[name] = await storeImage(data, {
              limitInputPixels: MAX_IMAGE_PIXELS,
              written: storedKeys,
            });
          } catch (error) {
            if (!(error instanceof ImageDecodeError)) throw error;
            found = 'damaged';
          }
        if (found) problem = UPLOAD_MESSAGES[found](`Image "${name}"`);
      }
      if (problem) for (const row of rowsNaming) issue(row, COLUMNS.images, problem);
      imagesDone++;
      if (Date.now() - lastBeat > 500) {
        lastBeat = Date.now();
        await progress({ imagesDone, images: imagesFound });
      }
    }
    const summary: ImportSummary = {
      ...counts,
      errors: errorCount,
      newSports: [...newSports.values()],
      newCategories: [...newCategories.values()],
      encoding: sheet.encoding,
    };
    issues.sort((a, b) => a.row - b.row);
    await progress({
      status: 'checked',
      imagesDone,
      images: imagesFound,
      summary,
      issues,
      finishedAt: new Date(),
    });
  } catch (error) {
    // Images stored for a job that will never be applied: removed unless a product uses them.
    await removeUnused(storedKeys);
    if (error instanceof Stopped) return;
    const message = error instanceof UserError ? error.message : CHECK_MESSAGES.failed;
    await db()
      .update(importJobs)
      .set({ status: 'failed', message, finishedAt: new Date(), heartbeatAt: new Date() })
      .where(eq(importJobs.id, jobId));
    if (!(error instanceof UserError)) throw error;
  } finally {
    zip?.file.close();
  }
}
