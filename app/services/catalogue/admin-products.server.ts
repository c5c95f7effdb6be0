/**
 * The back office's product writes: create, edit (with images and optimistic concurrency),
 * duplicate, changes to many at once, and the trash (delete, restore, and the clean-up that
 * deletes for good), each in one transaction with its audit entries. Image files are written
 * before the transaction under content-hash keys; a failed transaction removes the files it
 * wrote, and files that no product uses any more are removed after the commit (unless another
 * product uses them: see lockPictures), all but the thumbnail that the audit log shows.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { ProductCreateInput, ProductEditInput } from '~/lib/schemas/product';
import {
  PRODUCT_MESSAGES,
  PRODUCT_NAME_MAX,
  SPEC_MESSAGES,
  specificationsOf,
} from '~/lib/schemas/product';
import { specificationLine } from '~/lib/specifications';
import { recordAudit, diffFields, type Actor } from '../audit/audit.server';
import { db, rowsOf, type Database } from '../db/client.server';
import {
  categories,
  productImages,
  products,
  productsCategories,
  sports,
  TRASH_DAYS,
  type AuditChanges,
  type ProductSpecification,
  type ProductStatus,
} from '../db/schema';
import { violatesConstraint } from '../db/errors.server';
import { UserError } from '../errors.server';
import { imageKeys, isStored, mediaUrl, type StoredImage } from '../media/storage.server';
import { removeFiles, storeUploads } from '../media/uploads.server';
import { cached, catalogueChanged } from './cache.server';
import { log } from '../log.server';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export const PRODUCT_ERRORS = {
  conflict: PRODUCT_MESSAGES.conflict,
  gone: 'This product no longer exists.',
  trashed: 'This product is in the trash. Restore it first.',
  deleteLinks: 'Failed to delete product categories.',
  deleteProduct: 'Failed to delete product.',
  unknownImage: 'An image of this form is missing. Please add it again.',
  // Deleted by another admin while this form was open; the page then shows the lists as they are.
  sportGone: 'The sport you chose has just been deleted. Please select a sport.',
  categoryGone: 'A category you chose has just been deleted. Check the categories and save again.',
} as const;

/** A URL-friendly name; the id is appended so two products of the same name never collide. */
export function productSlug(name: string, id: number): string {
  const base = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${base || 'product'}-${id}`;
}

/**
 * What the audit log keeps of a product: readable names, and each image as the storage key of its
 * smallest variant (the thumbnail the log shows; its file is kept while an entry names it).
 */
interface Snapshot extends Record<string, unknown> {
  name: string;
  status: ProductStatus;
  modelCode: string | null;
  /** 'Height: 3.05 m', one line each, in order. */
  specifications: string[];
  description: string | null;
  sport: string;
  categories: string[];
  images: string[];
}

/** The key of an image's smallest stored variant (or of the image, without variants). */
export function thumbnailKey(image: {
  key: string;
  variants: { key: string; width: number }[];
}): string {
  const small = [...image.variants].sort((a, b) => a.width - b.width)[0];
  return small?.key ?? image.key;
}

async function snapshot(tx: Tx, id: number): Promise<Snapshot | null> {
  const [row] = await tx
    .select({
      name: products.name,
      status: products.status,
      modelCode: products.modelCode,
      specifications: products.specifications,
      description: products.description,
      sport: sports.name,
    })
    .from(products)
    .innerJoin(sports, eq(sports.id, products.sportId))
    .where(eq(products.id, id));
  if (!row) return null;
  const [cats, images] = await Promise.all([
    tx
      .select({ name: categories.name })
      .from(productsCategories)
      .innerJoin(categories, eq(categories.id, productsCategories.categoryId))
      .where(eq(productsCategories.productId, id))
      .orderBy(asc(categories.name)),
    tx
      .select({ key: productImages.key, variants: productImages.variants })
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.position)),
  ]);
  return {
    ...row,
    specifications: row.specifications.map(specificationLine),
    categories: cats.map((c) => c.name),
    images: images.map(thumbnailKey),
  };
}

/**
 * A model code is another product's (ignoring case, also one in the trash): refused with a 409
 * naming that product. The unique index is the last word (see modelCodeRefusal).
 */
export async function checkModelCode(
  tx: Tx,
  modelCode: string | null,
  selfId: number | null,
): Promise<void> {
  if (!modelCode) return;
  const [other] = await tx
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(sql`lower(${products.modelCode}) = lower(${modelCode})`);
  if (other && other.id !== selfId)
    throw new UserError(SPEC_MESSAGES.modelCodeTaken(other.name), 409, 'modelCode');
}

/** Two saves of one model code at once: the later one's unique violation as the same refusal. */
function modelCodeRefusal(error: unknown): never {
  if (violatesConstraint(error, 'unique', 'products_model_code_idx'))
    throw new UserError(SPEC_MESSAGES.modelCodeTaken('another product'), 409, 'modelCode');
  throw error;
}

/** The model code and specifications a form's input holds, as stored. */
function specFields(input: ProductCreateInput): {
  modelCode: string | null;
  specifications: ProductSpecification[];
} {
  return {
    modelCode: input.modelCode || null,
    specifications: specificationsOf(input) ?? [],
  };
}

/**
 * The sport and categories must exist; a form that still offers a deleted one is told so. They stay locked
 * (FOR KEY SHARE) until the commit: a deleteTaxonomy at the same time waits and then sees the
 * product and refuses, or commits first and is seen here, instead of failing the product's
 * foreign key later in the transaction (a 500).
 */
async function checkTaxonomy(tx: Tx, sportId: number, categoryIds: number[]): Promise<void> {
  const [sport] = await tx
    .select({ id: sports.id })
    .from(sports)
    .where(eq(sports.id, sportId))
    .for('key share');
  if (!sport) throw new UserError(PRODUCT_ERRORS.sportGone, 400, 'sportId');
  const found = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(inArray(categories.id, categoryIds))
    .for('key share');
  if (found.length !== new Set(categoryIds).size)
    throw new UserError(PRODUCT_ERRORS.categoryGone, 400, 'categoryIds');
}

/** The uploaded files the slots name, in slot order; each file may be used once. */
function filesOfSlots(slots: string[], files: File[]): File[] {
  const used = slots.filter((s) => s.startsWith('new:')).map((s) => Number(s.slice(4)));
  if (new Set(used).size !== used.length || used.some((n) => !files[n]))
    throw new UserError(PRODUCT_ERRORS.unknownImage, 400, 'images');
  return used.map((n) => files[n]!);
}

/** The picture a file belongs to: variants share their original's content hash. */
const pictureOf = (key: string) => key.replace(/(-\d+\.webp|\.jpg)$/, '');

/**
 * Keys among these that no product image uses any more and no audit entry shows (safe to delete
 * from storage): of a picture no product shows, only the thumbnail the log names stays.
 */
async function unusedKeys(tx: Tx, keys: string[]): Promise<string[]> {
  const originals = keys.filter((k) => k.endsWith('.jpg'));
  const still = originals.length
    ? await tx
        .select({ key: productImages.key })
        .from(productImages)
        .where(inArray(productImages.key, originals))
    : [];
  // Variants share their original's content hash, so one check covers all of an image's files.
  const kept = new Set(still.map((r) => pictureOf(r.key)));
  const unused = keys.filter((k) => !kept.has(pictureOf(k)));
  if (!unused.length) return unused;
  const list = sql.join(
    unused.map((k) => sql`${k}`),
    sql`, `,
  );
  // audit_log_changes_idx answers each containment.
  const named = rowsOf<{ key: string }>(
    await tx.execute(sql`
      SELECT k.key FROM unnest(ARRAY[${list}]::text[]) AS k(key)
       WHERE EXISTS (SELECT 1 FROM audit_log a
                      WHERE a.changes @> jsonb_build_object('images',
                              jsonb_build_object('from', jsonb_build_array(k.key)))
                         OR a.changes @> jsonb_build_object('images',
                              jsonb_build_object('to', jsonb_build_array(k.key))))`),
  );
  const shown = new Set(named.map((r) => r.key));
  return unused.filter((k) => !shown.has(k));
}

/**
 * Files are shared by content (the same picture saved twice is written once, by the first save),
 * so a save that records a picture and a cleanup that deletes it once no row uses it must not
 * interleave. Both hold this lock per picture until their transaction ends: the save from before
 * it inserts the image rows, the cleanup around its check and delete. The cleanup then sees the
 * save's rows and keeps the files, or ran first, and the save writes the missing files again.
 * Taken in one order (by hash), so two transactions never wait for each other in a circle.
 */
export async function lockPictures(tx: Tx, keys: string[]): Promise<void> {
  const pictures = [...new Set(keys.map(pictureOf))];
  if (!pictures.length) return;
  const list = sql.join(
    pictures.map((p) => sql`${p}`),
    sql`, `,
  );
  await tx.execute(sql`
    SELECT pg_advisory_xact_lock(h)
    FROM (SELECT DISTINCT hashtext(p) AS h FROM unnest(ARRAY[${list}]::text[]) AS p ORDER BY h) AS l`);
}

/**
 * Removes the files among `keys` that no product image uses. It runs once a write has committed
 * (or failed), so a failure here is logged and does not change the write's answer: an error would
 * make the admin retry a saved change and get a 409 or 404. At worst, unused files stay stored.
 */
export async function removeUnused(keys: string[]): Promise<void> {
  if (!keys.length) return;
  try {
    await db().transaction(async (tx) => {
      await lockPictures(tx, keys);
      await removeFiles(await unusedKeys(tx, keys));
    });
  } catch (error) {
    log().error({ keys, err: error }, 'Could not remove unused image files');
  }
}

/** Images stored for a write, the uploads they were made from (in order), and the keys created. */
interface Uploads {
  stored: StoredImage[];
  files: File[];
  written: string[];
}

/**
 * Runs a write that needs freshly stored images: stores the files first, runs `write` in one
 * transaction, and if it fails removes the files this call created that no product uses (none
 * left orphaned).
 */
async function withStoredImages<T>(
  files: File[],
  write: (tx: Tx, uploads: Uploads) => Promise<T>,
): Promise<T> {
  const written: string[] = [];
  try {
    const stored = await storeUploads(files, written);
    return await db().transaction((tx) => write(tx, { stored, files, written }));
  } catch (error) {
    await removeUnused(written);
    throw error;
  }
}

/**
 * Inserts a product's image rows, after locking the pictures uploaded for this write and writing
 * again any of their files that a cleanup removed since they were stored (see lockPictures).
 */
async function insertImages(
  tx: Tx,
  productId: number,
  images: StoredImage[],
  uploads: Uploads,
): Promise<void> {
  if (!images.length) return;
  await lockPictures(tx, uploads.stored.flatMap(imageKeys));
  const complete = await Promise.all(uploads.stored.map(isStored));
  const lost = uploads.files.filter((_, i) => !complete[i]);
  if (lost.length) await storeUploads(lost, uploads.written);
  await tx
    .insert(productImages)
    .values(images.map((image, position) => ({ productId, position, ...image })));
}

export interface SavedProduct {
  id: number;
  name: string;
  /** The main image's small variant, for the success dialog's thumbnail. */
  thumbnail: string | null;
}

function thumbnailOf(image: StoredImage | undefined): string | null {
  if (!image) return null;
  const small = [...image.variants].sort((a, b) => a.width - b.width)[0];
  return mediaUrl(small?.key ?? image.key);
}

/**
 * Creates a product with its status (published unless given), category links and images (in the
 * order given; the first is the main image) and its audit entry, in one transaction. Files are
 * checked by content and stored first; if anything fails no product, link or new file is left
 * behind.
 */
export async function createProduct(
  actor: Actor,
  input: ProductCreateInput,
  files: File[],
): Promise<SavedProduct> {
  const ordered = filesOfSlots(input.images, files);
  // A new product has only the files sent with it (an `existing:` slot names nothing of its own).
  if (ordered.length === 0) throw new UserError(PRODUCT_MESSAGES.images, 400, 'images');
  const specs = specFields(input);
  const saved = await withStoredImages(ordered, async (tx, uploads) => {
    const { stored } = uploads;
    await checkTaxonomy(tx, input.sportId, input.categoryIds);
    await checkModelCode(tx, specs.modelCode, null);
    const [{ id } = { id: 0 }] = await tx
      .execute<{ id: number }>(
        sql`SELECT nextval(pg_get_serial_sequence('products', 'id'))::int AS id`,
      )
      .then((r) => rowsOf<{ id: number }>(r));
    await tx.insert(products).values({
      id,
      name: input.name,
      slug: productSlug(input.name, id),
      description: input.description || null,
      ...specs,
      sportId: input.sportId,
      status: input.status ?? 'published',
    });
    await tx
      .insert(productsCategories)
      .values([...new Set(input.categoryIds)].map((categoryId) => ({ productId: id, categoryId })));
    await insertImages(tx, id, stored, uploads);
    const after = await snapshot(tx, id);
    await recordAudit(tx, {
      actor,
      entity: 'product',
      entityId: id,
      entityName: input.name,
      action: 'create',
      changes: diffFields({}, after!),
    });
    return { id, name: input.name, thumbnail: thumbnailOf(stored[0]) };
  }).catch(modelCodeRefusal);
  catalogueChanged();
  return saved;
}

/** Thrown to roll back an edit that changes nothing, with the answer it still gets. */
class Unchanged {
  constructor(readonly result: SavedProduct) {}
}

/**
 * Saves an edit: fields, status (kept when not given), category links (diffed), and images kept,
 * replaced, added and reordered as the slots say. Refused with a 409 when the product's revision
 * moved since the form was opened (another admin saved first or changed it from the list), with a
 * 404 when it was deleted or is in the trash. Files no product uses any more are removed after the
 * commit. A save that changes nothing is rolled back: no audit entry, no new revision.
 */
export async function updateProduct(
  actor: Actor,
  id: number,
  input: ProductEditInput,
  files: File[],
): Promise<SavedProduct> {
  // A cheap early answer before any image is processed; the UPDATE below is the real check.
  const [current] = await db()
    .select({ revision: products.revision, deletedAt: products.deletedAt })
    .from(products)
    .where(eq(products.id, id));
  if (!current) throw new UserError(PRODUCT_ERRORS.gone, 404);
  if (current.deletedAt) throw new UserError(PRODUCT_ERRORS.trashed, 404);
  if (current.revision !== input.revision) throw new UserError(PRODUCT_ERRORS.conflict, 409);

  const ordered = filesOfSlots(input.images, files);
  const specs = specFields(input);
  let dropped: string[] = [];
  const saved = await withStoredImages(ordered, async (tx, uploads) => {
    await checkTaxonomy(tx, input.sportId, input.categoryIds);
    await checkModelCode(tx, specs.modelCode, id);
    const before = await snapshot(tx, id);
    if (!before) throw new UserError(PRODUCT_ERRORS.gone, 404);
    const updated = await tx
      .update(products)
      .set({
        name: input.name,
        slug: productSlug(input.name, id),
        description: input.description || null,
        ...specs,
        sportId: input.sportId,
        ...(input.status ? { status: input.status } : {}),
        revision: sql`${products.revision} + 1`,
      })
      .where(
        and(eq(products.id, id), eq(products.revision, input.revision), isNull(products.deletedAt)),
      )
      .returning({ id: products.id });
    if (!updated.length) throw new UserError(PRODUCT_ERRORS.conflict, 409);

    const linked = await tx
      .select({ categoryId: productsCategories.categoryId })
      .from(productsCategories)
      .where(eq(productsCategories.productId, id));
    const had = new Set(linked.map((l) => l.categoryId));
    const wanted = new Set(input.categoryIds);
    const removed = [...had].filter((c) => !wanted.has(c));
    const added = [...wanted].filter((c) => !had.has(c));
    if (removed.length)
      await tx
        .delete(productsCategories)
        .where(
          and(
            eq(productsCategories.productId, id),
            inArray(productsCategories.categoryId, removed),
          ),
        );
    if (added.length)
      await tx
        .insert(productsCategories)
        .values(added.map((categoryId) => ({ productId: id, categoryId })));

    const existing = await tx
      .select({
        id: productImages.id,
        key: productImages.key,
        width: productImages.width,
        height: productImages.height,
        variants: productImages.variants,
      })
      .from(productImages)
      .where(eq(productImages.productId, id));
    const byId = new Map(existing.map((image) => [image.id, image]));
    let next = 0;
    const images: StoredImage[] = input.images.map((slot) => {
      if (slot.startsWith('new:')) return uploads.stored[next++]!;
      const image = byId.get(Number(slot.slice('existing:'.length)));
      if (!image) throw new UserError(PRODUCT_ERRORS.unknownImage, 400, 'images');
      const { id: _id, ...rest } = image;
      return rest;
    });
    const keep = new Set(images.map((i) => i.key));
    dropped = existing.filter((i) => !keep.has(i.key)).flatMap(imageKeys);
    // Positions are unique per product: rewrite the rows in their new order.
    await tx.delete(productImages).where(eq(productImages.productId, id));
    await insertImages(tx, id, images, uploads);

    const after = await snapshot(tx, id);
    const changes = diffFields(before, after!);
    const result = { id, name: input.name, thumbnail: thumbnailOf(images[0]) };
    // Saved as it was: nothing to record, and no new revision to refuse another admin's save.
    if (Object.keys(changes).length === 0) throw new Unchanged(result);
    await recordAudit(tx, {
      actor,
      entity: 'product',
      entityId: id,
      entityName: input.name,
      action: 'update',
      changes,
    });
    return result;
  }).catch((error: unknown) => {
    if (!(error instanceof Unchanged)) modelCodeRefusal(error);
    return error;
  });
  // Rolled back: nothing changed, no file to remove.
  if (saved instanceof Unchanged) return saved.result;
  catalogueChanged();
  await removeUnused(dropped);
  return saved;
}

/** Who deletes for good what stayed in the trash past its time (an audit entry needs a name). */
export const TRASH_CLEANUP: Actor = { id: null, name: 'Trash clean-up' };

const DAY_MS = 86_400_000;

/** When a product put in the trash at `deletedAt` is deleted for good. */
export function purgeDate(deletedAt: Date): Date {
  return new Date(deletedAt.getTime() + TRASH_DAYS * DAY_MS);
}

/**
 * Moves a product to the trash: it leaves the shop, search, the sitemap, the API and carts at once
 * (carts keep the line, shown again if it is restored), and staff can restore it for TRASH_DAYS
 * days. Nothing is removed yet: its links, images and files wait in the trash with it. A 404 for
 * an unknown product or one already in the trash.
 */
export async function trashProduct(
  actor: Actor,
  id: number,
  now = new Date(),
): Promise<{ name: string }> {
  const trashed = await db().transaction(async (tx) => {
    const [row] = await tx
      .update(products)
      .set({ deletedAt: now, revision: sql`${products.revision} + 1` })
      .where(and(eq(products.id, id), isNull(products.deletedAt)))
      .returning({ name: products.name });
    if (!row) throw new UserError(PRODUCT_ERRORS.deleteProduct, 404);
    await recordAudit(tx, {
      actor,
      entity: 'product',
      entityId: id,
      entityName: row.name,
      action: 'trash',
    });
    return row;
  });
  catalogueChanged();
  return trashed;
}

/**
 * Takes a product out of the trash, back to the status it had (a published one is in the shop
 * again). A 404 for one that is not in the trash (restored already, or deleted for good).
 */
export async function restoreProduct(actor: Actor, id: number): Promise<{ name: string }> {
  const restored = await db().transaction(async (tx) => {
    const [row] = await tx
      .update(products)
      .set({ deletedAt: null, revision: sql`${products.revision} + 1` })
      .where(and(eq(products.id, id), isNotNull(products.deletedAt)))
      .returning({ name: products.name });
    if (!row) throw new UserError('This product is no longer in the trash.', 404);
    await recordAudit(tx, {
      actor,
      entity: 'product',
      entityId: id,
      entityName: row.name,
      action: 'restore',
    });
    return row;
  });
  catalogueChanged();
  return restored;
}

/**
 * Deletes for good, in one transaction each, the products that have been in the trash for
 * TRASH_DAYS days at `now`, with their category links and image rows, and records each; their
 * files are removed after the commit (unless another product uses the same picture; the thumbnail
 * the audit log shows stays). Carts drop the line (cascade); past enquiries and quotations keep the
 * item's name (the link is nulled). A product restored meanwhile is left alone. Returns the names
 * of the products deleted.
 */
export async function purgeTrash(now: Date, limit = 200): Promise<string[]> {
  const due = await db()
    .select({ id: products.id })
    .from(products)
    .where(lte(products.deletedAt, new Date(now.getTime() - TRASH_DAYS * DAY_MS)))
    .orderBy(asc(products.deletedAt))
    .limit(limit);
  const purged: string[] = [];
  for (const { id } of due) {
    let files: string[] = [];
    const name = await db().transaction(async (tx) => {
      // Locked before its images are listed, and only while still due: a restore or an edit at
      // the same time has either committed (and it is not due, or its images are the ones listed)
      // or waits, and then finds the product gone.
      const [locked] = await tx
        .select({ id: products.id })
        .from(products)
        .where(
          and(
            eq(products.id, id),
            lte(products.deletedAt, new Date(now.getTime() - TRASH_DAYS * DAY_MS)),
          ),
        )
        .for('update');
      const before = locked && (await snapshot(tx, id));
      if (!before) return null;
      const images = await tx
        .select({ key: productImages.key, variants: productImages.variants })
        .from(productImages)
        .where(eq(productImages.productId, id));
      files = images.flatMap(imageKeys);
      await tx.delete(productsCategories).where(eq(productsCategories.productId, id));
      await tx.delete(products).where(eq(products.id, id));
      await recordAudit(tx, {
        actor: TRASH_CLEANUP,
        entity: 'product',
        entityId: id,
        entityName: before.name,
        action: 'purge',
        changes: diffFields(before, {}),
      });
      return before.name;
    });
    if (name === null) continue;
    purged.push(name);
    await removeUnused(files);
  }
  if (purged.length) catalogueChanged();
  return purged;
}

/** A product as the list showed it: its id and the revision the list read. */
export interface ListedRevision {
  id: number;
  revision: number;
}

/**
 * What the list's bulk actions do: hide, show (publish), move to one category (replacing the
 * others), move to the trash, or restore from it.
 */
export type BulkAction =
  | { kind: 'hide' }
  | { kind: 'show' }
  | { kind: 'move'; categoryId: number }
  | { kind: 'trash' }
  | { kind: 'restore' };

export const BULK_ERRORS = {
  none: 'Select at least one product.',
  changed: (names: string[]) =>
    `${names.join(', ')} ${names.length === 1 ? 'was' : 'were'} changed by someone else since the list was read. Nothing was changed: check the list and try again.`,
  gone: 'Some of the selected products no longer exist. Nothing was changed: check the list and try again.',
  categoryGone: 'The category you chose has just been deleted. Please choose another.',
} as const;

/**
 * Applies one action to several products in one transaction, each change with its own audit
 * entry and new revision. As a single edit does, it checks each product's revision against the
 * one the list showed: if any moved (another admin changed it), or any is gone, nothing is changed
 * (a 409 naming them). Products the action would not change (a hidden one hidden again) are left
 * as they are. Returns how many products changed.
 */
export async function bulkUpdateProducts(
  actor: Actor,
  action: BulkAction,
  listed: ListedRevision[],
  now = new Date(),
): Promise<{ changed: number }> {
  const wanted = new Map(listed.map((p) => [p.id, p.revision]));
  if (!wanted.size) throw new UserError(BULK_ERRORS.none, 400);
  const changed = await db().transaction(async (tx) => {
    // In id order: two bulk actions over the same products never wait for each other in a circle.
    const rows = await tx
      .select({
        id: products.id,
        name: products.name,
        status: products.status,
        revision: products.revision,
        deletedAt: products.deletedAt,
      })
      .from(products)
      .where(inArray(products.id, [...wanted.keys()]))
      .orderBy(asc(products.id))
      .for('update');
    if (rows.length !== wanted.size) throw new UserError(BULK_ERRORS.gone, 409);
    const moved = rows.filter((r) => r.revision !== wanted.get(r.id));
    if (moved.length) throw new UserError(BULK_ERRORS.changed(moved.map((r) => r.name)), 409);
    // The trash's own action is restore; the others are for products outside it.
    const inTrash = action.kind === 'restore';
    if (rows.some((r) => (r.deletedAt !== null) !== inTrash))
      throw new UserError(BULK_ERRORS.gone, 409);
    if (action.kind === 'move') {
      const [category] = await tx
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(eq(categories.id, action.categoryId))
        .for('key share');
      if (!category) throw new UserError(BULK_ERRORS.categoryGone, 400, 'categoryId');
    }
    let count = 0;
    for (const row of rows) {
      if (await applyBulk(tx, actor, action, row, now)) count++;
    }
    return count;
  });
  if (changed) catalogueChanged();
  return { changed };
}

/** One product's part of a bulk action; false when the action would change nothing. */
async function applyBulk(
  tx: Tx,
  actor: Actor,
  action: BulkAction,
  row: { id: number; name: string; status: ProductStatus },
  now: Date,
): Promise<boolean> {
  const bump = { revision: sql`${products.revision} + 1` };
  const audit = (entry: Pick<Parameters<typeof recordAudit>[1], 'action' | 'changes'>) =>
    recordAudit(tx, { actor, entity: 'product', entityId: row.id, entityName: row.name, ...entry });
  switch (action.kind) {
    case 'hide':
    case 'show': {
      const status: ProductStatus = action.kind === 'hide' ? 'hidden' : 'published';
      if (row.status === status) return false;
      await tx
        .update(products)
        .set({ status, ...bump })
        .where(eq(products.id, row.id));
      await audit({ action: 'update', changes: { status: { from: row.status, to: status } } });
      return true;
    }
    case 'move': {
      const before = await snapshot(tx, row.id);
      const linked = await tx
        .select({ id: productsCategories.categoryId })
        .from(productsCategories)
        .where(eq(productsCategories.productId, row.id));
      if (linked.length === 1 && linked[0]!.id === action.categoryId) return false;
      await tx.delete(productsCategories).where(eq(productsCategories.productId, row.id));
      await tx
        .insert(productsCategories)
        .values({ productId: row.id, categoryId: action.categoryId });
      await tx.update(products).set(bump).where(eq(products.id, row.id));
      const after = await snapshot(tx, row.id);
      await audit({
        action: 'update',
        changes: { categories: { from: before!.categories, to: after!.categories } },
      });
      return true;
    }
    case 'trash':
      await tx
        .update(products)
        .set({ deletedAt: now, ...bump })
        .where(eq(products.id, row.id));
      await audit({ action: 'trash' });
      return true;
    case 'restore':
      await tx
        .update(products)
        .set({ deletedAt: null, ...bump })
        .where(eq(products.id, row.id));
      await audit({ action: 'restore' });
      return true;
  }
}

/**
 * Copies a product as a new draft named '<name> (copy)': its sport, categories, description and
 * images (the same stored files, which stay while either product shows them), recorded as a
 * create that says what it was copied from. A 404 for an unknown product or one in the trash.
 */
export async function duplicateProduct(actor: Actor, id: number): Promise<SavedProduct> {
  const copy = await db().transaction(async (tx) => {
    const [source] = await tx
      .select({
        name: products.name,
        description: products.description,
        specifications: products.specifications,
        sportId: products.sportId,
      })
      .from(products)
      .where(and(eq(products.id, id), isNull(products.deletedAt)))
      .for('share');
    if (!source) throw new UserError(PRODUCT_ERRORS.gone, 404);
    const suffix = ' (copy)';
    const name = `${source.name.slice(0, PRODUCT_NAME_MAX - suffix.length)}${suffix}`;
    const [{ id: copyId } = { id: 0 }] = rowsOf<{ id: number }>(
      await tx.execute(sql`SELECT nextval(pg_get_serial_sequence('products', 'id'))::int AS id`),
    );
    await tx.insert(products).values({
      id: copyId,
      name,
      slug: productSlug(name, copyId),
      description: source.description,
      // The specifications are copied; the model code is the source's own (unique), left empty.
      specifications: source.specifications,
      sportId: source.sportId,
      status: 'draft',
    });
    const links = await tx
      .select({ categoryId: productsCategories.categoryId })
      .from(productsCategories)
      .where(eq(productsCategories.productId, id));
    if (links.length)
      await tx
        .insert(productsCategories)
        .values(links.map((l) => ({ productId: copyId, categoryId: l.categoryId })));
    // The pictures are locked before the source's images are read: a cleanup of a picture that
    // an edit of the source just dropped then waits, and finds the copy's rows using it.
    const keys = await tx
      .select({ key: productImages.key, variants: productImages.variants })
      .from(productImages)
      .where(eq(productImages.productId, id));
    await lockPictures(tx, keys.flatMap(imageKeys));
    const images = await tx
      .select({
        position: productImages.position,
        key: productImages.key,
        width: productImages.width,
        height: productImages.height,
        variants: productImages.variants,
      })
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.position));
    if (images.length)
      await tx.insert(productImages).values(images.map((i) => ({ ...i, productId: copyId })));
    const after = await snapshot(tx, copyId);
    await recordAudit(tx, {
      actor,
      entity: 'product',
      entityId: copyId,
      entityName: name,
      action: 'create',
      changes: {
        ...diffFields({}, after!),
        copiedFrom: { from: null, to: `${source.name} (#${id})` },
      },
    });
    return {
      id: copyId,
      name,
      thumbnail: images[0] ? thumbnailOf({ ...images[0] }) : null,
    };
  });
  catalogueChanged();
  return copy;
}

export interface ProductForEdit {
  id: number;
  name: string;
  description: string | null;
  modelCode: string | null;
  specifications: ProductSpecification[];
  sportId: number;
  categoryIds: number[];
  status: ProductStatus;
  /** When it was put in the trash; null outside it. */
  deletedAt: Date | null;
  revision: number;
  images: { id: number; src: string }[];
}

/**
 * A product as the edit form opens it (with its revision), also one in the trash (which the page
 * shows as such), or null when there is none.
 */
export async function getProductForEdit(id: number): Promise<ProductForEdit | null> {
  const [row] = await db()
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      modelCode: products.modelCode,
      specifications: products.specifications,
      sportId: products.sportId,
      status: products.status,
      deletedAt: products.deletedAt,
      revision: products.revision,
    })
    .from(products)
    .where(eq(products.id, id));
  if (!row) return null;
  const [links, images] = await Promise.all([
    db()
      .select({ id: productsCategories.categoryId })
      .from(productsCategories)
      .where(eq(productsCategories.productId, id)),
    db()
      .select({ id: productImages.id, key: productImages.key, variants: productImages.variants })
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.position)),
  ]);
  return {
    ...row,
    categoryIds: links.map((l) => l.id),
    images: images.map((i) => ({
      id: i.id,
      src: thumbnailOf({ key: i.key, variants: i.variants, width: 0, height: 0 })!,
    })),
  };
}

/** What the back office's list shows of a product beside its card. */
export interface ProductRowFacts {
  status: ProductStatus;
  revision: number;
  updatedAt: Date;
  deletedAt: Date | null;
}

/**
 * The status, revision (for the bulk actions' check), last change and trash date of these
 * products, read fresh for the list (not from the catalogue cache).
 */
export async function productRowFacts(ids: number[]): Promise<Map<number, ProductRowFacts>> {
  if (!ids.length) return new Map();
  const rows = await db()
    .select({
      id: products.id,
      status: products.status,
      revision: products.revision,
      updatedAt: products.updatedAt,
      deletedAt: products.deletedAt,
    })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map(({ id, ...facts }) => [id, facts]));
}

/**
 * How many products the list's status tabs would show: in the shop, drafts, hidden, and in the
 * trash (all counted in one pass over the products).
 */
export function countByStatus(): Promise<Record<ProductStatus | 'trashed', number>> {
  // From the narrow search rows, which carry the same status; cached until the catalogue changes.
  return cached('status-counts', async () => {
    const rows = rowsOf<{ status: ProductStatus | 'trashed'; n: number }>(
      await db().execute(
        sql`SELECT status, count(*)::int AS n FROM product_search GROUP BY status`,
      ),
    );
    const counts = { published: 0, draft: 0, hidden: 0, trashed: 0 };
    for (const r of rows) counts[r.status] = Number(r.n);
    return counts;
  });
}

/** A recorded image as a page shows it: its thumbnail's URL, or null when it was never kept. */
export interface AuditImage {
  src: string | null;
}

/**
 * An audit entry's changes as pages show them: a product's image lists as thumbnails. Entries
 * written before images were recorded by their thumbnail's key hold a short hash instead (no
 * folder in it), which has no file to show.
 */
export function withThumbnails(
  changes: AuditChanges,
): Record<string, { from: unknown; to: unknown }> {
  const images = changes.images;
  if (!images) return changes;
  const list = (value: unknown): AuditImage[] | null =>
    Array.isArray(value)
      ? value.map((key) => ({
          src: typeof key === 'string' && key.includes('/') ? mediaUrl(key) : null,
        }))
      : null;
  return { ...changes, images: { from: list(images.from), to: list(images.to) } };
}
