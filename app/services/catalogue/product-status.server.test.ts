// Drafts, hidden products and the trash: what the shop, its search, counts, sitemap and carts
// leave out, what the back office lists (by status, sorted by its columns), its bulk actions with
// their version check, duplicating a product, and the thumbnails the audit log keeps.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createCategory,
  createCustomer,
  createProduct,
  createSport,
} from '../../../tests/factories';
import { listAudit } from '../audit/audit.server';
import { addToCart, cartCount, getCart, mergeCart } from '../cart/cart.server';
import { createEnquiry } from '../enquiries/enquiries.server';
import { db } from '../db/client.server';
import { productImages, products, user } from '../db/schema';
import { UserError } from '../errors.server';
import {
  BULK_ERRORS,
  bulkUpdateProducts,
  countByStatus,
  createProduct as saveProduct,
  duplicateProduct,
  getProductForEdit,
  productRowFacts,
  restoreProduct,
  trashProduct,
  updateProduct,
  withThumbnails,
} from './admin-products.server';
import { catalogueChanged } from './cache.server';
import {
  countFilterOptions,
  getProduct,
  listProductIndex,
  listProducts,
  type ProductFilter,
} from './products.server';

const actor = { id: 'status-admin', name: 'Sam Staff' };
let tennis: { id: number };
let badminton: { id: number };
let nets: { id: number; name: string };
let posts: { id: number; name: string };
const id: Record<string, number> = {};

beforeAll(async () => {
  await db()
    .insert(user)
    .values({ ...actor, email: 'sam@example.com', emailVerified: true, role: 'admin' });
  tennis = await createSport({ name: 'Tennis' });
  badminton = await createSport({ name: 'Badminton' });
  nets = await createCategory({ name: 'Nets' });
  posts = await createCategory({ name: 'Posts' });
  const day = 86_400_000;
  const make = async (key: string, data: Parameters<typeof createProduct>[0], age: number) => {
    id[key] = (
      await createProduct({ ...data, createdAt: new Date(Date.now() - (100 - age) * day) })
    ).id;
  };
  await make('shown', { name: 'Tennis Net Deluxe', sportId: tennis.id, categoryIds: [nets.id] }, 1);
  await make(
    'draft',
    { name: 'Tennis Net Prototype', sportId: tennis.id, categoryIds: [nets.id], status: 'draft' },
    2,
  );
  await make(
    'hidden',
    { name: 'Tennis Net Classic', sportId: tennis.id, categoryIds: [nets.id], status: 'hidden' },
    3,
  );
  await make(
    'trashed',
    {
      name: 'Tennis Net Broken',
      sportId: tennis.id,
      categoryIds: [nets.id],
      deletedAt: new Date(),
    },
    4,
  );
  await make(
    'badminton',
    { name: 'Badminton Posts', sportId: badminton.id, categoryIds: [posts.id] },
    5,
  );
  catalogueChanged();
});

const names = async (filter: ProductFilter) =>
  (await listProducts(filter)).items.map((p) => p.name);

describe('the shop', () => {
  it('lists, searches and counts published products only, with or without filters', async () => {
    expect(await names({ sportIds: [tennis.id] })).toEqual(['Tennis Net Deluxe']);
    expect(await names({ q: 'tennis net' })).toEqual(['Tennis Net Deluxe']);
    // A literal search (a character the word parser drops) and the category-only count.
    expect(await names({ q: 'tennis net%' })).toEqual([]);
    expect((await listProducts({ categoryIds: [nets.id] })).total).toBe(1);
    expect((await listProducts({ q: 'net', categoryIds: [nets.id] })).total).toBe(1);
    const options = await countFilterOptions({});
    expect(options.sports.get(tennis.id)).toBe(1);
    expect(options.categories.get(nets.id)).toBe(1);
    expect((await countFilterOptions({ q: 'tennis' })).categories.get(nets.id)).toBe(1);
  });

  it('opens only a published product; staff may read a draft or hidden one, never a trashed one', async () => {
    expect(await getProduct(id.shown!)).toMatchObject({ status: 'published' });
    for (const key of ['draft', 'hidden', 'trashed']) expect(await getProduct(id[key]!)).toBeNull();
    expect(await getProduct(id.hidden!, { unlisted: true })).toMatchObject({ status: 'hidden' });
    expect(await getProduct(id.draft!, { unlisted: true })).toMatchObject({ status: 'draft' });
    expect(await getProduct(id.trashed!, { unlisted: true })).toBeNull();
    const index = (await listProductIndex()).map((p) => p.id);
    expect(index).toContain(id.shown);
    for (const key of ['draft', 'hidden', 'trashed']) expect(index).not.toContain(id[key]);
  });

  it('keeps products off the shop out of carts and enquiries, and back in the cart when shown again', async () => {
    const buyer = await createCustomer();
    await addToCart(buyer.id, id.shown!, 2);
    await expect(addToCart(buyer.id, id.hidden!)).rejects.toMatchObject({ status: 404 });
    await expect(addToCart(buyer.id, id.trashed!)).rejects.toMatchObject({ status: 404 });
    // Merged from a guest's cart: skipped.
    expect(await mergeCart(buyer.id, [{ productId: id.draft!, quantity: 1 }])).toBe(0);
    // In the cart, then hidden: no longer shown or counted, and not sent with an enquiry.
    const other = (await createProduct({ name: 'Soon Hidden', sportId: badminton.id })).id;
    await addToCart(buyer.id, other, 5);
    await db().update(products).set({ status: 'hidden' }).where(eq(products.id, other));
    expect((await getCart(buyer.id)).map((l) => l.productId)).toEqual([id.shown]);
    expect(await cartCount(buyer.id)).toBe(2);
    const enquiry = await createEnquiry({
      userId: buyer.id,
      contact: { name: 'Buyer', email: 'buyer@school.example' },
      message: 'Please quote.',
      items: { cartOf: buyer.id },
      idempotencyKey: `status-${buyer.id}`,
    });
    expect(enquiry.duplicate).toBe(false);
    // A guest's cart naming a hidden product is refused as before for a deleted one.
    await expect(
      createEnquiry({
        contact: { name: 'Guest', email: 'guest@school.example' },
        message: 'Please quote.',
        items: [{ productId: other, quantity: 1 }],
        idempotencyKey: 'status-guest',
      }),
    ).rejects.toMatchObject({ status: 409 });
    // Shown again: the line kept in the cart is back.
    await db().update(products).set({ status: 'published' }).where(eq(products.id, other));
    expect((await getCart(buyer.id)).map((l) => [l.productId, l.quantity])).toEqual([[other, 5]]);
  });
});

describe('the back office list', () => {
  it('lists every status but the trash, one status, or the trash', async () => {
    const tennisOnly = { sportIds: [tennis.id] };
    expect((await names({ ...tennisOnly, scope: 'any' })).sort()).toEqual([
      'Tennis Net Classic',
      'Tennis Net Deluxe',
      'Tennis Net Prototype',
    ]);
    expect(await names({ ...tennisOnly, scope: 'draft' })).toEqual(['Tennis Net Prototype']);
    expect(await names({ ...tennisOnly, scope: 'hidden' })).toEqual(['Tennis Net Classic']);
    expect(await names({ ...tennisOnly, scope: 'trashed' })).toEqual(['Tennis Net Broken']);
    expect(await names({ q: 'tennis', scope: 'trashed' })).toEqual(['Tennis Net Broken']);
    expect((await names({ q: 'tennis net', scope: 'any' })).length).toBe(3);
    expect((await listProducts({ categoryIds: [nets.id], scope: 'any' })).total).toBe(3);
    expect(await countByStatus()).toMatchObject({ draft: 1, hidden: 1, trashed: 1 });
  });

  it('sorts by name, id, sport and last change, either way, searched or not', async () => {
    const all = { scope: 'any' as const };
    const byName = await names({ ...all, sort: 'name' });
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b)));
    expect(await names({ ...all, sort: 'name', direction: 'desc' })).toEqual([...byName].reverse());
    const ids = (await listProducts({ ...all, sort: 'id', direction: 'desc' })).items.map(
      (p) => p.id,
    );
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const sports = (await listProducts({ ...all, sort: 'sport' })).items.map((p) => p.sport.name);
    expect(sports[0]).toBe('Badminton');
    expect(sports.at(-1)).toBe('Tennis');
    // The one changed last comes first, newest first; oldest first the other way.
    await db().update(products).set({ description: 'Edited.' }).where(eq(products.id, id.hidden!));
    catalogueChanged();
    expect((await names({ ...all, sort: 'updated', direction: 'desc' }))[0]).toBe(
      'Tennis Net Classic',
    );
    expect((await names({ ...all, sort: 'updated' })).at(-1)).toBe('Tennis Net Classic');
    // A search sorted by a column: the same order among its matches.
    expect(await names({ ...all, q: 'tennis net', sort: 'name', direction: 'desc' })).toEqual([
      'Tennis Net Prototype',
      'Tennis Net Deluxe',
      'Tennis Net Classic',
    ]);
    expect((await listProducts({ ...all, q: 'net', sort: 'id' })).items.map((p) => p.id)).toEqual([
      id.shown,
      id.draft,
      id.hidden,
    ]);
    expect((await names({ ...all, q: 'tennis', sort: 'updated', direction: 'desc' }))[0]).toBe(
      'Tennis Net Classic',
    );
  });
});

async function png(colour: string): Promise<File> {
  const data = await sharp({ create: { width: 400, height: 400, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(data)], `${colour}.png`, { type: 'image/png' });
}

const base = () => ({
  name: 'Badminton Net Pro',
  sportId: badminton.id,
  categoryIds: [nets.id],
  description: 'Tournament grade.',
  images: ['new:0'],
});

describe('status and trash on a product', () => {
  it('creates a draft, publishes it with an edit, and records the status change', async () => {
    const saved = await saveProduct(actor, { ...base(), status: 'draft' }, [await png('#224466')]);
    expect(await getProduct(saved.id)).toBeNull();
    const opened = (await getProductForEdit(saved.id))!;
    expect(opened.status).toBe('draft');
    await updateProduct(
      actor,
      saved.id,
      {
        ...base(),
        status: 'published',
        images: [`existing:${opened.images[0]!.id}`],
        revision: opened.revision,
      },
      [],
    );
    expect(await getProduct(saved.id)).toMatchObject({ status: 'published' });
    const [entry] = await listAudit({ entity: 'product', entityId: saved.id });
    expect(entry!.changes).toEqual({ status: { from: 'draft', to: 'published' } });
    // An edit without a status keeps the one stored.
    const again = (await getProductForEdit(saved.id))!;
    await updateProduct(
      actor,
      saved.id,
      {
        ...base(),
        name: 'Renamed',
        images: [`existing:${again.images[0]!.id}`],
        revision: again.revision,
      },
      [],
    );
    expect(await getProduct(saved.id)).toMatchObject({ name: 'Renamed', status: 'published' });
  });

  it('restores a product from the trash to the status it had', async () => {
    const p = await createProduct({ name: 'Restorable', sportId: tennis.id, status: 'hidden' });
    await trashProduct(actor, p.id);
    expect((await getProductForEdit(p.id))!.deletedAt).toBeInstanceOf(Date);
    expect(await restoreProduct(actor, p.id)).toEqual({ name: 'Restorable' });
    expect(await getProductForEdit(p.id)).toMatchObject({ deletedAt: null, status: 'hidden' });
    await expect(restoreProduct(actor, p.id)).rejects.toMatchObject({ status: 404 });
    const actions = (await listAudit({ entity: 'product', entityId: p.id })).map((e) => e.action);
    expect(actions).toEqual(['restore', 'trash']);
  });
});

describe('bulk actions', () => {
  const listed = async (...keys: number[]) =>
    [...(await productRowFacts(keys))].map(([pid, f]) => ({ id: pid, revision: f.revision }));

  it('hide, show, move to a category, trash and restore, each change recorded per product', async () => {
    const a = (
      await createProduct({ name: 'Bulk A', sportId: badminton.id, categoryIds: [nets.id] })
    ).id;
    const b = (
      await createProduct({
        name: 'Bulk B',
        sportId: badminton.id,
        categoryIds: [nets.id, posts.id],
        status: 'hidden',
      })
    ).id;

    // Hide: only A changes (B was hidden already).
    expect(await bulkUpdateProducts(actor, { kind: 'hide' }, await listed(a, b))).toEqual({
      changed: 1,
    });
    expect(await getProduct(a)).toBeNull();
    const [hidden] = await listAudit({ entity: 'product', entityId: a });
    expect(hidden).toMatchObject({
      action: 'update',
      actorName: 'Sam Staff',
      changes: { status: { from: 'published', to: 'hidden' } },
    });
    expect(await listAudit({ entity: 'product', entityId: b })).toEqual([]);

    await bulkUpdateProducts(actor, { kind: 'show' }, await listed(a, b));
    expect((await listProducts({ q: 'bulk' })).total).toBe(2);

    await bulkUpdateProducts(actor, { kind: 'move', categoryId: posts.id }, await listed(a, b));
    expect((await getProduct(a))!.categories.map((c) => c.name)).toEqual(['Posts']);
    expect((await getProduct(b))!.categories.map((c) => c.name)).toEqual(['Posts']);
    const [moved] = await listAudit({ entity: 'product', entityId: b });
    expect(moved!.changes).toEqual({ categories: { from: ['Nets', 'Posts'], to: ['Posts'] } });

    await bulkUpdateProducts(actor, { kind: 'trash' }, await listed(a, b));
    expect((await listProducts({ q: 'bulk', scope: 'trashed' })).total).toBe(2);
    expect((await listProducts({ q: 'bulk', scope: 'any' })).total).toBe(0);
    await bulkUpdateProducts(actor, { kind: 'restore' }, await listed(a, b));
    expect((await listProducts({ q: 'bulk' })).total).toBe(2);
    const actions = (await listAudit({ entity: 'product', entityId: a })).map((e) => e.action);
    expect(actions).toEqual(['restore', 'trash', 'update', 'update', 'update']);
  });

  it('changes nothing when any product changed since the list was read, and says which', async () => {
    const a = (await createProduct({ name: 'Checked A', sportId: badminton.id })).id;
    const b = (await createProduct({ name: 'Checked B', sportId: badminton.id })).id;
    const seen = await listed(a, b);
    // Another admin edits B (its revision moves) after the list was read.
    await db().update(products).set({ revision: 2 }).where(eq(products.id, b));
    const error = await bulkUpdateProducts(actor, { kind: 'hide' }, seen).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    expect(error).toMatchObject({ status: 409, message: BULK_ERRORS.changed(['Checked B']) });
    expect(await getProduct(a)).toMatchObject({ status: 'published' });
    expect(await listAudit({ entity: 'product', entityId: a })).toEqual([]);
    // A product gone, a trashed one in a live action, an unknown category: refused too.
    await expect(
      bulkUpdateProducts(actor, { kind: 'hide' }, [{ id: 999_999, revision: 1 }]),
    ).rejects.toMatchObject({ status: 409, message: BULK_ERRORS.gone });
    await expect(
      bulkUpdateProducts(actor, { kind: 'hide' }, await listed(id.trashed!)),
    ).rejects.toMatchObject({ status: 409 });
    await expect(
      bulkUpdateProducts(actor, { kind: 'move', categoryId: 999_999 }, await listed(a)),
    ).rejects.toMatchObject({ status: 400, field: 'categoryId' });
    await expect(bulkUpdateProducts(actor, { kind: 'hide' }, [])).rejects.toMatchObject({
      status: 400,
    });
  });
});

describe('duplicate', () => {
  it('copies a product as a draft with its sport, categories, description and images', async () => {
    const source = await saveProduct(actor, { ...base(), name: 'Original Post' }, [
      await png('#663322'),
    ]);
    const copy = await duplicateProduct(actor, source.id);
    expect(copy.name).toBe('Original Post (copy)');
    expect(await getProduct(copy.id)).toBeNull();
    const stored = (await getProduct(copy.id, { unlisted: true }))!;
    const original = (await getProduct(source.id))!;
    expect(stored).toMatchObject({
      status: 'draft',
      description: original.description,
      sport: original.sport,
      categories: original.categories,
    });
    expect(stored.images.map((i) => i.src)).toEqual(original.images.map((i) => i.src));
    const [entry] = await listAudit({ entity: 'product', entityId: copy.id });
    expect(entry).toMatchObject({ action: 'create', entityName: 'Original Post (copy)' });
    expect(entry!.changes.copiedFrom).toEqual({
      from: null,
      to: `Original Post (#${source.id})`,
    });
    // The two share the stored files: trashing and purging the source leaves the copy's.
    const rows = await db()
      .select({ key: productImages.key })
      .from(productImages)
      .where(eq(productImages.productId, copy.id));
    expect(rows).toHaveLength(1);
    await expect(duplicateProduct(actor, id.trashed!)).rejects.toMatchObject({ status: 404 });
  });
});

describe('the audit log', () => {
  it('shows images as thumbnails, and a short hash of an older entry as none', () => {
    const changes = withThumbnails({
      images: { from: ['a1b2c3d4'], to: ['products/abc-320.webp'] },
      name: { from: 'A', to: 'B' },
    });
    expect(changes.images).toEqual({
      from: [{ src: null }],
      to: [{ src: '/media/products/abc-320.webp' }],
    });
    expect(changes.name).toEqual({ from: 'A', to: 'B' });
  });
});
