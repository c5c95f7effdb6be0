import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createProduct, createSentRevision } from '../../../tests/factories';
import { listAudit } from '../audit/audit.server';
import { db } from '../db/client.server';
import {
  contactMessageEvents,
  contactMessages,
  enquiries,
  pendingMail,
  user,
} from '../db/schema';
import { requestChanges } from '../sales/responses.server';
import {
  createCannedReply,
  deleteCannedReply,
  listCannedReplies,
  updateCannedReply,
} from './canned-replies.server';
import { assignEnquiry, createEnquiryByHand, enquiryOfMessage, listStaff } from './desk.server';
import {
  addEnquiryNote,
  changeEnquiryStatus,
  getEnquiryCase,
  replyToEnquiry,
  searchEnquiries,
} from './enquiries.server';
import { replyTemplate } from './mails.server';
import { readMessage, replyToMessage } from './messages.server';
import { customerEnquiryActivity } from './customer.server';

let anna: { id: string; name: string };
let ben: { id: string; name: string };
let customer: { id: string; name: string };
let goal: { id: number; name: string };
let net: { id: number; name: string };

async function staffMember(name: string) {
  const { email } = await createCustomer({ name });
  const [u] = await db()
    .update(user)
    .set({ role: 'admin' })
    .where(eq(user.email, email))
    .returning({ id: user.id, name: user.name });
  return u!;
}

const manual = (over: Partial<Parameters<typeof createEnquiryByHand>[1]> = {}) => ({
  name: 'Mr Lee',
  email: `lee-${randomUUID().slice(0, 8)}@school.example`,
  organisation: 'Tampines Secondary',
  source: 'phone' as const,
  message: 'Called for two goals and a net before the sports day.',
  idempotencyKey: randomUUID(),
  lines: [
    { index: 0, product: `${goal.name} (#${goal.id})`, quantity: 2 },
    { index: 1, product: net.name.toUpperCase(), quantity: 1 },
  ],
  ...over,
});

async function mailsTo(to: string) {
  return db()
    .select({ subject: pendingMail.subject, text: pendingMail.text })
    .from(pendingMail)
    .where(eq(pendingMail.to, to))
    .orderBy(pendingMail.id);
}

beforeAll(async () => {
  goal = await createProduct({ name: `Desk Goalposts ${randomUUID().slice(0, 6)}` });
  net = await createProduct({ name: `Desk Net ${randomUUID().slice(0, 6)}` });
  anna = await staffMember('Anna Tan');
  ben = await staffMember('Ben Ong');
  const c = await createCustomer({ name: 'Not Staff' });
  const [u] = await db()
    .select({ id: user.id, name: user.name })
    .from(user)
    .where(eq(user.email, c.email));
  customer = u!;
});

describe('what you see is what is sent', () => {
  it('e-mails the reply exactly as written, with no greeting or signature added, and keeps that mail in the timeline', async () => {
    const created = await createEnquiryByHand(anna, manual());
    const e = (await getEnquiryCase(created.id))!;
    const body = 'Hi Mr Lee,\n\nThe goals are in stock.\n\nAnna';
    await replyToEnquiry(anna, e.id, body);
    const [, reply] = await mailsTo(e.contactEmail!);
    expect(reply!.text).toBe(`${body}\n\nReference: ${e.reference}`);
    expect(reply!.text).not.toContain('Dear');
    const stored = (await getEnquiryCase(e.id))!.timeline.find((t) => t.kind === 'reply');
    expect(stored!.body).toBe(reply!.text);
  });

  it('refuses a reply box sent with only its greeting and signature', async () => {
    const created = await createEnquiryByHand(anna, manual());
    const untouched = replyTemplate('Mr Lee', anna.name);
    expect(untouched).toMatch(/^Dear Mr Lee,\n/);
    await expect(replyToEnquiry(anna, created.id, untouched)).rejects.toMatchObject({
      status: 400,
      field: 'body',
    });
  });

  it('sends a contact-message reply exactly as written and keeps it in the history', async () => {
    const [m] = await db()
      .insert(contactMessages)
      .values({
        name: 'Ms Ho',
        email: `ho-${randomUUID()}@x.example`,
        phone: '+65 6000 0000',
        message: 'Hi',
      })
      .returning({ id: contactMessages.id, email: contactMessages.email });
    const body = 'Dear Ms Ho,\n\nYes, we install.\n\nBen';
    await replyToMessage(ben, m!.id, body, { markHandled: false });
    const [mail] = await mailsTo(m!.email);
    expect(mail!.text).toBe(body);
    expect((await readMessage(m!.id))!.events[0]!.body).toBe(body);
  });
});

describe('enquiries entered by hand', () => {
  it('stores the enquiry with its items in one go, from the catalogue, marked as entered by whom', async () => {
    const created = await createEnquiryByHand(anna, manual());
    const e = (await getEnquiryCase(created.id))!;
    expect(e.source).toBe('phone');
    expect(e.contactName).toBe('Mr Lee');
    expect(e.items.map((i) => [i.productId, i.quantity])).toEqual([
      [goal.id, 2],
      [net.id, 1],
    ]);
    expect(e.timeline.map((t) => [t.kind, t.actorName, t.body])).toEqual([
      ['created', 'Mr Lee', null],
      ['entered', 'Anna Tan', 'by phone'],
    ]);
    expect(e.waitingForUs).toBe(true);
    // Like one from the cart, the buyer is acknowledged.
    expect((await mailsTo(e.contactEmail!)).length).toBe(1);
  });

  it('names every line that is not a product on the shop, and stores nothing', async () => {
    const before = (await db().select({ id: enquiries.id }).from(enquiries)).length;
    const refused = createEnquiryByHand(
      anna,
      manual({
        lines: [
          { index: 0, product: 'No such thing', quantity: 1 },
          { index: 2, product: '#999999', quantity: 1 },
        ],
      }),
    );
    await expect(refused).rejects.toMatchObject({
      status: 400,
      fields: { 'product-0': expect.any(String), 'product-2': expect.any(String) },
    });
    expect((await db().select({ id: enquiries.id }).from(enquiries)).length).toBe(before);
  });

  it('turns a contact message into an enquiry once: its words in the timeline, linked both ways, the message handled', async () => {
    const sent = new Date('2026-11-01T02:00:00Z');
    const [m] = await db()
      .insert(contactMessages)
      .values({
        name: 'Mdm Goh',
        email: `goh-${randomUUID()}@school.example`,
        phone: '+65 6111 2222',
        message: 'Do you sell badminton posts?',
        createdAt: sent,
      })
      .returning({ id: contactMessages.id, email: contactMessages.email });
    const input = manual({
      name: 'Mdm Goh',
      email: m!.email,
      source: undefined,
      fromMessage: m!.id,
    });
    const created = await createEnquiryByHand(anna, input);
    const e = (await getEnquiryCase(created.id))!;
    expect(e.source).toBe('contact_form');
    expect(e.contactMessageId).toBe(m!.id);
    expect(await enquiryOfMessage(m!.id)).toEqual({ id: e.id, reference: e.reference });
    expect(e.timeline[0]).toMatchObject({
      kind: 'message',
      actorName: 'Mdm Goh',
      body: 'Do you sell badminton posts?',
      createdAt: sent,
    });
    const message = (await readMessage(m!.id))!;
    expect(message.handled).toBe(true);
    expect(message.events.map((ev) => [ev.kind, ev.actorName])).toEqual([['handled', 'Anna Tan']]);
    // A second time is refused with the enquiry it already is.
    await expect(
      createEnquiryByHand(anna, { ...input, idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({
      status: 409,
      message: `This message is already enquiry ${e.reference}.`,
    });
    const events = await db()
      .select({ id: contactMessageEvents.id })
      .from(contactMessageEvents)
      .where(eq(contactMessageEvents.messageId, m!.id));
    expect(events).toHaveLength(1);
    // The customer's view leaves out the staff's entries.
    const seen = await customerEnquiryActivity({ ...e });
    expect(seen.timeline.map((t) => t.kind)).toEqual(['created']);
  });
});

describe('who does what', () => {
  it('assigns to staff only, records it in the timeline, and filters Mine and Unassigned', async () => {
    const tag = randomUUID().slice(0, 8);
    const a = await createEnquiryByHand(anna, manual({ organisation: `Org ${tag}` }));
    const b = await createEnquiryByHand(anna, manual({ organisation: `Org ${tag}` }));
    expect((await listStaff()).map((s) => s.name)).toEqual(
      expect.arrayContaining(['Anna Tan', 'Ben Ong']),
    );
    expect((await listStaff()).map((s) => s.id)).not.toContain(customer.id);
    await expect(assignEnquiry(anna, a.id, customer.id)).rejects.toMatchObject({ status: 400 });
    expect(await assignEnquiry(anna, a.id, ben.id)).toMatchObject({ changed: true });
    expect(await assignEnquiry(anna, a.id, ben.id)).toMatchObject({ changed: false });
    const timeline = (await getEnquiryCase(a.id))!.timeline;
    expect(timeline.at(-1)).toMatchObject({
      kind: 'assigned',
      actorName: 'Anna Tan',
      body: 'Ben Ong',
    });
    const refs = async (assigned: 'mine' | 'unassigned', viewer: string) =>
      (await searchEnquiries({ q: tag, assigned, page: 1 }, viewer)).items.map((i) => i.id);
    expect(await refs('mine', ben.id)).toEqual([a.id]);
    expect(await refs('mine', anna.id)).toEqual([]);
    expect(await refs('unassigned', ben.id)).toEqual([b.id]);
    await assignEnquiry(anna, a.id, null);
    expect((await getEnquiryCase(a.id))!.timeline.at(-1)).toMatchObject({
      kind: 'assigned',
      body: null,
    });
  });

  it('lists what waits for us first, then by last activity', async () => {
    const tag = randomUUID().slice(0, 8);
    const first = await createEnquiryByHand(anna, manual({ organisation: `Org ${tag}` }));
    const second = await createEnquiryByHand(anna, manual({ organisation: `Org ${tag}` }));
    const third = await createEnquiryByHand(anna, manual({ organisation: `Org ${tag}` }));
    const order = async () =>
      (await searchEnquiries({ q: tag, page: 1 })).items.map((i) => [i.id, i.waitingForUs]);
    // All three wait for us: the latest activity first.
    expect(await order()).toEqual([
      [third.id, true],
      [second.id, true],
      [first.id, true],
    ]);
    // We answered the third: it no longer waits and drops below the others.
    await replyToEnquiry(anna, third.id, 'We will call you back.');
    // A note is activity but not an answer: the first moves up among those waiting.
    await addEnquiryNote(anna, first.id, 'Budget approved.');
    expect(await order()).toEqual([
      [first.id, true],
      [second.id, true],
      [third.id, false],
    ]);
    // Closed waits for nobody.
    await changeEnquiryStatus(anna, second.id, 'closed');
    expect(await order()).toEqual([
      [first.id, true],
      [second.id, false],
      [third.id, false],
    ]);
    // The buyer's answer makes it wait for us again.
    const { token } = await createSentRevision({ enquiryId: third.id });
    await requestChanges({ by: 'link', token }, { message: 'Cheaper, please.' });
    expect((await order())[0]).toEqual([third.id, true]);
  });

  it("searches the buyer's message and the replies' text, not only names", async () => {
    const word = `zq${randomUUID().slice(0, 6)}`;
    const byMessage = await createEnquiryByHand(
      anna,
      manual({ message: `Need a ${word} for the hall.` }),
    );
    const byReply = await createEnquiryByHand(anna, manual());
    await replyToEnquiry(anna, byReply.id, `We suggest the ${word.toUpperCase()} model.`);
    const found = await searchEnquiries({ q: word, page: 1 });
    expect(found.items.map((i) => i.id).sort()).toEqual([byMessage.id, byReply.id].sort());
  });
});

describe('canned replies', () => {
  it('are added, changed and deleted, each in the activity log, with titles unique in any case', async () => {
    const title = `Opening hours ${randomUUID().slice(0, 6)}`;
    const made = await createCannedReply(anna, { title, body: 'We are open 9 to 6.' });
    await expect(
      createCannedReply(anna, { title: title.toUpperCase(), body: 'x' }),
    ).rejects.toMatchObject({ status: 409, field: 'title' });
    await updateCannedReply(ben, made.id, { title, body: 'We are open 9 to 7.' });
    expect((await listCannedReplies()).find((r) => r.id === made.id)!.body).toBe(
      'We are open 9 to 7.',
    );
    await deleteCannedReply(ben, made.id);
    expect((await listCannedReplies()).find((r) => r.id === made.id)).toBeUndefined();
    await expect(deleteCannedReply(ben, made.id)).rejects.toMatchObject({ status: 404 });
    const log = await listAudit({ entity: 'canned_reply', entityId: made.id });
    expect(log.map((l) => [l.action, l.actorName])).toEqual([
      ['delete', 'Ben Ong'],
      ['update', 'Ben Ong'],
      ['create', 'Anna Tan'],
    ]);
    expect(log[1]!.changes).toEqual({
      body: { from: 'We are open 9 to 6.', to: 'We are open 9 to 7.' },
    });
  });
});
