import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { MAX_QUANTITY } from '~/lib/schemas/enquiry';
import { db } from '../db/client.server';
import { cartItems, products } from '../db/schema';
import { UserError } from '../errors.server';
import { mediaUrl } from '../media/storage.server';

export interface CartLine {
  productId: number;
  name: string;
  imageUrl: string | null;
  quantity: number;
}

const clamp = (n: number) => Math.min(MAX_QUANTITY, Math.max(1, Math.floor(n)));

/** A signed-in user's cart lines, oldest first, with each product's name and first image. */
export async function getCart(userId: string): Promise<CartLine[]> {
  const rows = await db()
    .select({
      productId: cartItems.productId,
      quantity: cartItems.quantity,
      name: products.name,
      imageKey: sql<
        string | null
      >`(SELECT key FROM product_images i WHERE i.product_id = ${products.id} ORDER BY position LIMIT 1)`,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.id));
  return rows.map((r) => ({
    productId: r.productId,
    name: r.name,
    quantity: r.quantity,
    imageUrl: r.imageKey ? mediaUrl(r.imageKey) : null,
  }));
}

/** Number of items in the cart (sum of quantities): the header's count. */
export async function cartCount(userId: string): Promise<number> {
  const [row] = await db()
    .select({ n: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
  return Number(row?.n ?? 0);
}

async function assertProducts(ids: number[]): Promise<Map<number, string>> {
  const found = ids.length
    ? await db()
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(inArray(products.id, ids))
    : [];
  if (found.length !== new Set(ids).size) {
    throw new UserError('This product is no longer available.', 404);
  }
  return new Map(found.map((p) => [p.id, p.name]));
}

/** Adds a product (or raises its quantity); returns the product's name for the confirmation. */
export async function addToCart(userId: string, productId: number, quantity = 1): Promise<string> {
  const names = await assertProducts([productId]);
  await db()
    .insert(cartItems)
    .values({ userId, productId, quantity: clamp(quantity) })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.productId],
      set: {
        quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${MAX_QUANTITY})`,
        updatedAt: new Date(),
      },
    });
  return names.get(productId)!;
}

export async function setQuantity(
  userId: string,
  productId: number,
  quantity: number,
): Promise<void> {
  await db()
    .update(cartItems)
    .set({ quantity: clamp(quantity), updatedAt: new Date() })
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
}

export async function removeFromCart(userId: string, productId: number): Promise<void> {
  await db()
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
}

export async function clearCart(userId: string): Promise<void> {
  await db().delete(cartItems).where(eq(cartItems.userId, userId));
}

/** Merges a guest's local cart into the account's cart at sign-in; unknown products are skipped. */
export async function mergeCart(
  userId: string,
  lines: { productId: number; quantity: number }[],
): Promise<void> {
  const wanted = lines
    .filter((l) => Number.isInteger(l.productId) && l.productId > 0)
    .slice(0, 200);
  if (!wanted.length) return;
  const existing = await db()
    .select({ id: products.id })
    .from(products)
    .where(
      inArray(
        products.id,
        wanted.map((l) => l.productId),
      ),
    );
  const known = new Set(existing.map((p) => p.id));
  const merged = new Map<number, number>();
  for (const l of wanted)
    if (known.has(l.productId))
      merged.set(l.productId, clamp((merged.get(l.productId) ?? 0) + l.quantity));
  if (!merged.size) return;
  await db()
    .insert(cartItems)
    .values([...merged].map(([productId, quantity]) => ({ userId, productId, quantity })))
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.productId],
      set: {
        quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${MAX_QUANTITY})`,
        updatedAt: new Date(),
      },
    });
}
