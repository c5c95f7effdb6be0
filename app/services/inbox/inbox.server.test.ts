import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createProduct } from '../../../tests/factories';
import { db } from '../db/client.server';
import {
  contactMessageEvents,
  contactMessages,
  enquiries,
  enquiryEvents,
  enquiryItems,
  pendingMail,
  products,
  user,
} from '../db/schema';
import { mailSettled } from '../mail/queue.server';
import { customerEnquiryActivity } from './customer.server';
import { CSV_HEADER, enquiriesCsv, neutraliseCell } from './csv.server';
import {
  addEnquiryNote,
  changeEnquiryStatus,
  exportEnquiryRows,
  getEnquiryCase,
  replyToEnquiry,
  searchEnquiries,
} from './enquiries.server';
import { inboxCounts } from '../admin/overview.server';
import { markMessageRead, readMessage, replyToMessage, setMessageHandled } from './messages.server';

let staff: { id: string; name: string };
let owner: { id: string };
let goal: { id: number; name: string };
let net: { id: number; name: string };

/** An enquiry as the shop stores one (direct insert: this suite is about the staff side). */
async function enquiry(over: Partial<typeof enquiries.$inferInsert> = {}, items = [goal, net]) {
  const [row] = await db()
    .insert(enquiries)
    .values({
      reference: `FH-2026-${randomUUID().slice(0, 6).toUpperCase()}`,
      contactName: 'Mdm Tan',
      contactEmail: 'buyer@school.example',
      contactPhone: '+65 6123 4567',
      message: 'Please quote.',
      ...over,
    })
    .returning({ id: enquiries.id, reference: enquiries.reference });
  await db()
    .insert(enquiryItems)
    .values(
      items.map((p, i) => ({
        enquiryId: row!.id,
        productId: p.id,
        productName: p.name,
        quantity: i + 2,
      })),
    );
  return row!;
}

async function mailsTo(to: string) {
  return db()
    .select({
      subject: pendingMail.subject,
      replyTo: pendingMail.replyTo,
      text: pendingMail.text,
      html: pendingMail.html,
      attachments: pendingMail.attachments,
    })
    .from(pendingMail)
    .where(eq(pendingMail.to, to))
    .orderBy(pendingMail.id);
}

beforeAll(async () => {
  goal = await createProduct({ name: 'Aluminium Goalposts' });
  net = await createProduct({ name: 'Goal Net 100%_nylon' });
  const { email } = await createCustomer({ name: 'Staff Lim' });
  const [u] = await db()
    .select({ id: user.id, name: user.name })
    .from(user)
    .where(eq(user.email, email));
  staff = u!;
  const customer = await createCustomer({ name: 'Owner' });
  const [o] = await db().select({ id: user.id }).from(user).where(eq(user.email, customer.email));
  owner = o!;
});

describe('working through an enquiry', () => {
  it('refuses a status change chosen on a page that showed an older status (409)', async () => {
    const e = await enquiry();
    // Another admin quoted it after this admin's page had loaded with 'new'.
    await changeEnquiryStatus(staff, e.id, 'quoted', 'new');
    const stale = changeEnquiryStatus(staff, e.id, 'in_progress', 'new');
    await expect(stale).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining('just moved this enquiry to Quoted'),
    });
    expect((await getEnquiryCase(e.id))!.status).toBe('quoted');
    // Choosing what it already is stays a no-op; a fresh page's choice goes through.
    expect(await changeEnquiryStatus(staff, e.id, 'quoted', 'new')).toEqual({ changed: false });
    expect(await changeEnquiryStatus(staff, e.id, 'closed', 'quoted')).toEqual({ changed: true });
  });

  it('records status changes and notes with the actor, after the creation', async () => {
    const e = await enquiry();
    expect(await changeEnquiryStatus(staff, e.id, 'in_progress')).toEqual({ changed: true });
    expect(await changeEnquiryStatus(staff, e.id, 'in_progress')).toEqual({ changed: false });
    await addEnquiryNote(staff, e.id, 'Called the school; wants March delivery.');
    await changeEnquiryStatus(staff, e.id, 'closed');
    const found = (await getEnquiryCase(e.id))!;
    expect(found.status).toBe('closed');
    expect(
      found.timeline.map((t) => [t.kind, t.actorName, t.fromStatus, t.toStatus, t.body]),
    ).toEqual([
      ['created', 'Mdm Tan', null, 'new', null],
      ['status', 'Staff Lim', 'new', 'in_progress', null],
      ['note', 'Staff Lim', null, null, 'Called the school; wants March delivery.'],
      ['status', 'Staff Lim', 'in_progress', 'closed', null],
    ]);
    const stored = await db()
      .select({ actorId: enquiryEvents.actorId })
      .from(enquiryEvents)
      .where(eq(enquiryEvents.enquiryId, e.id));
    expect(stored.every((s) => s.actorId === staff.id)).toBe(true);
  });

  it('links items to products that still exist and keeps the name as sent', async () => {
    const gone = await createProduct({ name: 'Discontinued Hoop' });
    const e = await enquiry({}, [goal, gone]);
    await db().delete(products).where(eq(products.id, gone.id));
    const found = (await getEnquiryCase(e.id))!;
    expect(found.items.map((i) => [i.name, i.productId])).toEqual([
      ['Aluminium Goalposts', goal.id],
      ['Discontinued Hoop', null],
    ]);
  });

  it('e-mails a reply with the reference and the company Reply-To, and moves New to In progress', async () => {
    const email = `reply-${randomUUID()}@school.example`;
    const e = await enquiry({ contactEmail: email });
    await replyToEnquiry(staff, e.id, 'We can deliver in March.');
    await mailSettled();
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe(`Re: your enquiry ${e.reference}`);
    expect(mail!.replyTo).toBe('hello@fieldhouse.example');
    expect(mail!.text).toContain('We can deliver in March.');
    const found = await getEnquiry(e.id);
    expect(found.status).toBe('in_progress');
    expect(found.timeline.map((t) => t.kind)).toEqual(['created', 'reply', 'status']);
  });

  it('refuses to e-mail a guest who left only a phone number, and queues nothing', async () => {
    const e = await enquiry({ contactEmail: null, contactPhone: '+65 9000 1234' });
    const before = (await db().select({ id: pendingMail.id }).from(pendingMail)).length;
    await expect(replyToEnquiry(staff, e.id, 'Hello')).rejects.toThrow(
      /phone them on \+65 9000 1234/,
    );
    expect((await db().select({ id: pendingMail.id }).from(pendingMail)).length).toBe(before);
    expect((await getEnquiry(e.id)).timeline).toHaveLength(1);
  });

  it('never shows staff notes to the customer', async () => {
    const e = await enquiry({ userId: owner.id });
    await addEnquiryNote(staff, e.id, 'Private: budget is tight.');
    await replyToEnquiry(staff, e.id, 'Public answer.');
    const found = (await getEnquiryCase(e.id))!;
    const seen = await customerEnquiryActivity({ ...found });
    expect(seen.timeline.map((t) => t.kind)).toEqual(['created', 'reply', 'status']);
    expect(JSON.stringify(seen)).not.toContain('budget is tight');
  });
});

async function getEnquiry(id: number) {
  return (await getEnquiryCase(id))!;
}

describe('searching the inbox', () => {
  it('filters by status, date and words (% and _ literal), newest first', async () => {
    const tag = randomUUID().slice(0, 8);
    const a = await enquiry({
      organisation: `Bedok ${tag}`,
      createdAt: new Date('2026-03-01T02:00:00Z'),
    });
    const b = await enquiry({
      poReference: `GeBIZ-${tag}`,
      createdAt: new Date('2026-03-02T02:00:00Z'),
    });
    await changeEnquiryStatus(staff, b.id, 'quoted');
    const refs = async (f: Parameters<typeof searchEnquiries>[0]) =>
      (await searchEnquiries(f)).items.map((i) => i.reference);
    expect(await refs({ q: tag, page: 1 })).toEqual([b.reference, a.reference]);
    expect(await refs({ q: tag, status: 'quoted', page: 1 })).toEqual([b.reference]);
    expect(await refs({ q: tag, from: '2026-03-02', page: 1 })).toEqual([b.reference]);
    // 1 Mar 23:30 in Singapore is 1 Mar 15:30 UTC: inside "to 2026-03-01".
    expect(await refs({ q: tag, to: '2026-03-01', page: 1 })).toEqual([a.reference]);
    expect(await refs({ q: a.reference.toLowerCase(), page: 1 })).toEqual([a.reference]);
    // Product names as sent, with % and _ taken literally.
    expect((await searchEnquiries({ q: '100%_nylon', page: 1 })).total).toBeGreaterThan(1);
    expect((await searchEnquiries({ q: '100%x', page: 1 })).total).toBe(0);
    expect((await searchEnquiries({ q: 'Net 1_0', page: 1 })).total).toBe(0);
  });
});

describe('CSV export', () => {
  it('neutralises every formula prefix', () => {
    for (const p of ['=', '+', '-', '@', '\t', '\r'])
      expect(neutraliseCell(`${p}SUM(A1)`)).toBe(`'${p}SUM(A1)`);
    expect(neutraliseCell('Bedok Primary')).toBe('Bedok Primary');
    expect(neutraliseCell('a=b')).toBe('a=b');
  });

  it('writes one row per item, with a BOM, through csv-stringify', async () => {
    const tag = randomUUID().slice(0, 8);
    const e = await enquiry({
      contactName: '=HYPERLINK("http://evil.example")',
      organisation: `Zoë, "Bedok" ${tag}`,
      poReference: '@SUM(1)',
      contactPhone: '+65 6123 4567',
      address: '=1+2 Bedok North Ave 2',
    });
    const csv = enquiriesCsv(await exportEnquiryRows({ q: tag }));
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(CSV_HEADER.join(','));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(e.reference);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(lines[1]).toContain(`"Zoë, ""Bedok"" ${tag}"`);
    expect(lines[1]).toContain("'@SUM(1)");
    // The delivery address has its column, neutralised like every text cell.
    expect(lines[1]).toContain(",'=1+2 Bedok North Ave 2,");
    expect(lines[1]).toContain("'+65 6123 4567");
    expect(lines[1]).toMatch(/Aluminium Goalposts,2$/);
    expect(lines[2]).toMatch(/Goal Net 100%_nylon,3$/);
  });
});

describe('contact messages', () => {
  it('marks read only when asked (not when read), records handled and reopened, and e-mails replies', async () => {
    const email = `msg-${randomUUID()}@example.com`;
    const [m] = await db()
      .insert(contactMessages)
      .values({ name: 'Mr Lee', email, phone: '91234567', message: 'Do you install?' })
      .returning({ id: contactMessages.id });
    // Reading is a GET's work: it writes nothing.
    expect((await readMessage(m!.id))!.readAt).toBeNull();
    expect((await readMessage(m!.id))!.readAt).toBeNull();
    await markMessageRead(m!.id);
    const first = (await readMessage(m!.id))!;
    expect(first.readAt).not.toBeNull();
    await markMessageRead(m!.id);
    expect((await readMessage(m!.id))!.readAt).toEqual(first.readAt);
    expect(await setMessageHandled(staff, m!.id, true)).toEqual({ changed: true });
    expect(await setMessageHandled(staff, m!.id, true)).toEqual({ changed: false });
    await setMessageHandled(staff, m!.id, false);
    await replyToMessage(staff, m!.id, 'Yes, we install.', { markHandled: true });
    const read = (await readMessage(m!.id))!;
    expect(read.handled).toBe(true);
    expect(read.events.map((e) => [e.kind, e.actorName])).toEqual([
      ['handled', 'Staff Lim'],
      ['reopened', 'Staff Lim'],
      ['reply', 'Staff Lim'],
      ['handled', 'Staff Lim'],
    ]);
    const [mail] = await mailsTo(email);
    expect(mail!.replyTo).toBe('hello@fieldhouse.example');
    expect(mail!.text).toContain('Yes, we install.');
    const events = await db()
      .select({ actorId: contactMessageEvents.actorId })
      .from(contactMessageEvents)
      .where(and(eq(contactMessageEvents.messageId, m!.id)));
    expect(events.every((e) => e.actorId === staff.id)).toBe(true);
  });

  it('marks a message read when staff reply or mark it handled without opening it first', async () => {
    const insert = async () =>
      (
        await db()
          .insert(contactMessages)
          .values({
            name: 'Ms Ong',
            email: `ong-${randomUUID()}@example.com`,
            phone: '9',
            message: 'Hi',
          })
          .returning({ id: contactMessages.id })
      )[0]!.id;
    const replied = await insert();
    await replyToMessage(staff, replied, 'Hello.', { markHandled: false });
    expect((await readMessage(replied))!.readAt).not.toBeNull();
    const handled = await insert();
    await setMessageHandled(staff, handled, true);
    expect((await readMessage(handled))!.readAt).not.toBeNull();
  });
});

describe("the back office's inbox counts", () => {
  it('counts new enquiries and messages not yet handled, nothing else', async () => {
    const before = await inboxCounts();
    await enquiry();
    await enquiry({ status: 'in_progress' });
    const values = { name: 'Ms Ong', email: 'ong@school.example', phone: '', message: 'Hello' };
    await db()
      .insert(contactMessages)
      .values([values, { ...values, handled: true }]);
    expect(await inboxCounts()).toEqual({
      newEnquiries: before.newEnquiries + 1,
      openMessages: before.openMessages + 1,
    });
  });
});
