import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCustomer, createProduct } from '../../../tests/factories';
import { db } from '../db/client.server';
import { enquiries, enquiryItems, pendingMail, user } from '../db/schema';
import { UserError } from '../errors.server';
import { env } from '../env.server';
import { deliverPendingMail, mailSettled } from '../mail/queue.server';
import { outboxDir } from '../mail/mailer.server';
import { hitRateLimit, storedKey } from '../rate-limit.server';
import { addToCart, getCart } from '../cart/cart.server';
import { createEnquiry, getEnquiry, listEnquiries } from './enquiries.server';

let goal: { id: number; name: string };
let net: { id: number; name: string };

beforeAll(async () => {
  goal = await createProduct({ name: 'Aluminium Goalposts' });
  net = await createProduct({ name: 'Goal Net <3mm>' });
});

beforeEach(async () => {
  await mailSettled();
  rmSync(outboxDir(), { recursive: true, force: true });
});

const base = (over: Partial<Parameters<typeof createEnquiry>[0]> = {}) => ({
  items: [
    { productId: goal.id, quantity: 2 },
    { productId: net.id, quantity: 1 },
  ],
  message: 'Please quote for delivery to Jurong.',
  idempotencyKey: randomUUID(),
  contact: { name: 'Guest', email: 'buyer@school.example', phone: '+65 6123 4567' },
  ...over,
});

const countEnquiries = async () => (await db().select({ n: count() }).from(enquiries))[0]!.n;

describe('createEnquiry', () => {
  it("takes a signed-in customer's cart lines as the items, in the same transaction", async () => {
    const { email } = await createCustomer({ email: 'cart-clear@school.example' });
    const [customer] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
    const other = await createProduct({ name: 'Spare Net' });
    await addToCart(customer!.id, goal.id, 3);
    for (const product of [net, other]) await addToCart(customer!.id, product.id);
    const created = await createEnquiry(
      base({ userId: customer!.id, items: { cartOf: customer!.id } }),
    );
    expect(await getEnquiry(customer!.id, created.id)).toMatchObject({
      items: [
        { productId: goal.id, name: 'Aluminium Goalposts', quantity: 3 },
        { productId: net.id, name: 'Goal Net <3mm>', quantity: 1 },
        { productId: other.id, name: 'Spare Net', quantity: 1 },
      ],
    });
    expect(await getCart(customer!.id)).toEqual([]);
  });

  it('stores the enquiry with every item and a reference', async () => {
    const created = await createEnquiry(
      base({ promoCode: 'SCHOOL10', organisation: 'Bedok Primary' }),
    );
    expect(created.reference).toMatch(/^FH-\d{4}-[2-9A-Z]{6}$/);
    const items = await db()
      .select()
      .from(enquiryItems)
      .where(eq(enquiryItems.enquiryId, created.id));
    expect(items.map((i) => [i.productName, i.quantity]).sort()).toEqual([
      ['Aluminium Goalposts', 2],
      ['Goal Net <3mm>', 1],
    ]);
  });

  it('writes nothing when an item cannot be stored (one transaction)', async () => {
    const before = await countEnquiries();
    await expect(
      createEnquiry(
        base({
          items: [
            { productId: goal.id, quantity: 1 },
            { productId: 987_654, quantity: 1 },
          ],
        }),
      ),
    ).rejects.toBeInstanceOf(UserError);
    // An insert failing inside the transaction (a quantity the column refuses) rolls it all back.
    await db().execute(
      sql`ALTER TABLE enquiry_items ADD CONSTRAINT test_qty CHECK (quantity < 5000)`,
    );
    try {
      await expect(
        createEnquiry(base({ items: [{ productId: goal.id, quantity: 6000 }] })),
      ).rejects.toThrow();
    } finally {
      await db().execute(sql`ALTER TABLE enquiry_items DROP CONSTRAINT test_qty`);
    }
    expect(await countEnquiries()).toBe(before);
    expect(
      (
        await db()
          .select({ n: count() })
          .from(pendingMail)
          .where(sql`${pendingMail.subject} LIKE '%6000%'`)
      )[0]!.n,
    ).toBe(0);
  });

  it('makes one line of a product listed twice, holding at most 9,999 like a cart line', async () => {
    const created = await createEnquiry(
      base({
        items: [
          { productId: goal.id, quantity: 9999 },
          { productId: net.id, quantity: 2 },
          { productId: goal.id, quantity: 9999 },
          { productId: net.id, quantity: 3 },
        ],
      }),
    );
    const items = await db()
      .select()
      .from(enquiryItems)
      .where(eq(enquiryItems.enquiryId, created.id));
    expect(items.map((i) => [i.productName, i.quantity]).sort()).toEqual([
      ['Aluminium Goalposts', 9999],
      ['Goal Net <3mm>', 5],
    ]);
  });

  it('numbers an enquiry with the year in Singapore, whatever the server’s time zone', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // 00:30 on 1 January in Singapore is still 31 December in UTC …
      vi.setSystemTime(new Date('2026-12-31T16:30:00Z'));
      expect((await createEnquiry(base())).reference).toMatch(/^FH-2027-/);
      // … and 23:30 on 31 December there is already 1 January east of it.
      vi.setSystemTime(new Date('2026-12-31T15:30:00Z'));
      expect((await createEnquiry(base())).reference).toMatch(/^FH-2026-/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('draws a new reference when the one drawn is taken, and gives up after a few', async () => {
    const taken = await createEnquiry(base());
    // Every insert of an enquiry takes a number; the first `collisions` get the taken reference.
    await db().execute(sql`CREATE SEQUENCE test_attempts`);
    await db().execute(sql`CREATE TABLE test_collisions (n int NOT NULL)`);
    await db().execute(sql`INSERT INTO test_collisions VALUES (2)`);
    await db().execute(
      sql.raw(`
      CREATE FUNCTION test_collide() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        IF nextval('test_attempts') <= (SELECT n FROM test_collisions) THEN
          NEW.reference := '${taken.reference}';
        END IF;
        RETURN NEW;
      END $$`),
    );
    await db().execute(sql`
      CREATE TRIGGER test_collide BEFORE INSERT ON enquiries
        FOR EACH ROW EXECUTE FUNCTION test_collide()`);
    const attempts = async () =>
      Number(
        (await db().execute<{ n: string }>(sql`SELECT last_value AS n FROM test_attempts`)).rows[0]!
          .n,
      );
    try {
      const before = await countEnquiries();
      const created = await createEnquiry(base());
      expect(created.reference).toMatch(/^FH-\d{4}-[2-9A-Z]{6}$/);
      expect(created.reference).not.toBe(taken.reference);
      expect(await attempts()).toBe(3);
      expect(await countEnquiries()).toBe(before + 1);
      // Taken every time: an error after a few attempts, not a loop.
      await db().execute(sql`UPDATE test_collisions SET n = 1000`);
      await expect(createEnquiry(base())).rejects.toThrow();
      expect(await attempts()).toBe(6);
      expect(await countEnquiries()).toBe(before + 1);
    } finally {
      await db().execute(sql`DROP TRIGGER test_collide ON enquiries`);
      await db().execute(sql`DROP FUNCTION test_collide()`);
      await db().execute(sql`DROP TABLE test_collisions`);
      await db().execute(sql`DROP SEQUENCE test_attempts`);
    }
  });

  it('refuses (409) and stores nothing when a product is deleted just before its item is stored', async () => {
    const doomed = await createProduct({ name: 'Discontinued Net' });
    const before = await countEnquiries();
    // An admin deletes the product after the check that it exists and before the item's insert.
    await db().execute(
      sql.raw(`
      CREATE FUNCTION test_delete_product() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        DELETE FROM products WHERE id = NEW.product_id AND id = ${doomed.id};
        RETURN NEW;
      END $$`),
    );
    await db().execute(sql`
      CREATE TRIGGER test_delete_product BEFORE INSERT ON enquiry_items
        FOR EACH ROW EXECUTE FUNCTION test_delete_product()`);
    let error: unknown;
    try {
      error = await createEnquiry(
        base({
          message: 'Quote for the discontinued net',
          items: [
            { productId: goal.id, quantity: 1 },
            { productId: doomed.id, quantity: 1 },
          ],
        }),
      ).catch((e: unknown) => e);
    } finally {
      await db().execute(sql`DROP TRIGGER test_delete_product ON enquiry_items`);
      await db().execute(sql`DROP FUNCTION test_delete_product()`);
    }
    expect(error).toBeInstanceOf(UserError);
    expect(error).toMatchObject({
      status: 409,
      message:
        'Some products in your cart are no longer available. Please remove them and try again.',
    });
    expect(await countEnquiries()).toBe(before);
    expect(
      (
        await db()
          .select({ n: count() })
          .from(enquiries)
          .where(eq(enquiries.message, 'Quote for the discontinued net'))
      )[0]!.n,
    ).toBe(0);
  });

  it('makes one enquiry for one idempotency key, even when submitted twice at once', async () => {
    const key = randomUUID();
    const before = await countEnquiries();
    const [a, b] = await Promise.all([
      createEnquiry(base({ idempotencyKey: key })),
      createEnquiry(base({ idempotencyKey: key })),
    ]);
    const c = await createEnquiry(base({ idempotencyKey: key }));
    expect(new Set([a.id, b.id, c.id]).size).toBe(1);
    expect(c.duplicate).toBe(true);
    expect(await countEnquiries()).toBe(before + 1);
  });

  it('queues and sends the company notice and the acknowledgement, escaping HTML', async () => {
    // An inbox of its own: the file's other enquiries have used up buyer@'s acknowledgements.
    const contact = { name: 'Guest', email: 'ack@school.example', phone: '+65 6123 4567' };
    const created = await createEnquiry(
      base({ message: '<script>alert(1)</script> please', contact }),
    );
    await mailSettled();
    const files = readdirSync(outboxDir()).map((f) =>
      readFileSync(path.join(outboxDir(), f), 'utf8'),
    );
    const company = files.find((f) => f.includes(`New enquiry ${created.reference}`))!;
    const ack = files.find((f) => f.includes(`We received your enquiry ${created.reference}`))!;
    expect(company).toContain('To: sales@fieldhouse.example');
    expect(company).toMatch(/Aluminium Goalposts =C3=97 2|Aluminium Goalposts × 2/);
    // Staff press Reply and write to the customer, not to the no-reply sender.
    expect(company).toMatch(/^Reply-To: ack@school\.example\r?$/m);
    // The company's copy has the message, escaped in HTML.
    expect(company.replace(/=\r?\n/g, '')).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(ack).toContain('To: ack@school.example');
    // The customer's Reply reaches the team; the link is a guest's, to be kept private.
    expect(ack).toMatch(/^Reply-To: sales@fieldhouse\.example\r?$/m);
    expect(ack.replace(/=\r?\n/g, '')).toContain('keep this link to yourself');
    expect(company.replace(/=\r?\n/g, '')).toMatch(/<p>A new enquiry arrived on \d+ \w+ \d{4}/);
    // Staff open the enquiry in the back office straight from the notice.
    const staffLink = `${env().publicUrl}/admin/enquiries/${created.id}`;
    expect(company.replace(/=\r?\n/g, '')).toContain(`Open it in the back office: ${staffLink}`);
    expect(company.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toContain(
      `<a href="${staffLink}">`,
    );
    // The acknowledgement may go to anyone's address: nothing the sender wrote goes with it.
    const plainAck = ack.replace(/=\r?\n/g, '');
    expect(plainAck).not.toContain('alert(1)');
    expect(plainAck).not.toContain('please');
    expect(plainAck).not.toMatch(/Dear /);
    expect(plainAck).toMatch(/Aluminium Goalposts/);
  });
});

describe('the mail queue', () => {
  it('keeps mail pending when sending fails and delivers it on a later retry', async () => {
    // Make delivery fail: the outbox path is a file, so writing into it throws.
    await mailSettled();
    rmSync(outboxDir(), { recursive: true, force: true });
    writeFileSync(outboxDir(), 'not a folder');
    const created = await createEnquiry(base({ contact: { name: 'Guest', phone: '91234567' } }));
    const mine = sql`${pendingMail.subject} LIKE ${`%${created.reference}%`}`;
    await mailSettled();
    const [failed] = await db().select().from(pendingMail).where(mine);
    expect(failed).toMatchObject({ sentAt: null, attempts: 1 });
    expect(failed!.lastError).toBeTruthy();
    rmSync(outboxDir(), { force: true });
    // Due again (as after the backoff): the retry delivers it.
    await db()
      .update(pendingMail)
      .set({ nextAttemptAt: new Date(0) })
      .where(mine);
    await deliverPendingMail();
    const [sent] = await db().select().from(pendingMail).where(mine);
    expect(sent!.sentAt).not.toBeNull();
    expect(readdirSync(outboxDir())).toHaveLength(1);
  });
});

describe('reading enquiries', () => {
  it('lists a user’s own enquiries newest first and hides everyone else’s', async () => {
    const alice = await createCustomer();
    const bob = await createCustomer();
    const [aliceId] = await db()
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, alice.email));
    const [bobId] = await db().select({ id: user.id }).from(user).where(eq(user.email, bob.email));
    const first = await createEnquiry(base({ userId: aliceId!.id, message: 'first' }));
    const second = await createEnquiry(base({ userId: aliceId!.id, message: 'second' }));
    expect((await listEnquiries(aliceId!.id)).map((e) => e.id)).toEqual([second.id, first.id]);
    expect(await listEnquiries(bobId!.id)).toEqual([]);
    expect(await getEnquiry(aliceId!.id, first.id)).toMatchObject({
      message: 'first',
      items: [{ quantity: 2 }, { quantity: 1 }],
    });
    expect(await getEnquiry(bobId!.id, first.id)).toBeNull();
  });
});

describe('hitRateLimit', () => {
  it('allows max attempts per window, then refuses with the wait', async () => {
    const key = `test:${randomUUID()}`;
    for (let i = 0; i < 3; i++) expect((await hitRateLimit(key, 3, 60)).allowed).toBe(true);
    const refused = await hitRateLimit(key, 3, 60);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect((await hitRateLimit(`${key}:other`, 3, 60)).allowed).toBe(true);
  });

  it('starts a new window when the old one has passed', async () => {
    const key = `test:${randomUUID()}`;
    await hitRateLimit(key, 1, 60);
    expect((await hitRateLimit(key, 1, 60)).allowed).toBe(false);
    await db().execute(
      sql`UPDATE rate_limits SET reset_at = now() - interval '1 second' WHERE key = ${storedKey(key)}`,
    );
    expect((await hitRateLimit(key, 1, 60)).allowed).toBe(true);
  });
});
