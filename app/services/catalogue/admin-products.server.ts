/**
 * The back office's product writes: create, edit (with images and optimistic concurrency) and
 * delete, each in one transaction with its audit entry. Image files are written before the
 * transaction under content-hash keys; a failed transaction removes the files it wrote, and files
 * that no product uses any more are removed after the commit (unless another product uses them:
 * see lockPictures).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ProductCreateInput, ProductEditInput } from '~/lib/schemas/product';
import { PRODUCT_MESSAGES } from '~/lib/schemas/product';
import { recordAudit, diffFields, type Actor } from '../audit/audit.server';
import { db, rowsOf, type Database } from '../db/client.server';
import { categories, productImages, products, productsCategories, sports } from '../db/schema';
import { UserError } from '../errors.server';
import { imageKeys, isStored, mediaUrl, type StoredImage } from '../media/storage.server';
import { removeFiles, storeUploads } from '../media/uploads.server';
import { catalogueChanged } from './cache.server';
import { log } from '../log.server';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export const PRODUCT_ERRORS = {
  conflict: PRODUCT_MESSAGES.conflict,
  gone: 'This product no longer exists.',
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

/** What the audit log keeps of a product: readable names, and images by a short key. */
interface Snapshot extends Record<string, unknown> {
  name: string;
  description: string | null;
  sport: string;
  categories: string[];
  images: string[];
}

const shortKey = (key: string) => key.replace(/^.*\//, '').slice(0, 8);

async function snapshot(tx: Tx, id: number): Promise<Snapshot | null> {
  const [row] = await tx
    .select({ name: products.name, description: products.description, sport: sports.name })
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
      .select({ key: productImages.key })
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.position)),
  ]);
  return {
    ...row,
    categories: cats.map((c) => c.name),
    images: images.map((i) => shortKey(i.key)),
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

/** Keys among these that no product image uses any more (safe to delete from storage). */
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
  return keys.filter((k) => !kept.has(pictureOf(k)));
}

/**
 * Files are shared by content (the same picture saved twice is written once, by the first save),
 * so a save that records a picture and a cleanup that deletes it once no row uses it must not
 * interleave. Both hold this lock per picture until their transaction ends: the save from before
 * it inserts the image rows, the cleanup around its check and delete. The cleanup then sees the
 * save's rows and keeps the files, or ran first, and the save writes the missing files again.
 * Taken in one order (by hash), so two transactions never wait for each other in a circle.
 */
async function lockPictures(tx: Tx, keys: string[]): Promise<void> {
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
async function removeUnused(keys: string[]): Promise<void> {
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
 * Creates a product with its category links and images (in the order given; the first is the
 * main image) and its audit entry, in one transaction. Files are checked by content and stored
 * first; if anything fails no product, link or new file is left behind.
 */
export async function createProduct(
  actor: Actor,
  input: ProductCreateInput,
  files: File[],
): Promise<SavedProduct> {
  const ordered = filesOfSlots(input.images, files);
  // A new product has only the files sent with it (an `existing:` slot names nothing of its own).
  if (ordered.length === 0) throw new UserError(PRODUCT_MESSAGES.images, 400, 'images');
  const saved = await withStoredImages(ordered, async (tx, uploads) => {
    const { stored } = uploads;
    await checkTaxonomy(tx, input.sportId, input.categoryIds);
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
      sportId: input.sportId,
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
  });
  catalogueChanged();
  return saved;
}

/** Thrown to roll back an edit that changes nothing, with the answer it still gets. */
class Unchanged {
  constructor(readonly result: SavedProduct) {}
}

/**
 * Saves an edit: fields, category links (diffed), and images kept, replaced, added and reordered
 * as the slots say. Refused with a 409 when the product's revision moved since the form was
 * opened (another admin saved first), with a 404 when it was deleted. Files no product uses any
 * more are removed after the commit. A save that changes nothing is rolled back: no audit entry,
 * no new revision.
 */
export async function updateProduct(
  actor: Actor,
  id: number,
  input: ProductEditInput,
  files: File[],
): Promise<SavedProduct> {
  // A cheap early answer before any image is processed; the UPDATE below is the real check.
  const [current] = await db()
    .select({ revision: products.revision })
    .from(products)
    .where(eq(products.id, id));
  if (!current) throw new UserError(PRODUCT_ERRORS.gone, 404);
  if (current.revision !== input.revision) throw new UserError(PRODUCT_ERRORS.conflict, 409);

  const ordered = filesOfSlots(input.images, files);
  let dropped: string[] = [];
  const saved = await withStoredImages(ordered, async (tx, uploads) => {
    await checkTaxonomy(tx, input.sportId, input.categoryIds);
    const before = await snapshot(tx, id);
    if (!before) throw new UserError(PRODUCT_ERRORS.gone, 404);
    const updated = await tx
      .update(products)
      .set({
        name: input.name,
        slug: productSlug(input.name, id),
        description: input.description || null,
        sportId: input.sportId,
        revision: sql`${products.revision} + 1`,
      })
      .where(and(eq(products.id, id), eq(products.revision, input.revision)))
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
    if (!(error instanceof Unchanged)) throw error;
    return error;
  });
  // Rolled back: nothing changed, no file to remove.
  if (saved instanceof Unchanged) return saved.result;
  catalogueChanged();
  await removeUnused(dropped);
  return saved;
}

/**
 * Deletes a product with its category links and image rows and records it, in one transaction;
 * its files are removed after the commit (unless another product uses the same picture). Carts
 * drop the line (cascade); past enquiries keep the item's name and quantity (the link is nulled).
 */
export async function deleteProduct(actor: Actor, id: number): Promise<{ name: string }> {
  let files: string[] = [];
  const deleted = await db().transaction(async (tx) => {
    // Locked before its images are listed: an edit saving at the same time has either committed
    // (its images are the ones listed) or waits, and then finds the product gone.
    const [locked] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, id))
      .for('update');
    const before = locked && (await snapshot(tx, id));
    if (!before) throw new UserError(PRODUCT_ERRORS.deleteProduct, 404);
    const images = await tx
      .select({ key: productImages.key, variants: productImages.variants })
      .from(productImages)
      .where(eq(productImages.productId, id));
    files = images.flatMap(imageKeys);
    await tx
      .delete(productsCategories)
      .where(eq(productsCategories.productId, id))
      .catch((cause: unknown) => {
        throw Object.assign(new UserError(PRODUCT_ERRORS.deleteLinks, 500), { cause });
      });
    await tx
      .delete(products)
      .where(eq(products.id, id))
      .catch((cause: unknown) => {
        throw Object.assign(new UserError(PRODUCT_ERRORS.deleteProduct, 500), { cause });
      });
    await recordAudit(tx, {
      actor,
      entity: 'product',
      entityId: id,
      entityName: before.name,
      action: 'delete',
      changes: diffFields(before, {}),
    });
    return { name: before.name };
  });
  catalogueChanged();
  await removeUnused(files);
  return deleted;
}

export interface ProductForEdit {
  id: number;
  name: string;
  description: string | null;
  sportId: number;
  categoryIds: number[];
  revision: number;
  images: { id: number; src: string }[];
}

/** A product as the edit form opens it (with its revision), or null when there is none. */
export async function getProductForEdit(id: number): Promise<ProductForEdit | null> {
  const [row] = await db()
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      sportId: products.sportId,
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
