// The reports' daily totals and the enquiry's first answer, kept by the database as enquiries,
// their items and their timelines are written (migration 0022): the figures as the reports read
// them, through the services that write in the shop, and under enquiries written at once.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../../../tests/factories';
import { db, rowsOf } from '../db/client.server';
import { enquiries, products, productsCategories } from '../db/schema';
import { createEnquiry } from '../enquiries/enquiries.server';
import { recordEnquiryEvent } from '../inbox/events.server';

let posts: { id: number; name: string };
let nets: { id: number; name: string };
let balls: { id: number; name: string };
let football: { id: number; name: string };
let training: { id: number; name: string };

beforeAll(async () => {
  football = await createCategory({ name: 'Football' });
  training = await createCategory({ name: 'Training' });
  posts = await createProduct({ name: 'Goalposts', categoryIds: [football.id] });
  nets = await createProduct({ name: 'Goal Net', categoryIds: [football.id] });
  balls = await createProduct({ name: 'Size 5 Balls', categoryIds: [football.id, training.id] });
});

const enquire = (items: { productId: number; quantity: number }[]) =>
  createEnquiry({
    items,
    message: 'Please quote.',
    idempotencyKey: randomUUID(),
    contact: { name: 'Mdm Tan', email: 'buyer@school.example' },
  });

async function productDays() {
  return rowsOf<{ product_id: number | null; name: string; enquiries: number; quantity: number }>(
    await db().execute(sql`
      SELECT product_id, product_name AS name, sum(enquiries)::int AS enquiries,
             sum(quantity)::int AS quantity
        FROM enquiry_product_days GROUP BY 1, 2 ORDER BY 2`),
  );
}

async function categoryDays() {
  return rowsOf<{ category_id: number; enquiries: number; quantity: number }>(
    await db().execute(sql`
      SELECT category_id, sum(enquiries)::int AS enquiries, sum(quantity)::int AS quantity
        FROM enquiry_category_days GROUP BY 1 ORDER BY 1`),
  );
}

describe('the daily totals of enquired products and categories', () => {
  it('count an enquiry once per product and once per category, with the quantities', async () => {
    await enquire([
      { productId: posts.id, quantity: 2 },
      { productId: nets.id, quantity: 3 },
      { productId: posts.id, quantity: 1 },
    ]);
    await enquire([{ productId: balls.id, quantity: 10 }]);

    expect(await productDays()).toEqual([
      { product_id: nets.id, name: 'Goal Net', enquiries: 1, quantity: 3 },
      { product_id: posts.id, name: 'Goalposts', enquiries: 1, quantity: 3 },
      { product_id: balls.id, name: 'Size 5 Balls', enquiries: 1, quantity: 10 },
    ]);
    // Football: both enquiries (the first once, for its two products); Training: the balls.
    expect(await categoryDays()).toEqual([
      { category_id: football.id, enquiries: 2, quantity: 16 },
      { category_id: training.id, enquiries: 1, quantity: 10 },
    ]);
  });

  it('are counted on the Singapore day of the enquiry', async () => {
    // 17:00 UTC on 1 March is 01:00 on 2 March in Singapore.
    const [row] = await db()
      .insert(enquiries)
      .values({
        reference: `FH-DAY-${randomUUID().slice(0, 6)}`,
        contactName: 'Mr Lim',
        message: 'Quote please.',
        createdAt: new Date('2026-03-01T17:00:00Z'),
      })
      .returning({ id: enquiries.id });
    await db().execute(sql`
      INSERT INTO enquiry_items (enquiry_id, product_id, product_name, quantity)
      VALUES (${row!.id}, ${nets.id}, 'Goal Net', 4)`);
    const days = rowsOf<{ day: string }>(
      await db().execute(sql`
        SELECT day::text AS day FROM enquiry_product_days WHERE day < '2026-06-01'`),
    );
    expect(days).toEqual([{ day: '2026-03-02' }]);
  });

  it('keep what happened: a product deleted since keeps its name, a category change moves nothing', async () => {
    const gone = await createProduct({ name: 'Old Scoreboard', categoryIds: [training.id] });
    await enquire([{ productId: gone.id, quantity: 1 }]);
    const trainingBefore = (await categoryDays()).find((c) => c.category_id === training.id)!;
    await db().delete(products).where(eq(products.id, gone.id));
    await db().delete(productsCategories).where(eq(productsCategories.productId, balls.id));

    expect((await productDays()).find((p) => p.name === 'Old Scoreboard')).toEqual({
      product_id: gone.id,
      name: 'Old Scoreboard',
      enquiries: 1,
      quantity: 1,
    });
    expect((await categoryDays()).find((c) => c.category_id === training.id)).toEqual(
      trainingBefore,
    );
  });

  it('stay exact when many enquiries for the same products are written at once', async () => {
    const start = new Map((await productDays()).map((p) => [p.product_id, p.enquiries]));
    // Half ask for the goalposts then the net, half the other way round: each writer adds to
    // the day's rows under their lock (no total read first and written back, which would lose
    // counts), taking the rows in key order whatever the order of the cart.
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        enquire(
          i % 2
            ? [
                { productId: posts.id, quantity: 1 },
                { productId: nets.id, quantity: 1 },
              ]
            : [
                { productId: nets.id, quantity: 1 },
                { productId: posts.id, quantity: 1 },
              ],
        ),
      ),
    );
    const after = new Map((await productDays()).map((p) => [p.product_id, p.enquiries]));
    expect(after.get(posts.id)! - start.get(posts.id)!).toBe(24);
    expect(after.get(nets.id)! - start.get(nets.id)!).toBe(24);
  });
});

describe("an enquiry's first answer", () => {
  it('is its first reply or quotation, not a note or a status change', async () => {
    const created = await enquire([{ productId: posts.id, quantity: 1 }]);
    const firstAnswer = async () =>
      (
        await db()
          .select({ at: enquiries.firstAnsweredAt })
          .from(enquiries)
          .where(eq(enquiries.id, created.id))
      )[0]!.at;
    const at = (iso: string) => new Date(iso);
    await db().transaction(async (tx) => {
      await recordEnquiryEvent(tx, {
        enquiryId: created.id,
        kind: 'note',
        actorName: 'Staff',
        body: 'Call back',
        createdAt: at('2026-04-01T01:00:00Z'),
      });
    });
    expect(await firstAnswer()).toBeNull();

    await db().transaction(async (tx) => {
      await recordEnquiryEvent(tx, {
        enquiryId: created.id,
        kind: 'reply',
        actorName: 'Staff',
        body: 'Here you are',
        createdAt: at('2026-04-02T01:00:00Z'),
      });
      await recordEnquiryEvent(tx, {
        enquiryId: created.id,
        kind: 'quotation',
        actorName: 'Staff',
        createdAt: at('2026-04-03T01:00:00Z'),
      });
    });
    expect(await firstAnswer()).toEqual(at('2026-04-02T01:00:00Z'));
  });
});
