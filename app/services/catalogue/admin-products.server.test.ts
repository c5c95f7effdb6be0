import { createHash } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PRODUCT_MESSAGES } from '~/lib/schemas/product';
import { createCategory, createSport } from '../../../tests/factories';
import { listAudit } from '../audit/audit.server';
import { db, rowsOf } from '../db/client.server';
import {
  cartItems,
  enquiries,
  enquiryItems,
  productImages,
  products,
  productsCategories,
  sports,
  user,
} from '../db/schema';
import { UserError } from '../errors.server';
import { isStored, uploadsDir } from '../media/storage.server';
import { log } from '../log.server';
import {
  createProduct,
  getProductForEdit,
  PRODUCT_ERRORS,
  purgeTrash,
  trashProduct,
  updateProduct,
} from './admin-products.server';
import { getProduct } from './products.server';

const actor = { id: 'admin-1', name: 'Ada Admin' };
let sport: { id: number };
let otherSport: { id: number };
let goals: { id: number; name: string };
let nets: { id: number; name: string };

async function png(colour: string, size = 400): Promise<File> {
  const data = await sharp({
    create: { width: size, height: size, channels: 3, background: colour },
  })
    .png()
    .toBuffer();
  return new File([new Uint8Array(data)], `${colour}.png`, { type: 'image/png' });
}

async function storedFiles(): Promise<string[]> {
  const dir = path.join(uploadsDir(), 'products');
  return (await readdir(dir).catch(() => [] as string[])).sort();
}

/** The stored files of an uploaded picture (its keys start with its content hash). */
async function filesOf(file: File): Promise<string[]> {
  const data = Buffer.from(await file.arrayBuffer());
  const hash = createHash('sha256').update(data).digest('hex').slice(0, 20);
  return (await storedFiles()).filter((f) => f.startsWith(hash));
}

/** Whether every file of every image of a product is in storage. */
async function imagesStored(productId: number): Promise<boolean> {
  const images = await db()
    .select({
      key: productImages.key,
      width: productImages.width,
      height: productImages.height,
      variants: productImages.variants,
    })
    .from(productImages)
    .where(eq(productImages.productId, productId));
  expect(images.length).toBeGreaterThan(0);
  return (await Promise.all(images.map(isStored))).every(Boolean);
}

/** A directory where a stored file was: the local store's delete of it fails (EISDIR). */
async function jam(src: string): Promise<void> {
  const file = path.join(uploadsDir(), src.replace(/^\/media\//, ''));
  await rm(file);
  await mkdir(file);
}

/** Runs `write` with a jammed file: it must succeed and log the file it could not remove. */
async function withJammed<T>(src: string, write: () => Promise<T>): Promise<T> {
  const name = src.replace(/^\/media\//, '');
  await jam(src);
  const logged = vi.spyOn(log(), 'error').mockImplementation(() => {});
  try {
    const result = await write();
    expect(logged).toHaveBeenCalledWith(
      { keys: expect.arrayContaining([name]), err: expect.any(Error) },
      'Could not remove unused image files',
    );
    return result;
  } finally {
    logged.mockRestore();
    await rm(path.join(uploadsDir(), name), { recursive: true });
  }
}

async function rejection(promise: Promise<unknown>): Promise<UserError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UserError);
  return error as UserError;
}

beforeAll(async () => {
  await db()
    .insert(user)
    .values({ id: actor.id, name: actor.name, email: 'ada@example.com', role: 'admin' });
  sport = await createSport({ name: 'Football' });
  otherSport = await createSport({ name: 'Netball' });
  goals = await createCategory({ name: 'Goalposts' });
  nets = await createCategory({ name: 'Nets' });
});

const input = (overrides: Partial<Parameters<typeof createProduct>[1]> = {}) => ({
  name: 'Steel Goalpost',
  sportId: sport.id,
  categoryIds: [goals.id],
  description: 'Galvanised.',
  images: ['new:0'],
  ...overrides,
});

describe('createProduct', () => {
  it('stores the product, its links, its images in order and an audit entry', async () => {
    const saved = await createProduct(actor, input({ images: ['new:1', 'new:0'] }), [
      await png('red'),
      await png('blue'),
    ]);
    expect(saved.thumbnail).toMatch(/^\/media\/products\/.+-320\.webp$/);
    const product = await getProduct(saved.id);
    expect(product?.name).toBe('Steel Goalpost');
    expect(product?.categories.map((c) => c.name)).toEqual(['Goalposts']);
    expect(product?.images).toHaveLength(2);
    const [history] = await listAudit({ entity: 'product', entityId: saved.id });
    expect(history).toMatchObject({ action: 'create', actorName: 'Ada Admin' });
    expect(history?.changes.name).toEqual({ from: null, to: 'Steel Goalpost' });
    const [slug] = await db()
      .select({ slug: products.slug })
      .from(products)
      .where(eq(products.id, saved.id));
    expect(slug?.slug).toBe(`steel-goalpost-${saved.id}`);
  });

  it('leaves no product, link or new file when the transaction fails', async () => {
    const before = await storedFiles();
    const [{ n: productsBefore } = { n: 0 }] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(products);
    // A category deleted after the form was opened: the check inside the transaction refuses.
    const error = await rejection(
      createProduct(actor, input({ categoryIds: [999_999] }), [await png('green')]),
    );
    expect(error.status).toBe(400);
    expect(error.field).toBe('categoryIds');
    // Not 'Select at least one category.': the form shows chosen ones.
    expect(error.message).toBe(PRODUCT_ERRORS.categoryGone);
    expect(await storedFiles()).toEqual(before);
    const [{ n: productsAfter } = { n: 0 }] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(products);
    expect(productsAfter).toBe(productsBefore);
  });

  it('refuses a file that is not an image, storing nothing', async () => {
    const before = await storedFiles();
    const fake = new File([new TextEncoder().encode('hello')], 'photo.jpg', { type: 'image/jpeg' });
    const error = await rejection(
      createProduct(actor, input({ images: ['new:0', 'new:1'] }), [await png('purple'), fake]),
    );
    expect(error.status).toBe(415);
    expect(error.message).toBe('Image 2 (photo.jpg) is not a JPEG, PNG or WebP image.');
    expect(await storedFiles()).toEqual(before);
  });

  it('needs an uploaded image: an existing image of another product is not one', async () => {
    const error = await rejection(createProduct(actor, input({ images: ['existing:1'] }), []));
    expect(error).toMatchObject({ status: 400, field: 'images', message: PRODUCT_MESSAGES.images });
  });

  it('keeps the white of a transparent picture, not black, in every stored file', async () => {
    // A green disc on a transparent square, as supplier cut-outs come.
    const disc = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><circle cx="100" cy="100" r="50" fill="#0a0"/></svg>',
      ),
    )
      .png()
      .toBuffer();
    const file = new File([new Uint8Array(disc)], 'cut-out.png', { type: 'image/png' });
    const saved = await createProduct(actor, input({ name: 'Cut-out Goal' }), [file]);
    const [image] = await db()
      .select({ key: productImages.key, variants: productImages.variants })
      .from(productImages)
      .where(eq(productImages.productId, saved.id));
    for (const key of [image!.key, ...image!.variants.map((v) => v.key)]) {
      const { data } = await sharp(path.join(uploadsDir(), key))
        .raw()
        .toBuffer({ resolveWithObject: true });
      // The corner pixel, where the picture was transparent.
      expect([...data.subarray(0, 3)], key).toEqual([255, 255, 255]);
    }
  });

  it('keeps files another product already uses when a save fails', async () => {
    const red = await png('red');
    const before = await storedFiles();
    await rejection(createProduct(actor, input({ categoryIds: [999_999] }), [red]));
    expect(await storedFiles()).toEqual(before);
  });
});

describe('updateProduct', () => {
  it('saves fields, diffs links, reorders, replaces and drops images, and records the change', async () => {
    const created = await createProduct(actor, input({ images: ['new:0', 'new:1'] }), [
      await png('orange'),
      await png('yellow'),
    ]);
    const opened = (await getProductForEdit(created.id))!;
    const [orange, yellow] = opened.images;
    const filesBefore = await storedFiles();
    await updateProduct(
      actor,
      created.id,
      {
        name: 'Steel Goalpost Pro',
        sportId: otherSport.id,
        categoryIds: [nets.id],
        description: '',
        images: [`existing:${yellow!.id}`, 'new:0'],
        revision: opened.revision,
      },
      [await png('black')],
    );
    const product = await getProduct(created.id);
    expect(product).toMatchObject({ name: 'Steel Goalpost Pro', description: null });
    expect(product?.categories.map((c) => c.name)).toEqual(['Nets']);
    expect(product?.images[0]?.src).toBe(
      await db()
        .select({ key: productImages.key })
        .from(productImages)
        .where(eq(productImages.productId, created.id))
        .orderBy(productImages.position)
        .then((rows) => `/media/${rows[0]!.key}`),
    );
    const reopened = (await getProductForEdit(created.id))!;
    expect(reopened.revision).toBe(opened.revision + 1);
    expect(reopened.images[0]?.src).toBe(yellow!.src);
    // The orange image's files are gone but for the thumbnail that the history shows (the
    // edit form shows the same smallest variant); the black image's are new.
    const filesAfter = await storedFiles();
    const orangeHash = orange!.src.replace(/^.*\//, '').slice(0, 20);
    expect(filesBefore.filter((f) => f.startsWith(orangeHash)).length).toBeGreaterThan(1);
    expect(filesAfter.filter((f) => f.startsWith(orangeHash))).toEqual([
      orange!.src.replace(/^.*\//, ''),
    ]);

    const [entry] = await listAudit({ entity: 'product', entityId: created.id });
    expect(entry?.action).toBe('update');
    const thumb = (src: string) => src.replace(/^\/media\//, '');
    const black = (await getProductForEdit(created.id))!.images[1]!.src;
    expect(entry?.changes).toMatchObject({
      name: { from: 'Steel Goalpost', to: 'Steel Goalpost Pro' },
      sport: { from: 'Football', to: 'Netball' },
      categories: { from: ['Goalposts'], to: ['Nets'] },
      // Images by their thumbnails' keys, in order.
      images: {
        from: [thumb(orange!.src), thumb(yellow!.src)],
        to: [thumb(yellow!.src), thumb(black)],
      },
    });
  });

  it('tells the later of two saves that the product changed, overwriting nothing', async () => {
    const created = await createProduct(actor, input(), [await png('white')]);
    const opened = (await getProductForEdit(created.id))!;
    const edit = (name: string) => ({
      name,
      sportId: sport.id,
      categoryIds: [goals.id],
      images: [`existing:${opened.images[0]!.id}`],
      revision: opened.revision,
    });
    await updateProduct(actor, created.id, edit('First save'), []);
    const error = await rejection(updateProduct(actor, created.id, edit('Second save'), []));
    expect(error.status).toBe(409);
    expect(error.message).toBe(PRODUCT_ERRORS.conflict);
    expect((await getProduct(created.id))?.name).toBe('First save');
  });

  it('keeps a save that changes nothing out of the history and the revision', async () => {
    const created = await createProduct(actor, input({ name: 'Unchanged Net' }), [
      await png('#202060'),
    ]);
    const opened = (await getProductForEdit(created.id))!;
    const same = {
      name: opened.name,
      sportId: opened.sportId,
      categoryIds: opened.categoryIds,
      description: opened.description ?? '',
      images: opened.images.map((i) => `existing:${i.id}`),
      revision: opened.revision,
    };
    const saved = await updateProduct(actor, created.id, same, []);
    expect(saved).toMatchObject({ id: created.id, name: 'Unchanged Net' });
    expect((await getProductForEdit(created.id))!.revision).toBe(opened.revision);
    expect(await listAudit({ entity: 'product', entityId: created.id })).toHaveLength(1);
    expect(await imagesStored(created.id)).toBe(true);
    // So another admin who opened the product at the same time can still save.
    await updateProduct(actor, created.id, { ...same, name: 'Changed Net' }, []);
    expect((await getProduct(created.id))?.name).toBe('Changed Net');
  });

  it('answers 404 for a product that does not exist', async () => {
    const error = await rejection(
      updateProduct(actor, 999_999, { ...input(), images: [], revision: 1 }, []),
    );
    expect(error.status).toBe(404);
  });

  it('reports a saved edit as saved when its dropped files cannot be removed, and logs them', async () => {
    const created = await createProduct(actor, input({ name: 'Stuck Net' }), [
      await png('#0a0a0a'),
    ]);
    const opened = (await getProductForEdit(created.id))!;
    // The original: the thumbnail (the form's src) stays for the history.
    const [{ key } = { key: '' }] = await db()
      .select({ key: productImages.key })
      .from(productImages)
      .where(eq(productImages.productId, created.id));
    const edit = { ...input({ name: 'Stuck Net 2' }), images: [], revision: opened.revision };
    expect(
      await withJammed(`/media/${key}`, () => updateProduct(actor, created.id, edit, [])),
    ).toMatchObject({
      name: 'Stuck Net 2',
    });
    expect(await getProductForEdit(created.id)).toMatchObject({
      name: 'Stuck Net 2',
      revision: opened.revision + 1,
      images: [],
    });
  });
});

describe('the trash', () => {
  const DAY = 86_400_000;

  it('takes a product off the shop at once and deletes it for good 30 days later, keeping past enquiries', async () => {
    const created = await createProduct(actor, input({ name: 'Doomed Net' }), [
      await png('#123456'),
    ]);
    const opened = (await getProductForEdit(created.id))!;
    const hash = opened.images[0]!.src.replace(/^.*\//, '').slice(0, 20);
    await db().insert(user).values({ id: 'buyer', name: 'Buyer', email: 'buyer@example.com' });
    await db().insert(cartItems).values({ userId: 'buyer', productId: created.id, quantity: 2 });
    const [enquiry] = await db()
      .insert(enquiries)
      .values({ reference: 'FH-TEST-1', contactName: 'Buyer', message: 'Quote please' })
      .returning({ id: enquiries.id });
    await db().insert(enquiryItems).values({
      enquiryId: enquiry!.id,
      productId: created.id,
      productName: 'Doomed Net',
      quantity: 4,
    });

    const deletedAt = new Date('2031-05-01T02:00:00Z');
    expect(await trashProduct(actor, created.id, deletedAt)).toEqual({ name: 'Doomed Net' });
    // Off the shop, but nothing removed yet: restorable as it was.
    expect(await getProduct(created.id)).toBeNull();
    expect(await getProduct(created.id, { unlisted: true })).toBeNull();
    expect(await getProductForEdit(created.id)).toMatchObject({
      deletedAt,
      revision: opened.revision + 1,
      categoryIds: [goals.id],
    });
    expect(await imagesStored(created.id)).toBe(true);
    // A second delete finds it gone from the live products; an edit is refused.
    expect(await rejection(trashProduct(actor, created.id))).toMatchObject({ status: 404 });
    const edit = { ...input(), images: [], revision: opened.revision + 1 };
    expect(await rejection(updateProduct(actor, created.id, edit, []))).toMatchObject({
      status: 404,
      message: PRODUCT_ERRORS.trashed,
    });

    // A day short of 30 days: still in the trash.
    expect(await purgeTrash(new Date(deletedAt.getTime() + 29 * DAY))).toEqual([]);
    expect(await getProductForEdit(created.id)).not.toBeNull();
    // 30 days on: deleted for good, with its links, images and files (all but the thumbnail the
    // history shows); the cart drops it; the enquiry keeps the line by name.
    expect(await purgeTrash(new Date(deletedAt.getTime() + 30 * DAY))).toEqual(['Doomed Net']);
    expect(await getProductForEdit(created.id)).toBeNull();
    expect(
      await db()
        .select()
        .from(productsCategories)
        .where(eq(productsCategories.productId, created.id)),
    ).toEqual([]);
    expect(
      await db().select().from(productImages).where(eq(productImages.productId, created.id)),
    ).toEqual([]);
    expect(await db().select().from(cartItems).where(eq(cartItems.userId, 'buyer'))).toEqual([]);
    const [line] = await db()
      .select({
        productId: enquiryItems.productId,
        name: enquiryItems.productName,
        q: enquiryItems.quantity,
      })
      .from(enquiryItems)
      .where(eq(enquiryItems.enquiryId, enquiry!.id));
    expect(line).toEqual({ productId: null, name: 'Doomed Net', q: 4 });
    expect((await storedFiles()).filter((f) => f.startsWith(hash))).toEqual([
      opened.images[0]!.src.replace(/^.*\//, ''),
    ]);
    const entries = await listAudit({ entity: 'product', entityId: created.id });
    expect(entries.map((e) => [e.action, e.actorName])).toEqual([
      ['purge', 'Trash clean-up'],
      ['trash', 'Ada Admin'],
      ['create', 'Ada Admin'],
    ]);
    expect(entries[0]).toMatchObject({ entityName: 'Doomed Net' });
  });

  it('keeps the files when another product shows the same picture', async () => {
    const a = await createProduct(actor, input({ name: 'Twin A' }), [await png('#abcdef')]);
    const b = await createProduct(actor, input({ name: 'Twin B' }), [await png('#abcdef')]);
    const at = new Date('2031-06-01T00:00:00Z');
    await trashProduct(actor, a.id, at);
    await purgeTrash(new Date(at.getTime() + 31 * DAY));
    expect(await getProductForEdit(a.id)).toBeNull();
    expect(await imagesStored(b.id)).toBe(true);
  });

  it('answers 404 with its message for an unknown product', async () => {
    const error = await rejection(trashProduct(actor, 999_999));
    expect(error).toMatchObject({ status: 404, message: 'Failed to delete product.' });
  });

  it('reports a clean-up as done when its files cannot be removed, and logs them', async () => {
    const created = await createProduct(actor, input({ name: 'Stuck Goal' }), [
      await png('#0b0b0b'),
    ]);
    const image = await db()
      .select({ key: productImages.key })
      .from(productImages)
      .where(eq(productImages.productId, created.id));
    const at = new Date('2031-07-01T00:00:00Z');
    await trashProduct(actor, created.id, at);
    // The original, which no entry shows, is the file that cannot be removed.
    expect(
      await withJammed(`/media/${image[0]!.key}`, () =>
        purgeTrash(new Date(at.getTime() + 30 * DAY)),
      ),
    ).toEqual(['Stuck Goal']);
    expect(await getProductForEdit(created.id)).toBeNull();
  });
});

type Tx = Parameters<Parameters<ReturnType<typeof db>['transaction']>[0]>[0];

/**
 * Another admin's transaction, on a connection of its own: runs `first`, keeps what it locked
 * until `release`, then runs `then` and commits.
 */
async function holding(first: (tx: Tx) => Promise<unknown>, then?: (tx: Tx) => Promise<unknown>) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const ready = new Promise<void>((resolve) => (held = resolve));
  const done = db().transaction(async (tx) => {
    await first(tx);
    held();
    await released;
    await then?.(tx);
  });
  await Promise.race([ready, done]);
  return {
    release: async () => {
      release();
      await done;
    },
  };
}

/** A call left running while the test goes on: its outcome (never a rejection), and whether it ended. */
function running<T>(promise: Promise<T>) {
  const run = {
    settled: false,
    outcome: promise.then(
      (value) => ({ value, error: undefined }),
      (error: unknown) => ({ value: undefined, error }),
    ),
  };
  void run.outcome.then(() => {
    run.settled = true;
  });
  return run;
}

/** Waits until `n` statements in this database wait for a lock, or until `run` has ended. */
async function lockWaits(n: number, run: { settled: boolean }): Promise<void> {
  for (let tries = 0; tries < 500; tries++) {
    if (run.settled) return;
    const [waiting] = rowsOf<{ n: number }>(
      await db().execute(
        sql`SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      ),
    );
    if ((waiting?.n ?? 0) >= n) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`Fewer than ${n} statements waited for a lock within 10 s`);
}

// PGlite runs one transaction at a time: these interleavings happen on PostgreSQL only.
describe.skipIf(process.env.TEST_DB !== 'postgres')(
  'with other admins writing at the same time',
  () => {
    it('the trash clean-up leaves a product that another admin restored while it waited', async () => {
      const created = await createProduct(actor, input({ name: 'Rescued Net' }), [
        await png('#301010'),
      ]);
      await trashProduct(actor, created.id, new Date(Date.now() - 31 * 86_400_000));
      // Another admin's restore holds the product's row until released.
      const restoring = await holding((tx) =>
        tx.update(products).set({ deletedAt: null }).where(eq(products.id, created.id)),
      );
      const cleaning = running(purgeTrash(new Date()));
      await lockWaits(1, cleaning);
      await restoring.release();

      const { value, error } = await cleaning.outcome;
      expect(error).toBeUndefined();
      expect(value).toEqual([]);
      expect(await getProduct(created.id)).toMatchObject({ name: 'Rescued Net' });
      expect(await imagesStored(created.id)).toBe(true);
    });

    it('createProduct answers with the field message when the sport is deleted during the save', async () => {
      const doomed = await createSport({ name: 'Sepak Takraw' });
      const picture = await png('#303010');
      // Another admin deletes the sport (no product uses it yet) and commits during the save.
      const deletion = await holding((tx) => tx.delete(sports).where(eq(sports.id, doomed.id)));
      const saving = running(
        createProduct(actor, input({ name: 'Takraw Net', sportId: doomed.id }), [picture]),
      );
      await lockWaits(1, saving);
      await deletion.release();

      const { error } = await saving.outcome;
      expect(error).toBeInstanceOf(UserError);
      expect(error).toMatchObject({
        status: 400,
        field: 'sportId',
        message: PRODUCT_ERRORS.sportGone,
      });
      expect(await filesOf(picture)).toEqual([]);
    });

    it('a failed save keeps the files of the same picture that another product saved meanwhile', async () => {
      const picture = await png('#103030');
      const created = await createProduct(actor, input({ name: 'Edited Goal' }), [
        await png('#301030'),
      ]);
      const opened = (await getProductForEdit(created.id))!;
      // Another admin's edit of the product: holds its row, and when released moves its revision.
      const otherEdit = await holding(
        (tx) =>
          tx
            .select({ id: products.id })
            .from(products)
            .where(eq(products.id, created.id))
            .for('update'),
        (tx) =>
          tx
            .update(products)
            .set({ revision: sql`${products.revision} + 1` })
            .where(eq(products.id, created.id)),
      );
      // This edit writes the picture's files, then waits for the row.
      const edit = {
        ...input({ name: 'Edited Goal' }),
        images: ['new:0'],
        revision: opened.revision,
      };
      const editing = running(updateProduct(actor, created.id, edit, [picture]));
      await lockWaits(1, editing);
      // Another product of the same picture finds its files written and is saved.
      const other = await createProduct(actor, input({ name: 'Same Picture' }), [picture]);
      await otherEdit.release();

      expect((await editing.outcome).error).toMatchObject({ status: 409 });
      expect(await imagesStored(other.id)).toBe(true);
    });

    it('a save writes again the files that an edit dropped and removed while the save was under way', async () => {
      const picture = await png('#303030');
      const shown = await createProduct(actor, input({ name: 'Old Picture' }), [picture]);
      const opened = (await getProductForEdit(shown.id))!;
      const held = await createSport({ name: 'Sitting Volleyball' });
      // Holds the sport: the new product's save stops there, after it found the files stored.
      const sportHeld = await holding((tx) =>
        tx.select({ id: sports.id }).from(sports).where(eq(sports.id, held.id)).for('update'),
      );
      const creating = running(
        createProduct(actor, input({ name: 'New Picture', sportId: held.id }), [picture]),
      );
      await lockWaits(1, creating);
      // The only product showing the picture drops it: its files are removed after that commit,
      // all but the thumbnail that the product's history shows.
      const edit = { ...input({ name: 'Old Picture' }), images: [], revision: opened.revision };
      await updateProduct(actor, shown.id, edit, []);
      expect(await filesOf(picture)).toEqual([opened.images[0]!.src.replace(/^.*\//, '')]);
      await sportHeld.release();

      const { value: created, error } = await creating.outcome;
      expect(error).toBeUndefined();
      expect(await imagesStored(created!.id)).toBe(true);
    });
  },
);
