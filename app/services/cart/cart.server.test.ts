// The cart service: a customer's cart (the 9999 cap, unknown and deleted products), the merge of a
// guest cart at sign-in, and the guest cart cookie kept before and without JavaScript.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createProduct, createSport } from '../../../tests/factories';
import {
  cartTokenOf,
  GUEST_CART_MAX_LINES,
  MAX_LINES,
  MAX_QUANTITY,
  parseGuestCart,
  parseQuantity,
  serializeGuestCart,
} from '~/lib/cart';
import { db } from '../db/client.server';
import { cartItems, productImages, products } from '../db/schema';
import { mediaUrl } from '../media/storage.server';
import { UserError } from '../errors.server';
import {
  addToCart,
  addToGuestCart,
  cartCount,
  describeGuestCart,
  getCart,
  guestCartCookie,
  guestCartTokenOf,
  mergeCart,
  readGuestCart,
  readGuestCartToken,
  setQuantity,
} from './cart.server';

let goal: { id: number; name: string };
let net: { id: number; name: string };

beforeAll(async () => {
  goal = await createProduct({ name: 'Aluminium Goalposts' });
  net = await createProduct({ name: 'Goal Net' });
});

const quantities = async (userId: string) =>
  Object.fromEntries((await getCart(userId)).map((l) => [l.productId, l.quantity]));

async function deletedProduct() {
  const gone = await createProduct({ name: 'Discontinued Hoop' });
  await db().delete(products).where(eq(products.id, gone.id));
  return gone;
}

describe('a customer’s cart', () => {
  it('adds a product once per line, raising the quantity, never above 9999', async () => {
    const { id } = await createCustomer();
    expect(await addToCart(id, goal.id)).toBe('Aluminium Goalposts');
    await addToCart(id, goal.id, 2);
    expect(await quantities(id)).toEqual({ [goal.id]: 3 });
    await addToCart(id, goal.id, 9998);
    expect(await quantities(id)).toEqual({ [goal.id]: 9999 });
    await setQuantity(id, goal.id, 123_456);
    expect(await quantities(id)).toEqual({ [goal.id]: 9999 });
    await setQuantity(id, goal.id, 0);
    expect(await quantities(id)).toEqual({ [goal.id]: 1 });
    expect(await cartCount(id)).toBe(1);
  });

  it('refuses unknown and deleted products with a 404, and drops lines whose product goes', async () => {
    const { id } = await createCustomer();
    for (const productId of [987_654, (await deletedProduct()).id]) {
      const error = await addToCart(id, productId).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UserError);
      expect((error as UserError).status).toBe(404);
    }
    const soon = await createProduct({ name: 'Soon Gone' });
    await addToCart(id, soon.id);
    await db().delete(products).where(eq(products.id, soon.id));
    expect(await getCart(id)).toEqual([]);
  });
});

describe('a full cart', () => {
  it('takes no product beyond what one enquiry takes, by adding or by merging', async () => {
    const { id } = await createCustomer();
    const sportId = (await createSport()).id;
    const rows = await db()
      .insert(products)
      .values(
        Array.from({ length: MAX_LINES + 2 }, (_, i) => ({
          name: `Full Cart Item ${i}`,
          slug: `full-cart-item-${i}`,
          sportId,
        })),
      )
      .returning({ id: products.id });
    const ids = rows.map((r) => r.id);
    await db()
      .insert(cartItems)
      .values(ids.slice(0, MAX_LINES).map((productId) => ({ userId: id, productId, quantity: 1 })));
    const refused = await addToCart(id, ids[MAX_LINES]!).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 409, message: expect.stringMatching(/cart is full/) });
    // A product already in it still takes more.
    await addToCart(id, ids[0]!, 2);
    expect(
      await mergeCart(id, [
        { productId: ids[MAX_LINES + 1]!, quantity: 1 },
        { productId: ids[1]!, quantity: 4 },
      ]),
    ).toBe(1);
    const lines = await quantities(id);
    expect(Object.keys(lines)).toHaveLength(MAX_LINES);
    expect(lines[ids[0]!]).toBe(3);
    expect(lines[ids[1]!]).toBe(5);
  });
});

describe('mergeCart (a guest cart at sign-in)', () => {
  it('adds the guest’s quantities to the account’s, capped at 9999, skipping unknown and deleted products', async () => {
    const { id } = await createCustomer();
    await addToCart(id, goal.id, 1);
    await addToCart(id, net.id, 9000);
    const gone = await deletedProduct();
    const merged = await mergeCart(id, [
      { productId: goal.id, quantity: 3 },
      { productId: net.id, quantity: 5000 },
      { productId: 987_654, quantity: 1 },
      { productId: gone.id, quantity: 2 },
    ]);
    expect(merged).toBe(2);
    expect(await quantities(id)).toEqual({ [goal.id]: 4, [net.id]: 9999 });
  });

  it('merges one guest cart cookie (its token) once, however often the cart page loads', async () => {
    const { id } = await createCustomer();
    await addToCart(id, goal.id, 1);
    const cookie = [{ productId: goal.id, quantity: 2 }];
    // The cart page loaded twice at once, both requests carrying the cookie.
    const merged = await Promise.all([
      mergeCart(id, cookie, '0123456789abcdef'),
      mergeCart(id, cookie, '0123456789abcdef'),
    ]);
    expect(merged.sort()).toEqual([0, 1]);
    expect(await mergeCart(id, cookie, '0123456789abcdef')).toBe(0);
    expect(await quantities(id)).toEqual({ [goal.id]: 3 });
    // Another guest cart (a new token), or one written before tokens, is merged.
    expect(await mergeCart(id, cookie, 'fedcba9876543210')).toBe(1);
    expect(await mergeCart(id, cookie)).toBe(1);
    expect(await quantities(id)).toEqual({ [goal.id]: 7 });
    // The same token for another account is that account's own merge.
    const other = await createCustomer();
    expect(await mergeCart(other.id, cookie, '0123456789abcdef')).toBe(1);
  });

  it('does nothing for an empty or wholly unknown guest cart', async () => {
    const { id } = await createCustomer();
    expect(await mergeCart(id, [])).toBe(0);
    expect(await mergeCart(id, [{ productId: 987_654, quantity: 1 }])).toBe(0);
    expect(await getCart(id)).toEqual([]);
  });
});

describe('parseQuantity', () => {
  it('accepts whole numbers from 1 to MAX_QUANTITY and nothing else', () => {
    expect(parseQuantity('3')).toBe(3);
    expect(parseQuantity(' 12 ')).toBe(12);
    expect(parseQuantity(MAX_QUANTITY)).toBe(MAX_QUANTITY);
    for (const bad of ['', '0', '-1', '1.5', '2e3', 'abc', String(MAX_QUANTITY + 1), '0x10'])
      expect(parseQuantity(bad), bad).toBeNull();
  });
});

describe('the guest cart cookie', () => {
  it('reads only well-formed pairs, adds repeats up, caps quantities and the number of lines', () => {
    expect(parseGuestCart('3:2.x.5:1.3:4.0:1.7:99999.8:-1')).toEqual([
      { productId: 3, quantity: 6 },
      { productId: 5, quantity: 1 },
    ]);
    expect(parseGuestCart('4:9999.4:9999')).toEqual([{ productId: 4, quantity: 9999 }]);
    const many = Array.from({ length: 80 }, (_, i) => `${i + 1}:1`).join('.');
    expect(parseGuestCart(many)).toHaveLength(GUEST_CART_MAX_LINES);
    expect(
      serializeGuestCart([
        { productId: 3, quantity: 2 },
        { productId: 5, quantity: 0 },
      ]),
    ).toBe('3:2.5:1');
  });

  it('round-trips through the request and the Set-Cookie header, and is deleted when empty', () => {
    const header = guestCartCookie([{ productId: 3, quantity: 2 }]);
    expect(header).toMatch(/^fh_cart=3:2; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    const request = new Request('http://localhost/cart', {
      headers: { cookie: `other=1; ${header.split(';')[0]}` },
    });
    expect(readGuestCart(request)).toEqual([{ productId: 3, quantity: 2 }]);
    expect(readGuestCartToken(request)).toBeNull();
    expect(guestCartCookie([])).toMatch(/^fh_cart=; Path=\/; Max-Age=0/);
  });

  it("carries the cart's token, which the lines' parser skips, and keeps it across changes", () => {
    const header = guestCartCookie([{ productId: 3, quantity: 2 }], '00ff00ff00ff00ff');
    expect(header).toMatch(/^fh_cart=3:2\.t00ff00ff00ff00ff; Path=\//);
    const request = new Request('http://localhost/cart', {
      headers: { cookie: header.split(';')[0]! },
    });
    expect(readGuestCart(request)).toEqual([{ productId: 3, quantity: 2 }]);
    expect(readGuestCartToken(request)).toBe('00ff00ff00ff00ff');
    expect(guestCartTokenOf(request)).toBe('00ff00ff00ff00ff');
    // A cookie without one gets a new token when the guest changes it.
    const fresh = guestCartTokenOf(new Request('http://localhost/cart'));
    expect(fresh).toMatch(/^[0-9a-f]{16}$/);
    expect(guestCartTokenOf(new Request('http://localhost/cart'))).not.toBe(fresh);
    // A malformed token is no token; no lines, no cookie, whatever the token.
    expect(
      readGuestCartToken(new Request('http://x/', { headers: { cookie: 'fh_cart=3:1.tzz' } })),
    ).toBeNull();
    expect(guestCartCookie([], '00ff00ff00ff00ff')).toMatch(/^fh_cart=; Path=\/; Max-Age=0/);
    // The local cart's token, sent as a merge's field, is the same format; anything else is none
    // (the merge then goes ahead without one, as from a client older than tokens).
    expect(cartTokenOf('00ff00ff00ff00ff')).toBe('00ff00ff00ff00ff');
    for (const bad of ['00FF00FF00FF00FF', '00ff00ff', 't00ff00ff00ff00ff', '', null, 42])
      expect(cartTokenOf(bad)).toBeNull();
  });

  it('adds known products only, one line each, and refuses a full cart', async () => {
    const first = await addToGuestCart([], goal.id);
    expect(first).toEqual({ lines: [{ productId: goal.id, quantity: 1 }], name: goal.name });
    const second = await addToGuestCart(first.lines, goal.id);
    expect(second.lines).toEqual([{ productId: goal.id, quantity: 2 }]);
    const unknown = await addToGuestCart([], 987_654).catch((e: unknown) => e);
    expect((unknown as UserError).status).toBe(404);
    const full = Array.from({ length: GUEST_CART_MAX_LINES }, (_, i) => ({
      productId: 100_000 + i,
      quantity: 1,
    }));
    const refused = await addToGuestCart(full, net.id).catch((e: unknown) => e);
    expect((refused as UserError).status).toBe(400);
  });

  it('adds the quantity asked for, capped at MAX_QUANTITY with what the line already has', async () => {
    const three = await addToGuestCart([], goal.id, 3);
    expect(three.lines).toEqual([{ productId: goal.id, quantity: 3 }]);
    const more = await addToGuestCart(three.lines, goal.id, 4);
    expect(more.lines).toEqual([{ productId: goal.id, quantity: 7 }]);
    const capped = await addToGuestCart(more.lines, goal.id, MAX_QUANTITY);
    expect(capped.lines).toEqual([{ productId: goal.id, quantity: MAX_QUANTITY }]);
  });

  it('is described with names in its own order, leaving out products that are gone', async () => {
    const gone = await deletedProduct();
    const lines = await describeGuestCart([
      { productId: net.id, quantity: 2 },
      { productId: gone.id, quantity: 1 },
      { productId: goal.id, quantity: 1 },
    ]);
    expect(lines.map((l) => [l.name, l.quantity])).toEqual([
      ['Goal Net', 2],
      ['Aluminium Goalposts', 1],
    ]);
  });

  it("shows each product's own first picture, as the customer's cart does", async () => {
    // Other images first, so the images' ids are not their products' ids; A has a second one.
    const decoy = await createProduct();
    const image = (productId: number, position: number, key: string) => ({
      productId,
      position,
      key: `products/${key}.jpg`,
      width: 800,
      height: 800,
    });
    const pictured = [await createProduct(), await createProduct()];
    const [a, b] = pictured;
    await db()
      .insert(productImages)
      .values([
        image(decoy.id, 0, 'decoy-0'),
        image(decoy.id, 1, 'decoy-1'),
        image(a!.id, 1, 'a-second'),
        image(a!.id, 0, 'a-first'),
        image(b!.id, 0, 'b-first'),
      ]);
    const wanted = [mediaUrl('products/a-first.jpg'), mediaUrl('products/b-first.jpg')];
    const guest = await describeGuestCart(pictured.map((p) => ({ productId: p.id, quantity: 1 })));
    expect(guest.map((l) => l.imageUrl)).toEqual(wanted);
    const { id } = await createCustomer();
    for (const p of pictured) await addToCart(id, p.id);
    expect((await getCart(id)).map((l) => l.imageUrl)).toEqual(wanted);
    const bare = await describeGuestCart([{ productId: goal.id, quantity: 1 }]);
    expect(bare[0]!.imageUrl).toBeNull();
  });
});
