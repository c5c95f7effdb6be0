import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createSport } from '../../../tests/factories';
import { listAudit } from '../audit/audit.server';
import { db } from '../db/client.server';
import {
  cartItems,
  enquiries,
  enquiryItems,
  productImages,
  products,
  productsCategories,
  user,
} from '../db/schema';
import { UserError } from '../errors.server';
import { uploadsDir } from '../media/storage.server';
import {
  createProduct,
  deleteProduct,
  getProductForEdit,
  PRODUCT_ERRORS,
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
    // The orange image's files are gone; the black image's are new.
    const filesAfter = await storedFiles();
    const orangeHash = orange!.src.replace(/^.*\//, '').slice(0, 20);
    expect(filesBefore.some((f) => f.startsWith(orangeHash))).toBe(true);
    expect(filesAfter.some((f) => f.startsWith(orangeHash))).toBe(false);

    const [entry] = await listAudit({ entity: 'product', entityId: created.id });
    expect(entry?.action).toBe('update');
    expect(entry?.changes).toMatchObject({
      name: { from: 'Steel Goalpost', to: 'Steel Goalpost Pro' },
      sport: { from: 'Football', to: 'Netball' },
      categories: { from: ['Goalposts'], to: ['Nets'] },
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

  it('answers 404 for a product that does not exist', async () => {
    const error = await rejection(
      updateProduct(actor, 999_999, { ...input(), images: [], revision: 1 }, []),
    );
    expect(error.status).toBe(404);
  });
});

describe('deleteProduct', () => {
  it('removes the product, its links, images and files; carts drop it; enquiries keep the line', async () => {
    const created = await createProduct(actor, input({ name: 'Doomed Net' }), [
      await png('#123456'),
    ]);
    const hash = (await getProductForEdit(created.id))!.images[0]!.src.replace(/^.*\//, '').slice(
      0,
      20,
    );
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

    expect(await deleteProduct(actor, created.id)).toEqual({ name: 'Doomed Net' });

    expect(await getProduct(created.id)).toBeNull();
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
    expect((await storedFiles()).some((f) => f.startsWith(hash))).toBe(false);
    const [entry] = await listAudit({ entity: 'product', entityId: created.id });
    expect(entry).toMatchObject({ action: 'delete', entityName: 'Doomed Net' });
  });

  it('keeps the files when another product shows the same picture', async () => {
    const a = await createProduct(actor, input({ name: 'Twin A' }), [await png('#abcdef')]);
    const b = await createProduct(actor, input({ name: 'Twin B' }), [await png('#abcdef')]);
    await deleteProduct(actor, a.id);
    const src = (await getProductForEdit(b.id))!.images[0]!.src;
    expect(await storedFiles()).toContain(src.replace(/^.*\//, ''));
  });

  it('answers 404 with the spec message for an unknown product', async () => {
    const error = await rejection(deleteProduct(actor, 999_999));
    expect(error).toMatchObject({ status: 404, message: 'Failed to delete product.' });
  });
});
