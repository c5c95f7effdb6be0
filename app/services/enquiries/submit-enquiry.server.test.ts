// submitEnquiry: every rule of sending an enquiry, one test each, through the service alone.
import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createProduct } from '../../../tests/factories';
import { addToCart, getCart } from '../cart/cart.server';
import { db } from '../db/client.server';
import { enquiries, enquiryItems } from '../db/schema';
import { UserError } from '../errors.server';
import { ValidationError } from '../forms.server';
import { submitEnquiry, type EnquiryCustomer } from './enquiries.server';

let goal: { id: number; name: string };
let net: { id: number; name: string };

beforeAll(async () => {
  goal = await createProduct({ name: 'Aluminium Goalposts' });
  net = await createProduct({ name: 'Goal Net' });
});

let addresses = 0;
/** A fresh client address per call, so only the rate-limit test meets the limit. */
const freshAddress = () => `10.0.0.${++addresses}`;

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const guestFields = (over: Record<string, string> = {}) => ({
  message: 'Please quote for two goals.',
  idempotencyKey: randomUUID(),
  email: 'buyer@school.example',
  ...over,
});

function submit(
  fields: Record<string, string>,
  options: { customer?: EnquiryCustomer | null; items?: unknown; address?: string } = {},
) {
  return submitEnquiry({
    form: form(fields),
    customer: options.customer ?? null,
    guestItems: 'items' in options ? options.items : [{ productId: goal.id, quantity: 2 }],
    request: new Request('http://localhost:3000/cart', { method: 'POST' }),
    socketAddress: options.address ?? freshAddress(),
  });
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UserError);
  return error as UserError & { fields?: Record<string, string> };
}

const stored = async (id: number) =>
  (await db().select().from(enquiries).where(eq(enquiries.id, id)))[0];
const total = async () => (await db().select({ n: count() }).from(enquiries))[0]!.n;

async function customer(over: { name?: string; phone?: string } = {}) {
  const c = await createCustomer(over);
  return {
    id: c.id,
    email: c.email,
    name: over.name ?? 'Test Customer',
    phone: over.phone ?? null,
  } satisfies EnquiryCustomer;
}

describe('submitEnquiry', () => {
  it('answers a filled honeypot as a success and stores nothing', async () => {
    const before = await total();
    expect(await submit(guestFields({ website: 'https://spam.example' }))).toBeNull();
    expect(await total()).toBe(before);
  });

  it('refuses past the per-network limit with a 429 and a message; other networks go on', async () => {
    const address = freshAddress();
    for (let i = 0; i < 10; i++) await submit(guestFields(), { address });
    const refused = await refusal(submit(guestFields(), { address }));
    expect(refused.status).toBe(429);
    expect(refused.message).toMatch(/^Too many enquiries from your network/);
    expect(await submit(guestFields())).toMatchObject({ duplicate: false });
  });

  it('counts only enquiries it stores: refused forms and repeats of one are not charged', async () => {
    const address = freshAddress();
    // A school's shared network: mistakes corrected before the enquiries go out.
    for (let i = 0; i < 12; i++)
      await refusal(submit(guestFields({ message: ' ', email: 'not an email' }), { address }));
    const fields = guestFields();
    const first = await submit(fields, { address });
    expect(first).toMatchObject({ duplicate: false });
    for (let i = 0; i < 9; i++) await submit(guestFields(), { address });
    // The limit reached: a new enquiry is refused, but a retry of one sent (its answer lost)
    // still gets its reference rather than 'Too many enquiries'.
    expect((await refusal(submit(guestFields(), { address }))).status).toBe(429);
    expect(await submit(fields, { address })).toMatchObject({
      duplicate: true,
      reference: first!.reference,
    });
  });

  it('keeps an optional delivery or site address, line by line, and refuses one too long', async () => {
    const made = await submit(
      guestFields({ address: '  Blk 5  Jalan Bukit Merah \r\n\n #03-01\u202e\nSingapore 150005 ' }),
    );
    expect((await stored(made!.id))!.address).toBe(
      'Blk 5 Jalan Bukit Merah\n#03-01\nSingapore 150005',
    );
    const none = await submit(guestFields({ address: '   ' }));
    expect((await stored(none!.id))!.address).toBeNull();
    const long = await refusal(submit(guestFields({ address: 'x'.repeat(301) })));
    expect(long.status).toBe(400);
    expect(long.fields?.address).toBe(
      'The delivery or site address can be at most 300 characters long.',
    );
  });

  it('needs a message and a valid form key, with field messages', async () => {
    const blank = await refusal(submit(guestFields({ message: '   ' })));
    expect(blank).toBeInstanceOf(ValidationError);
    expect(blank.fields).toEqual({ message: 'Please enter a message.' });
    const expired = await refusal(submit(guestFields({ idempotencyKey: 'nope' })));
    expect(expired.fields).toEqual({
      idempotencyKey: 'This form has expired. Please reload the page and try again.',
    });
  });

  it('checks a guest’s contact, and names a nameless guest Guest', async () => {
    const none = await refusal(submit(guestFields({ email: '' })));
    expect(none.fields).toEqual({ email: 'Please enter at least one contact method.' });
    const email = await refusal(submit(guestFields({ email: 'not an email' })));
    expect(email.fields).toEqual({ email: 'Please enter a valid email address.' });
    const phone = await refusal(submit(guestFields({ email: '', phone: '12a' })));
    expect(phone.fields).toEqual({ phone: 'Please enter a valid phone number.' });

    // A form missing both its message and a contact method hears of both in one answer.
    const both = await refusal(submit(guestFields({ message: ' ', email: '', phone: '12a' })));
    expect(both.fields).toEqual({
      message: 'Please enter a message.',
      phone: 'Please enter a valid phone number.',
    });
    const nothing = await refusal(submit(guestFields({ message: '', email: '' })));
    expect(nothing.fields).toEqual({
      message: 'Please enter a message.',
      email: 'Please enter at least one contact method.',
    });

    const sent = await submit(guestFields({ email: '', phone: '+65 6123 4567', name: ' ' }));
    expect(await stored(sent!.id)).toMatchObject({
      contactName: 'Guest',
      contactEmail: null,
      contactPhone: '+65 6123 4567',
      userId: null,
    });
  });

  it("stores a guest's name, organisation and PO reference as one line without control or direction characters", async () => {
    // A line break forged a line in the staff mail's text; an override shows 'fdp.exe' reversed.
    const forged = 'Tan\r\nBcc: evil@example.com\u202Efdp.exe\u0007';
    const sent = await submit(
      guestFields({ name: forged, organisation: `${forged} School`, poReference: '\u200b\u0007' }),
    );
    expect(await stored(sent!.id)).toMatchObject({
      contactName: 'Tan Bcc: evil@example.comfdp.exe',
      organisation: `${'Tan Bcc: evil@example.comfdp.exe'} School`,
      poReference: null,
    });
    const invisible = await submit(guestFields({ name: '\u202e\u200b' }));
    expect((await stored(invisible!.id))!.contactName).toBe('Guest');
  });

  it('refuses an empty cart, and lines it cannot read', async () => {
    const empty = await refusal(submit(guestFields(), { items: [] }));
    expect(empty.message).toBe('Your cart is empty!');
    expect((await refusal(submit(guestFields(), { items: undefined }))).message).toBe(
      'Your cart is empty!',
    );
    const bad = await refusal(
      submit(guestFields(), { items: [{ productId: goal.id, quantity: 0 }] }),
    );
    expect(bad.status).toBe(400);
    const signedIn = await customer();
    const none = await refusal(submit(guestFields(), { customer: signedIn }));
    expect(none.message).toBe('Your cart is empty!');
  });

  it('refuses products that no longer exist (409) and stores nothing', async () => {
    const before = await total();
    const gone = await refusal(
      submit(guestFields(), { items: [{ productId: 987_654, quantity: 1 }] }),
    );
    expect(gone.status).toBe(409);
    expect(await total()).toBe(before);
  });

  it('sends a customer’s server cart with the account’s contact and empties those lines', async () => {
    const buyer = await customer({ name: 'Mdm Tan', phone: '91234567' });
    await addToCart(buyer.id, goal.id, 3);
    await addToCart(buyer.id, net.id, 1);
    // A guest's lines in the form are ignored for a customer: the server cart is the cart.
    const sent = await submit(guestFields({ email: 'someone@else.example' }), {
      customer: buyer,
      items: [{ productId: net.id, quantity: 99 }],
    });
    expect(await stored(sent!.id)).toMatchObject({
      userId: buyer.id,
      contactName: 'Mdm Tan',
      contactEmail: buyer.email,
      contactPhone: '91234567',
    });
    const items = await db()
      .select({ productId: enquiryItems.productId, quantity: enquiryItems.quantity })
      .from(enquiryItems)
      .where(eq(enquiryItems.enquiryId, sent!.id));
    expect(items).toEqual(
      expect.arrayContaining([
        { productId: goal.id, quantity: 3 },
        { productId: net.id, quantity: 1 },
      ]),
    );
    expect(await getCart(buyer.id)).toEqual([]);
  });

  it('sends a cart once when two tabs submit it at once: one enquiry, one empty-cart refusal', async () => {
    const buyer = await customer();
    await addToCart(buyer.id, goal.id, 3);
    await addToCart(buyer.id, net.id, 1);
    const before = await total();
    const results = await Promise.allSettled([
      submit(guestFields(), { customer: buyer }),
      submit(guestFields(), { customer: buyer }),
    ]);
    const sent = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(sent).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toBeInstanceOf(UserError);
    expect(refused[0]).toMatchObject({ message: 'Your cart is empty!', status: 400 });
    expect(await total()).toBe(before + 1);
    const items = await db()
      .select({ productId: enquiryItems.productId, quantity: enquiryItems.quantity })
      .from(enquiryItems)
      .innerJoin(enquiries, eq(enquiries.id, enquiryItems.enquiryId))
      .where(eq(enquiries.userId, buyer.id))
      .orderBy(enquiryItems.id);
    expect(items).toEqual([
      { productId: goal.id, quantity: 3 },
      { productId: net.id, quantity: 1 },
    ]);
    expect(await getCart(buyer.id)).toEqual([]);
  });

  it('clears the cart in the enquiry’s transaction: if clearing fails, no enquiry is stored', async () => {
    const buyer = await customer();
    await addToCart(buyer.id, goal.id, 1);
    const before = await total();
    await db().execute(sql`
      CREATE FUNCTION test_refuse_delete() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'cart delete refused'; END $$`);
    await db().execute(sql`
      CREATE TRIGGER test_refuse_delete BEFORE DELETE ON cart_items
        FOR EACH ROW EXECUTE FUNCTION test_refuse_delete()`);
    try {
      await expect(submit(guestFields(), { customer: buyer })).rejects.toThrow();
    } finally {
      await db().execute(sql`DROP TRIGGER test_refuse_delete ON cart_items`);
      await db().execute(sql`DROP FUNCTION test_refuse_delete()`);
    }
    expect(await total()).toBe(before);
    expect(await getCart(buyer.id)).toHaveLength(1);
  });

  it('answers a repeated form key with the first enquiry, even after the cart was emptied', async () => {
    const buyer = await customer();
    await addToCart(buyer.id, goal.id, 1);
    const fields = guestFields();
    const first = await submit(fields, { customer: buyer });
    const again = await submit(fields, { customer: buyer });
    expect(again).toEqual({ id: first!.id, reference: first!.reference, duplicate: true });
  });
});
