/**
 * Spreadsheet imports as jobs on the server: an upload starts a check (the dry run) in the
 * process that received it; staff read its progress and report from the database on any page
 * load; a checked import without errors is applied in one transaction (all or nothing), with an
 * activity log entry per product; an import can be cancelled until it is applied.
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { atWork } from '~/lib/import-jobs';
import { recordAudit, recordAudits, diffFields, type Actor } from '../../audit/audit.server';
import { db, rowsOf, type Database } from '../../db/client.server';
import {
  categories,
  importJobRows,
  importJobs,
  productImages,
  products,
  productsCategories,
  sports,
  type ImportIssue,
  type ImportJobStatus,
  type ImportPlan,
  type ImportSummary,
} from '../../db/schema';
import { env } from '../../env.server';
import { UserError } from '../../errors.server';
import { log } from '../../log.server';
import { specificationLine } from '~/lib/specifications';
import type { StoredImage } from '../../media/storage.server';
import { imageKeys } from '../../media/storage.server';
import { lockPictures, productSlug, removeUnused, thumbnailKey } from '../admin-products.server';
import { freeSlug } from '../admin-taxonomy.server';
import { catalogueChanged } from '../cache.server';
import { CHECK_MESSAGES, checkImport } from './check.server';
import type { SheetEncoding } from './read.server';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A job whose process has not written for this long has stopped (its server went away). */
const STALE_MS = 60_000;
/** Rows applied per round trip. */
const APPLY_BATCH = 200;

export const IMPORT_MESSAGES = {
  gone: 'This import no longer exists.',
  notCheckable: 'This import is not waiting to be applied.',
  hasErrors: 'The file has errors: nothing is applied. Correct the file and upload it again.',
  notCancellable: 'This import can no longer be cancelled.',
  changed: (name: string) =>
    `${name} was changed since the check: nothing was applied. Upload the file again to check it anew.`,
  failed: 'The import failed: nothing was applied. Please try again.',
} as const;

/** Where an upload waits for its check: a folder of this process's data (never served). */
function uploadsFolder(): string {
  return path.join(env().dataDir, 'tmp', 'imports');
}

/** A fresh path for an uploaded file. */
export async function importFilePath(): Promise<string> {
  await mkdir(uploadsFolder(), { recursive: true, mode: 0o700 });
  return path.join(uploadsFolder(), randomUUID());
}

export interface ImportUpload {
  sheetPath: string;
  sheetName: string;
  zipPath: string | null;
  zipName: string | null;
  encoding: SheetEncoding;
  createTaxonomy: boolean;
}

/** Jobs running in this process: awaited by tests and by the bench. */
const running = new Map<number, Promise<void>>();

/** Resolves when this process's work on the job (a check or an apply) is over. */
export function settled(jobId: number): Promise<void> {
  return running.get(jobId) ?? Promise.resolve();
}

function track(jobId: number, work: Promise<void>): void {
  const done = work
    .catch((error: unknown) => log().error({ err: error, jobId }, 'Import job failed'))
    .finally(() => running.delete(jobId));
  running.set(jobId, done);
}

/**
 * Starts an import: records the job and checks the file in this process, in the background (the
 * caller answers at once and the page follows the progress). The uploaded files are removed
 * once checked: the plan is in the database.
 */
export async function startImport(actor: Actor, upload: ImportUpload): Promise<number> {
  const [job] = await db()
    .insert(importJobs)
    .values({
      actorId: actor.id,
      actorName: actor.name,
      fileName: upload.sheetName.slice(0, 200),
      imagesFileName: upload.zipName?.slice(0, 200) ?? null,
      createTaxonomy: upload.createTaxonomy,
    })
    .returning({ id: importJobs.id });
  const jobId = job!.id;
  track(
    jobId,
    checkImport({
      jobId,
      sheetPath: upload.sheetPath,
      zipPath: upload.zipPath,
      encoding: upload.encoding,
      createTaxonomy: upload.createTaxonomy,
    }).finally(async () => {
      await rm(upload.sheetPath, { force: true });
      if (upload.zipPath) await rm(upload.zipPath, { force: true });
    }),
  );
  return jobId;
}

/** An import as its page shows it. */
export interface ImportJobView {
  id: number;
  status: ImportJobStatus;
  phase: 'rows' | 'images' | 'apply';
  fileName: string;
  imagesFileName: string | null;
  createTaxonomy: boolean;
  actorName: string;
  rowsTotal: number;
  rowsDone: number;
  imagesTotal: number;
  imagesDone: number;
  summary: ImportSummary | null;
  issues: ImportIssue[];
  message: string | null;
  createdAt: Date;
  finishedAt: Date | null;
  /** The phase's time left in seconds at its rate so far, or null before it can be told. */
  secondsLeft: number | null;
}

const viewColumns = {
  id: importJobs.id,
  status: importJobs.status,
  phase: importJobs.phase,
  fileName: importJobs.fileName,
  imagesFileName: importJobs.imagesFileName,
  createTaxonomy: importJobs.createTaxonomy,
  actorName: importJobs.actorName,
  rowsTotal: importJobs.rowsTotal,
  rowsDone: importJobs.rowsDone,
  imagesTotal: importJobs.imagesTotal,
  imagesDone: importJobs.imagesDone,
  summary: importJobs.summary,
  issues: importJobs.issues,
  message: importJobs.message,
  createdAt: importJobs.createdAt,
  finishedAt: importJobs.finishedAt,
  heartbeatAt: importJobs.heartbeatAt,
  phaseStartedAt: importJobs.phaseStartedAt,
};

/** Seconds left in a phase that has done `done` of `total` since `since`, at its rate so far. */
function secondsLeft(done: number, total: number, since: Date): number | null {
  const elapsed = (Date.now() - since.getTime()) / 1000;
  if (done <= 0 || elapsed < 1 || done >= total) return null;
  return Math.round(((total - done) * elapsed) / done);
}

/** Progress of applies in this process (the apply's transaction holds the embedded database). */
const applyProgress = new Map<number, number>();

/**
 * An import's state, or null. A job still marked as running whose process stopped writing long
 * ago is failed here (nothing of it was applied: an apply is one transaction).
 */
export async function getImportJob(id: number): Promise<ImportJobView | null> {
  const [row] = await db().select(viewColumns).from(importJobs).where(eq(importJobs.id, id));
  if (!row) return null;
  const { heartbeatAt, phaseStartedAt, ...stored } = row;
  const applied = applyProgress.get(id);
  const job = applied === undefined ? stored : { ...stored, rowsDone: applied };
  const working = atWork(job.status);
  if (working && !running.has(id) && Date.now() - heartbeatAt.getTime() > STALE_MS) {
    await db()
      .update(importJobs)
      .set({ status: 'failed', message: CHECK_MESSAGES.stale, finishedAt: new Date() })
      .where(and(eq(importJobs.id, id), eq(importJobs.status, job.status)));
    return getImportJob(id);
  }
  const [done, total] =
    job.phase === 'images' ? [job.imagesDone, job.imagesTotal] : [job.rowsDone, job.rowsTotal];
  return { ...job, secondsLeft: working ? secondsLeft(done, total, phaseStartedAt) : null };
}

/** The latest imports, newest first. */
export async function listImportJobs(limit = 10): Promise<ImportJobView[]> {
  const rows = await db()
    .select(viewColumns)
    .from(importJobs)
    .orderBy(desc(importJobs.createdAt), desc(importJobs.id))
    .limit(limit);
  return rows.map(({ heartbeatAt: _, phaseStartedAt: __, ...job }) => ({
    ...job,
    secondsLeft: null,
  }));
}

/** A row the report lists: what it would create or change. */
export interface ImportReportRow {
  row: number;
  action: 'create' | 'update';
  productId: number | null;
  name: string;
  changes: string[];
}

/** The rows a checked import would create or update, in file order (at most `limit`). */
export async function importReportRows(jobId: number, limit = 100_000): Promise<ImportReportRow[]> {
  return db()
    .select({
      row: importJobRows.row,
      action: importJobRows.action,
      productId: importJobRows.productId,
      name: importJobRows.name,
      changes: importJobRows.changes,
    })
    .from(importJobRows)
    .where(eq(importJobRows.jobId, jobId))
    .orderBy(asc(importJobRows.row))
    .limit(limit);
}

/** The image files a job stored that no product uses: removed (a job never applied). */
async function dropJobImages(jobId: number): Promise<void> {
  const [job] = await db()
    .select({ images: importJobs.images })
    .from(importJobs)
    .where(eq(importJobs.id, jobId));
  await removeUnused(Object.values(job?.images ?? {}).flatMap(imageKeys));
}

/**
 * Cancels an import that is being checked or waits to be applied: its plan and the images it
 * stored go. A 409 once it is applying or over.
 */
export async function cancelImport(jobId: number): Promise<void> {
  const [row] = await db()
    .update(importJobs)
    .set({ status: 'cancelled', finishedAt: new Date() })
    .where(and(eq(importJobs.id, jobId), inArray(importJobs.status, ['checking', 'checked'])))
    .returning({ id: importJobs.id });
  if (!row) {
    const [exists] = await db()
      .select({ id: importJobs.id })
      .from(importJobs)
      .where(eq(importJobs.id, jobId));
    throw new UserError(
      exists ? IMPORT_MESSAGES.notCancellable : IMPORT_MESSAGES.gone,
      exists ? 409 : 404,
    );
  }
  // A check still running stops at its next batch, and removes what it stored itself.
  await settled(jobId);
  await db().delete(importJobRows).where(eq(importJobRows.jobId, jobId));
  await dropJobImages(jobId);
}

/**
 * Starts applying a checked import without errors (in this process, in the background). A 409
 * when it is not waiting to be applied or its file has errors.
 */
export async function startApply(actor: Actor, jobId: number): Promise<void> {
  const [job] = await db()
    .select({ status: importJobs.status, summary: importJobs.summary })
    .from(importJobs)
    .where(eq(importJobs.id, jobId));
  if (!job) throw new UserError(IMPORT_MESSAGES.gone, 404);
  if (job.status !== 'checked') throw new UserError(IMPORT_MESSAGES.notCheckable, 409);
  if ((job.summary?.errors ?? 0) > 0) throw new UserError(IMPORT_MESSAGES.hasErrors, 409);
  const [claimed] = await db()
    .update(importJobs)
    .set({
      status: 'applying',
      phase: 'apply',
      phaseStartedAt: new Date(),
      rowsDone: 0,
      heartbeatAt: new Date(),
    })
    .where(and(eq(importJobs.id, jobId), eq(importJobs.status, 'checked')))
    .returning({
      total: sql<number>`(SELECT count(*)::int FROM import_job_rows WHERE job_id = ${jobId})`,
    });
  if (!claimed) throw new UserError(IMPORT_MESSAGES.notCheckable, 409);
  await db()
    .update(importJobs)
    .set({ rowsTotal: Number(claimed.total) })
    .where(eq(importJobs.id, jobId));
  track(jobId, applyImport(actor, jobId));
}

interface ExistingImage extends StoredImage {
  productId: number;
}

/**
 * Applies a job's plan in one transaction: the sports and categories to create, then every row's
 * product created or updated with its categories, specifications and images, and an activity log
 * entry each. A product changed since the check (its revision moved) or deleted refuses the
 * whole import. Ends the job `applied`, or `failed` with the reason (nothing applied).
 */
export async function applyImport(actor: Actor, jobId: number): Promise<void> {
  let dropped: string[] = [];
  const postgres = env().database.kind === 'postgres';
  const report = async (done: number) => {
    applyProgress.set(jobId, done);
    // On PostgreSQL other processes read the progress from the job's row (another connection);
    // the embedded database has one connection, which the transaction holds until it ends.
    if (postgres)
      await db()
        .update(importJobs)
        .set({ rowsDone: done, heartbeatAt: new Date() })
        .where(eq(importJobs.id, jobId));
  };
  try {
    const [job] = await db()
      .select({ images: importJobs.images, summary: importJobs.summary })
      .from(importJobs)
      .where(eq(importJobs.id, jobId));
    if (!job) throw new UserError(IMPORT_MESSAGES.gone, 404);
    const zipImages = job.images;
    await db().transaction(async (tx) => {
      const sportIds = await ensureTaxonomy(tx, actor, 'sport', job.summary?.newSports ?? []);
      const categoryIds = await ensureTaxonomy(
        tx,
        actor,
        'category',
        job.summary?.newCategories ?? [],
      );
      // Pictures from the ZIP are locked as a product save locks its uploads (see lockPictures).
      await lockPictures(tx, Object.values(zipImages).flatMap(imageKeys));
      let done = 0;
      for (let after = 0; ;) {
        const batch = await tx
          .select()
          .from(importJobRows)
          .where(and(eq(importJobRows.jobId, jobId), sql`${importJobRows.row} > ${after}`))
          .orderBy(asc(importJobRows.row))
          .limit(APPLY_BATCH);
        if (!batch.length) break;
        after = batch[batch.length - 1]!.row;
        const updates = batch.filter((r) => r.action === 'update');
        const creates = batch.filter((r) => r.action === 'create');
        dropped.push(...(await applyUpdates(tx, actor, updates, sportIds, categoryIds, zipImages)));
        await applyCreates(tx, actor, creates, sportIds, categoryIds, zipImages);
        done += batch.length;
        await report(done);
        // The shop's requests get their turn between batches.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      await tx
        .update(importJobs)
        .set({ status: 'applied', finishedAt: new Date(), rowsDone: done, heartbeatAt: new Date() })
        .where(eq(importJobs.id, jobId));
      await tx.delete(importJobRows).where(eq(importJobRows.jobId, jobId));
    });
    catalogueChanged();
  } catch (error) {
    dropped = [];
    const message = error instanceof UserError ? error.message : IMPORT_MESSAGES.failed;
    await db()
      .update(importJobs)
      .set({ status: 'failed', message, finishedAt: new Date() })
      .where(eq(importJobs.id, jobId));
    await dropJobImages(jobId);
    if (!(error instanceof UserError)) throw error;
  } finally {
    applyProgress.delete(jobId);
  }
  await removeUnused(dropped);
}

/** Ids of sports or categories by lower-cased name, creating the ones named (and recorded). */
async function ensureTaxonomy(
  tx: Tx,
  actor: Actor,
  kind: 'sport' | 'category',
  create: string[],
): Promise<Map<string, number>> {
  const table = kind === 'sport' ? sports : categories;
  for (const name of create) {
    const [exists] = await tx
      .select({ id: table.id })
      .from(table)
      .where(sql`lower(${table.name}) = lower(${name})`);
    if (exists) continue;
    const [row] = await tx
      .insert(table)
      .values({ name, slug: await freeSlug(tx, kind, name) })
      .returning({ id: table.id });
    await recordAudit(tx, {
      actor,
      entity: kind,
      entityId: row!.id,
      entityName: name,
      action: 'create',
      changes: { name: { from: null, to: name } },
    });
  }
  const all = await tx.select({ id: table.id, name: table.name }).from(table);
  return new Map(all.map((r) => [r.name.toLowerCase(), r.id]));
}

/** A plan's sport and category ids; a name deleted since the check refuses the import. */
function idsOf(
  plan: ImportPlan,
  sportIds: Map<string, number>,
  categoryIds: Map<string, number>,
): { sportId: number; categoryIds: number[] } {
  const sportId = sportIds.get(plan.sport.toLowerCase());
  if (!sportId) throw new UserError(CHECK_MESSAGES.unknownSport(plan.sport), 409);
  return {
    sportId,
    categoryIds: plan.categories.map((c) => {
      const id = categoryIds.get(c.toLowerCase());
      if (!id) throw new UserError(CHECK_MESSAGES.unknownCategory(c), 409);
      return id;
    }),
  };
}

/** The images of a plan, in order: kept ones from the product's rows, new ones from the ZIP. */
function planImages(
  plan: ImportPlan,
  existing: Map<string, ExistingImage>,
  zipImages: Record<string, StoredImage>,
): StoredImage[] {
  return plan.images.map((image) => {
    const stored = 'keep' in image ? existing.get(image.keep) : zipImages[image.zip];
    if (!stored) throw new UserError(IMPORT_MESSAGES.failed, 409);
    const { key, width, height, variants } = stored;
    return { key, width, height, variants };
  });
}

/** What the activity log keeps of a planned product (as a product save's snapshot). */
function planSnapshot(plan: ImportPlan, status: string, images: StoredImage[]) {
  return {
    name: plan.name,
    status,
    modelCode: plan.modelCode,
    specifications: plan.specifications.map(specificationLine),
    description: plan.description,
    sport: plan.sport,
    categories: [...plan.categories].sort((a, b) => a.localeCompare(b)),
    images: images.map(thumbnailKey),
  };
}

type JobRow = typeof importJobRows.$inferSelect;

async function applyCreates(
  tx: Tx,
  actor: Actor,
  rows: JobRow[],
  sportIds: Map<string, number>,
  categoryIds: Map<string, number>,
  zipImages: Record<string, StoredImage>,
): Promise<void> {
  if (!rows.length) return;
  const ids = rowsOf<{ id: number }>(
    await tx.execute(
      sql`SELECT nextval(pg_get_serial_sequence('products', 'id'))::int AS id FROM generate_series(1, ${rows.length})`,
    ),
  ).map((r) => Number(r.id));
  const planned = rows.map((r, i) => {
    const { sportId, categoryIds: cats } = idsOf(r.plan, sportIds, categoryIds);
    const images = planImages(r.plan, new Map(), zipImages);
    return { id: ids[i]!, plan: r.plan, sportId, cats, images };
  });
  await tx.insert(products).values(
    planned.map((p) => ({
      id: p.id,
      name: p.plan.name,
      slug: productSlug(p.plan.name, p.id),
      description: p.plan.description,
      modelCode: p.plan.modelCode,
      specifications: p.plan.specifications,
      sportId: p.sportId,
      status: p.plan.status ?? 'published',
    })),
  );
  const links = planned.flatMap((p) =>
    p.cats.map((categoryId) => ({ productId: p.id, categoryId })),
  );
  if (links.length) await tx.insert(productsCategories).values(links);
  const images = planned.flatMap((p) =>
    p.images.map((image, position) => ({ productId: p.id, position, ...image })),
  );
  if (images.length) await tx.insert(productImages).values(images);
  await recordAudits(
    tx,
    planned.map((p) => ({
      actor,
      entity: 'product' as const,
      entityId: p.id,
      entityName: p.plan.name,
      action: 'create' as const,
      changes: {
        ...diffFields({}, planSnapshot(p.plan, p.plan.status ?? 'published', p.images)),
        importedFrom: { from: null, to: 'spreadsheet' },
      },
    })),
  );
}

/** Applies a batch of updates; returns the image keys they dropped (removed after the commit). */
async function applyUpdates(
  tx: Tx,
  actor: Actor,
  rows: JobRow[],
  sportIds: Map<string, number>,
  categoryIds: Map<string, number>,
  zipImages: Record<string, StoredImage>,
): Promise<string[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.productId!);
  const locked = await tx
    .select({
      id: products.id,
      name: products.name,
      status: products.status,
      revision: products.revision,
      deletedAt: products.deletedAt,
      modelCode: products.modelCode,
      specifications: products.specifications,
      description: products.description,
      sport: sports.name,
    })
    .from(products)
    .innerJoin(sports, eq(sports.id, products.sportId))
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('update', { of: products });
  const byId = new Map(locked.map((p) => [p.id, p]));
  const [links, images] = await Promise.all([
    tx
      .select({ productId: productsCategories.productId, name: categories.name })
      .from(productsCategories)
      .innerJoin(categories, eq(categories.id, productsCategories.categoryId))
      .where(inArray(productsCategories.productId, ids)),
    tx
      .select({
        productId: productImages.productId,
        position: productImages.position,
        key: productImages.key,
        width: productImages.width,
        height: productImages.height,
        variants: productImages.variants,
      })
      .from(productImages)
      .where(inArray(productImages.productId, ids))
      .orderBy(asc(productImages.position)),
  ]);
  const dropped: string[] = [];
  const newLinks: { productId: number; categoryId: number }[] = [];
  const newImages: (StoredImage & { productId: number; position: number })[] = [];
  const audits: Parameters<typeof recordAudits>[1] = [];
  for (const row of rows) {
    const current = byId.get(row.productId!);
    if (!current || current.deletedAt || current.revision !== row.revision)
      throw new UserError(IMPORT_MESSAGES.changed(current?.name ?? row.name), 409);
    const own = images.filter((i) => i.productId === current.id);
    const ownImages = new Map(own.map((i) => [i.key, i]));
    const { sportId, categoryIds: cats } = idsOf(row.plan, sportIds, categoryIds);
    const planned = planImages(row.plan, ownImages, zipImages);
    const status = row.plan.status ?? current.status;
    const before = {
      name: current.name,
      status: current.status,
      modelCode: current.modelCode,
      specifications: current.specifications.map(specificationLine),
      description: current.description,
      sport: current.sport,
      categories: links
        .filter((l) => l.productId === current.id)
        .map((l) => l.name)
        .sort((a, b) => a.localeCompare(b)),
      images: own.map(thumbnailKey),
    };
    await tx
      .update(products)
      .set({
        name: row.plan.name,
        slug: productSlug(row.plan.name, current.id),
        description: row.plan.description,
        modelCode: row.plan.modelCode,
        specifications: row.plan.specifications,
        sportId,
        status,
        revision: sql`${products.revision} + 1`,
      })
      .where(eq(products.id, current.id));
    newLinks.push(...cats.map((categoryId) => ({ productId: current.id, categoryId })));
    newImages.push(
      ...planned.map((image, position) => ({ productId: current.id, position, ...image })),
    );
    const keep = new Set(planned.map((i) => i.key));
    dropped.push(...own.filter((i) => !keep.has(i.key)).flatMap(imageKeys));
    audits.push({
      actor,
      entity: 'product',
      entityId: current.id,
      entityName: row.plan.name,
      action: 'update',
      changes: {
        ...diffFields(before, planSnapshot(row.plan, status, planned)),
        importedFrom: { from: null, to: 'spreadsheet' },
      },
    });
  }
  await recordAudits(tx, audits);
  // Links and images rewritten for the batch at once (positions are unique per product).
  await tx.delete(productsCategories).where(inArray(productsCategories.productId, ids));
  if (newLinks.length) await tx.insert(productsCategories).values(newLinks);
  await tx.delete(productImages).where(inArray(productImages.productId, ids));
  if (newImages.length) await tx.insert(productImages).values(newImages);
  return dropped;
}
