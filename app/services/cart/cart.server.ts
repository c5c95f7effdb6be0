import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  cookieValue,
  GUEST_CART_COOKIE,
  GUEST_CART_MAX_LINES,
  guestCartToken,
  newCartToken,
  parseGuestCart,
  serializeGuestCart,
  type CartLine,
  MAX_LINES,
  MAX_QUANTITY,
  type GuestCartEntry,
} from '~/lib/cart';
import { isListed } from '../catalogue/products.server';
import { db } from '../db/client.server';
import { cartItems, cartMerges, products } from '../db/schema';
import { env } from '../env.server';
import { UserError } from '../errors.server';
import { mediaUrl } from '../media/storage.server';

export type { CartLine };

// The product's column by its table's name: from a query of `products` alone Drizzle writes a bare
// "id", which inside this subquery would be the image's own id (the wrong picture, or none).
const firstImage = sql<
  string | null
>`(SELECT key FROM product_images i WHERE i.product_id = "products"."id" ORDER BY position LIMIT 1)`;

/** A full cart: the same words for a guest's cookie cart and an account's cart. */
const CART_FULL = 'Your cart is full. Please send an enquiry for these items first.';

const clamp = (n: number) => Math.min(MAX_QUANTITY, Math.max(1, Math.floor(n)));

/** A signed-in user's cart lines, oldest first, with each product's name and first image. */
export async function getCart(userId: string): Promise<CartLine[]> {
  const rows = await db()
    .select({
      productId: cartItems.productId,
      quantity: cartItems.quantity,
      name: products.name,
      imageKey: firstImage,
    })
    .from(cartItems)
    .innerJoin(products, and(eq(products.id, cartItems.productId), isListed))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.id));
  return rows.map((r) => ({
    productId: r.productId,
    name: r.name,
    quantity: r.quantity,
    imageUrl: r.imageKey ? mediaUrl(r.imageKey) : null,
  }));
}

/** Number of items in the cart (sum of quantities) the shop still shows: the header's count. */
export async function cartCount(userId: string): Promise<number> {
  const [row] = await db()
    .select({ n: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
    .from(cartItems)
    .innerJoin(products, and(eq(products.id, cartItems.productId), isListed))
    .where(eq(cartItems.userId, userId));
  return Number(row?.n ?? 0);
}

async function assertProducts(ids: number[]): Promise<Map<number, string>> {
  const found = ids.length
    ? await db()
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(and(inArray(products.id, ids), isListed))
    : [];
  if (found.length !== new Set(ids).size) {
    throw new UserError('This product is no longer available.', 404);
  }
  return new Map(found.map((p) => [p.id, p.name]));
}

/**
 * Adds a product to a signed-in user's cart (or raises its quantity, never above 9999); returns
 * the product's name for the confirmation. An unknown or deleted product is a 404 UserError.
 */
export async function addToCart(userId: string, productId: number, quantity = 1): Promise<string> {
  const names = await assertProducts([productId]);
  // One enquiry takes at most MAX_LINES products: a cart with more could never be sent.
  const [room] = await db()
    .select({
      lines: count(),
      has: sql<boolean>`bool_or(${cartItems.productId} = ${productId})`,
    })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
  if (room && room.lines >= MAX_LINES && !room.has) throw new UserError(CART_FULL, 409);
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

/** Sets a line's quantity, kept within 1–9999. */
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

/** Removes one product from a signed-in user's cart. */
export async function removeFromCart(userId: string, productId: number): Promise<void> {
  await db()
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
}

/** Empties a signed-in user's cart. */
export async function clearCart(userId: string): Promise<void> {
  await db().delete(cartItems).where(eq(cartItems.userId, userId));
}

/**
 * Merges a guest's cart into the account's cart at sign-in: quantities of a product already in
 * the account's cart add up (never above 9999); unknown or deleted products are skipped. With the
 * guest cart cookie's `token`, those lines are merged once: the cart page loaded twice at once, or
 * an answer lost before it deleted the cookie, finds the token taken and adds nothing again.
 * Returns the number of lines merged.
 */
export async function mergeCart(
  userId: string,
  lines: { productId: number; quantity: number }[],
  token?: string,
): Promise<number> {
  const wanted = lines
    .filter((l) => Number.isInteger(l.productId) && l.productId > 0)
    .slice(0, MAX_LINES);
  if (!wanted.length) return 0;
  return db().transaction(async (tx) => {
    if (token) {
      // Tokens older than the cookie (30 days) can no longer come back.
      await tx
        .delete(cartMerges)
        .where(
          and(
            eq(cartMerges.userId, userId),
            sql`${cartMerges.mergedAt} < now() - interval '31 days'`,
          ),
        );
      const [first] = await tx
        .insert(cartMerges)
        .values({ userId, token })
        .onConflictDoNothing()
        .returning({ token: cartMerges.token });
      if (!first) return 0;
    }
    const existing = await tx
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          inArray(
            products.id,
            wanted.map((l) => l.productId),
          ),
          isListed,
        ),
      );
    const known = new Set(existing.map((p) => p.id));
    // Products already in the account's cart always join; new ones while the cart has room for
    // them (an enquiry takes at most MAX_LINES products).
    const inCart = new Set(
      (
        await tx
          .select({ id: cartItems.productId })
          .from(cartItems)
          .where(eq(cartItems.userId, userId))
      ).map((r) => r.id),
    );
    let room = MAX_LINES - inCart.size;
    const merged = new Map<number, number>();
    for (const l of wanted) {
      if (!known.has(l.productId)) continue;
      if (!inCart.has(l.productId) && !merged.has(l.productId)) {
        if (room <= 0) continue;
        room--;
      }
      merged.set(l.productId, clamp((merged.get(l.productId) ?? 0) + l.quantity));
    }
    if (!merged.size) return 0;
    await tx
      .insert(cartItems)
      .values([...merged].map(([productId, quantity]) => ({ userId, productId, quantity })))
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.productId],
        set: {
          quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${MAX_QUANTITY})`,
          updatedAt: new Date(),
        },
      });
    return merged.size;
  });
}

// ---------- the guest cart cookie (before and without JavaScript; see ~/lib/cart) ----------

/** The guest cart cookie's lines in this request (unchecked: ids may be unknown). */
export function readGuestCart(request: Request): GuestCartEntry[] {
  return parseGuestCart(cookieValue(request.headers.get('cookie'), GUEST_CART_COOKIE));
}

/** The guest cart cookie's token in this request (null for a cookie written before tokens). */
export function readGuestCartToken(request: Request): string | null {
  return guestCartToken(cookieValue(request.headers.get('cookie'), GUEST_CART_COOKIE));
}

/**
 * The guest cart cookie's token in this request, or a new one (for the cookie a guest's change
 * writes): the lines of one token join an account's cart once (mergeCart).
 */
export function guestCartTokenOf(request: Request): string {
  return readGuestCartToken(request) ?? newCartToken();
}

/**
 * The Set-Cookie header that stores these lines with the cart's token, or deletes the cookie when
 * there are none.
 */
export function guestCartCookie(
  lines: readonly GuestCartEntry[],
  token: string | null = null,
): string {
  const value = serializeGuestCart(lines, token);
  // Lax: sent on the top-level navigations that show the cart, never on cross-site posts. Not
  // HttpOnly (the page's scripts fold it into the local cart), but Secure on an https shop: its
  // merge token must not travel over plain http.
  const secure = env().secureCookies ? '; Secure' : '';
  return value
    ? `${GUEST_CART_COOKIE}=${value}; Path=/; Max-Age=${60 * 60 * 24 * 30}; SameSite=Lax${secure}`
    : `${GUEST_CART_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

/**
 * The guest cart cookie's lines with names and images, in the cookie's order; lines whose product
 * no longer exists are left out.
 */
export async function describeGuestCart(lines: readonly GuestCartEntry[]): Promise<CartLine[]> {
  if (!lines.length) return [];
  const rows = await db()
    .select({ id: products.id, name: products.name, imageKey: firstImage })
    .from(products)
    .where(
      and(
        inArray(
          products.id,
          lines.map((l) => l.productId),
        ),
        isListed,
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return lines.flatMap((l) => {
    const p = byId.get(l.productId);
    return p
      ? [
          {
            productId: p.id,
            name: p.name,
            quantity: l.quantity,
            imageUrl: p.imageKey ? mediaUrl(p.imageKey) : null,
          },
        ]
      : [];
  });
}

/**
 * Adds a product to a guest cart cookie's lines (an unknown product is a 404 UserError); returns
 * the new lines and the product's name. A full cart (GUEST_CART_MAX_LINES products) is a 400.
 */
export async function addToGuestCart(
  lines: readonly GuestCartEntry[],
  productId: number,
  quantity = 1,
): Promise<{ lines: GuestCartEntry[]; name: string }> {
  const names = await assertProducts([productId]);
  const next = lines.map((l) =>
    l.productId === productId ? { ...l, quantity: clamp(l.quantity + quantity) } : l,
  );
  if (!next.some((l) => l.productId === productId)) {
    if (next.length >= GUEST_CART_MAX_LINES) throw new UserError(CART_FULL, 400);
    next.push({ productId, quantity: clamp(quantity) });
  }
  return { lines: next, name: names.get(productId)! };
}
