import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAcceptedQuotation,
  createCustomer,
  createEnquiryWithItem,
  createQuotation,
} from '../../../tests/factories';
import { auth } from '../auth.server';
import { db } from '../db/client.server';
import {
  attachments,
  cartItems,
  contactMessageEvents,
  contactMessages,
  enquiries,
  enquiryEvents,
  invoices,
  pendingMail,
  quotationResponses,
  quotations,
  rateLimits,
  scheduledJobs,
  session,
  user,
  verification,
} from '../db/schema';
import { UserError } from '../errors.server';
import { getQuotationPdf } from '../inbox/quotations.server';
import { runDueJobs } from '../jobs/scheduler.server';
import { mailSettled } from '../mail/queue.server';
import { privateStorage } from '../media/storage.server';
import { issueInvoice } from '../sales/invoices.server';
import { confirmOrder } from '../sales/orders.server';
import { deleteOwnAccount } from './account-deletion.server';
import { ANONYMISED_NAME, erasePerson, REMOVED_TEXT } from './erase.server';
import { collectPersonData, personDataHtml } from './person-data.server';
import { applyRetention, monthsBefore } from './retention.server';
import { erasePersonForStaff, exportPersonForStaff, lookUpPerson } from './requests.server';
import { listAudit } from '../audit/audit.server';

afterAll(() => mailSettled());

let staff: { id: string; name: string };

beforeAll(async () => {
  const account = await createCustomer({ name: 'Staff Lim' });
  staff = { id: account.id, name: 'Staff Lim' };
});

const enquiryRow = async (id: number) =>
  (await db().select().from(enquiries).where(eq(enquiries.id, id)))[0]!;

/** A customer with a sale (order and tax invoice), an unsold quotation, a message and mail. */
async function customerWithHistory(email: string) {
  const customer = await createCustomer({
    email,
    name: 'Mdm Tan Siew Ling',
    phone: '+65 9123 4567',
  });
  const sold = await createAcceptedQuotation({
    enquiry: { userId: customer.id, contactEmail: email, contactName: 'Mdm Tan Siew Ling' },
  });
  const order = await confirmOrder(staff, sold.id);
  const invoice = await issueInvoice(staff, order.id);
  // A guest enquiry from the same address (before she registered), quoted but never ordered.
  const unsold = await createQuotation({
    enquiry: { contactEmail: email.toUpperCase(), contactName: 'Tan S L', address: '1 Home Road' },
  });
  await db()
    .insert(enquiryEvents)
    .values([
      {
        enquiryId: unsold.enquiryId,
        kind: 'reply',
        actorName: 'Staff Lim',
        body: 'Dear Mdm Tan, ...',
      },
      {
        enquiryId: unsold.enquiryId,
        kind: 'note',
        actorName: 'Staff Lim',
        body: 'Called her at home.',
      },
    ]);
  await db().insert(quotationResponses).values({
    quotationId: unsold.id,
    kind: 'declined',
    name: 'Tan S L',
    designation: 'Parent volunteer',
    message: 'Too dear for my budget.',
    clientAddress: '203.0.113.9',
    pdfSha256: unsold.pdfSha256,
  });
  const key = `attachments/test-${unsold.enquiryId}.jpg`;
  await privateStorage().put(key, Buffer.from('photo of my garden'), 'image/jpeg');
  await db()
    .insert(attachments)
    .values({
      enquiryId: unsold.enquiryId,
      owner: 'enquiry',
      fileName: 'garden.jpg',
      contentType: 'image/jpeg',
      size: 18,
      sha256: 'x'.repeat(64),
      storageKey: key,
    });
  const [message] = await db()
    .insert(contactMessages)
    .values({ name: 'Siew Ling', email, phone: '91234567', message: 'Do you install at homes?' })
    .returning({ id: contactMessages.id });
  await db()
    .insert(contactMessageEvents)
    .values({ messageId: message!.id, kind: 'reply', actorName: 'Staff Lim', body: 'Yes, we do.' });
  await db()
    .insert(pendingMail)
    .values({ to: email, subject: 'Your enquiry', text: 'Dear Mdm Tan' });
  return { customer, sold, order, invoice, unsold, message: message!, key };
}

describe('erasing a person', () => {
  it('anonymises their enquiries and messages, deletes the account, and keeps the sale intact', async () => {
    const h = await customerWithHistory('tan.siewling@school.example');
    const other = await createEnquiryWithItem({ contactEmail: 'someone.else@school.example' });
    const [invoiceBefore] = await db().select().from(invoices).where(eq(invoices.id, h.invoice.id));

    const result = await erasePerson(
      'Tan.SiewLing@school.example',
      new Date('2030-01-02T03:04:05Z'),
    );
    expect(result).toEqual({ enquiries: 2, messages: 1, sales: 1, accountDeleted: true });

    // The account and everything hanging off it.
    expect(await db().select().from(user).where(eq(user.id, h.customer.id))).toEqual([]);
    expect(await db().select().from(session).where(eq(session.userId, h.customer.id))).toEqual([]);
    // Both enquiries stay, without anyone's details or words.
    for (const id of [h.sold.enquiryId, h.unsold.enquiryId]) {
      expect(await enquiryRow(id)).toMatchObject({
        contactName: ANONYMISED_NAME,
        contactEmail: null,
        contactPhone: null,
        address: null,
        message: REMOVED_TEXT,
        userId: null,
        accessTokenHash: null,
        organisation: 'Bedok Green Primary School',
        anonymisedAt: new Date('2030-01-02T03:04:05Z'),
      });
    }
    const events = await db()
      .select({ kind: enquiryEvents.kind, body: enquiryEvents.body })
      .from(enquiryEvents)
      .where(eq(enquiryEvents.enquiryId, h.unsold.enquiryId));
    expect(events.filter((e) => e.kind === 'reply' || e.kind === 'note')).toEqual([
      { kind: 'reply', body: REMOVED_TEXT },
      { kind: 'note', body: REMOVED_TEXT },
    ]);
    // The unsold quotation loses its addressee, PDF and the answer's details; the file is gone.
    const [unsold] = await db().select().from(quotations).where(eq(quotations.id, h.unsold.id));
    expect(unsold).toMatchObject({ attentionName: null, attentionAddress: null });
    expect(unsold!.pdf.length).toBe(0);
    expect(await getQuotationPdf(h.unsold.enquiryId, `${h.unsold.number}.pdf`)).toBeNull();
    const [answer] = await db()
      .select()
      .from(quotationResponses)
      .where(eq(quotationResponses.quotationId, h.unsold.id));
    expect(answer).toMatchObject({
      name: null,
      designation: null,
      message: null,
      clientAddress: null,
    });
    expect(
      await db().select().from(attachments).where(eq(attachments.enquiryId, h.unsold.enquiryId)),
    ).toEqual([]);
    expect(await privateStorage().get(h.key)).toBeNull();
    // The sale: its accepted quotation as sent, the acceptance and the invoice, unchanged.
    const [sold] = await db().select().from(quotations).where(eq(quotations.id, h.sold.id));
    expect(sold).toMatchObject({ attentionName: 'Mdm Tan Siew Ling', pdfSha256: h.sold.pdfSha256 });
    expect(sold!.pdf.length).toBeGreaterThan(0);
    const [acceptance] = await db()
      .select()
      .from(quotationResponses)
      .where(eq(quotationResponses.quotationId, h.sold.id));
    expect(acceptance).toMatchObject({
      name: 'Mdm Tan Siew Ling',
      poNumber: 'PO-2026-0042',
      clientAddress: null,
    });
    const [invoiceAfter] = await db().select().from(invoices).where(eq(invoices.id, h.invoice.id));
    expect(invoiceAfter).toEqual(invoiceBefore);
    // The message and its reply lose their words; queued mail to her is gone.
    const [message] = await db()
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, h.message.id));
    expect(message).toMatchObject({
      name: ANONYMISED_NAME,
      email: '',
      phone: '',
      message: REMOVED_TEXT,
    });
    const [reply] = await db()
      .select({ body: contactMessageEvents.body })
      .from(contactMessageEvents)
      .where(eq(contactMessageEvents.messageId, h.message.id));
    expect(reply!.body).toBe(REMOVED_TEXT);
    expect(
      await db()
        .select()
        .from(pendingMail)
        .where(sql`lower(${pendingMail.to}) = 'tan.siewling@school.example'`),
    ).toEqual([]);
    // Someone else's enquiry is untouched.
    expect(await enquiryRow(other.id)).toMatchObject({
      contactEmail: 'someone.else@school.example',
      contactName: 'Mdm Tan',
      anonymisedAt: null,
    });
  });

  it('erases a guest address that has no account', async () => {
    const guest = await createEnquiryWithItem({ contactEmail: 'guest.only@school.example' });
    expect(await erasePerson('guest.only@school.example')).toEqual({
      enquiries: 1,
      messages: 0,
      sales: 0,
      accountDeleted: false,
    });
    expect((await enquiryRow(guest.id)).contactEmail).toBeNull();
  });

  it('refuses a staff account and changes nothing', async () => {
    const admin = await createCustomer({ email: 'admin.person@fieldhouse.example' });
    await db().update(user).set({ role: 'admin' }).where(eq(user.id, admin.id));
    const mine = await createEnquiryWithItem({ contactEmail: 'admin.person@fieldhouse.example' });
    const error = await erasePerson('admin.person@fieldhouse.example').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).status).toBe(409);
    expect((await enquiryRow(mine.id)).contactEmail).toBe('admin.person@fieldhouse.example');
    expect(await db().select({ id: user.id }).from(user).where(eq(user.id, admin.id))).toHaveLength(
      1,
    );
  });
});

describe('a customer deleting their account', () => {
  const request = (cookie: string) =>
    new Request('http://localhost:3000/profile', { method: 'POST', headers: { cookie } });

  it('needs the password, then signs them out everywhere and clears the cookie', async () => {
    const c = await createCustomer({ email: 'leaving@school.example' });
    const enquiry = await createEnquiryWithItem({ userId: c.id, contactEmail: null });
    const who = {
      id: c.id,
      email: c.email,
      name: 'Test Customer',
      role: 'customer' as const,
      phone: null,
      twoFactorEnabled: false,
    };

    const wrong = await deleteOwnAccount(request(c.cookie), who, 'not my password').catch(
      (e: unknown) => e,
    );
    expect(wrong).toMatchObject({ message: 'The password is not correct.', status: 400 });
    expect(await db().select({ id: user.id }).from(user).where(eq(user.id, c.id))).toHaveLength(1);

    const { headers } = await deleteOwnAccount(request(c.cookie), who, c.password);
    expect(headers.getSetCookie().join('\n')).toMatch(/session_token=;.*Max-Age=0/i);
    expect(await db().select({ id: user.id }).from(user).where(eq(user.id, c.id))).toEqual([]);
    expect(await auth().api.getSession({ headers: new Headers({ cookie: c.cookie }) })).toBeNull();
    expect(await enquiryRow(enquiry.id)).toMatchObject({
      userId: null,
      contactName: ANONYMISED_NAME,
    });
    expect(await db().select().from(cartItems).where(eq(cartItems.userId, c.id))).toEqual([]);
  });
});

describe('a person’s data', () => {
  it('holds the account, enquiries with items, replies, quotations, orders, invoices and messages, not notes', async () => {
    const h = await customerWithHistory('export.me@school.example');
    await createEnquiryWithItem({ contactEmail: 'not.me@school.example' });
    const data = await collectPersonData(
      'Export.Me@school.example',
      new Date('2031-05-06T07:08:09Z'),
    );
    expect(data.generatedAt).toBe('2031-05-06T07:08:09.000Z');
    expect(data.account).toMatchObject({
      name: 'Mdm Tan Siew Ling',
      email: 'export.me@school.example',
      phone: '+65 9123 4567',
    });
    expect(data.account!.sessions.length).toBeGreaterThan(0);
    expect(data.enquiries.map((e) => e.reference).sort()).toEqual(
      [h.sold.reference, h.unsold.reference].sort(),
    );
    const sold = data.enquiries.find((e) => e.reference === h.sold.reference)!;
    expect(sold.quotations[0]).toMatchObject({
      number: h.sold.number,
      beforeGst: 'S$2,700.05',
      gst: 'S$243.00',
      total: 'S$2,943.05',
    });
    expect(sold.quotations[0]!.lines).toHaveLength(2);
    expect(sold.quotations[0]!.answers[0]).toMatchObject({
      kind: 'accepted',
      poNumber: 'PO-2026-0042',
    });
    expect(sold.orders[0]).toMatchObject({ number: h.order.number });
    expect(sold.orders[0]!.documents[0]).toMatchObject({
      number: h.invoice.number,
      kind: 'tax invoice',
    });
    const unsold = data.enquiries.find((e) => e.reference === h.unsold.reference)!;
    expect(unsold).toMatchObject({ contactName: 'Tan S L', address: '1 Home Road' });
    expect(unsold.updates.map((u) => u.text)).toEqual(['Dear Mdm Tan, ...']);
    expect(data.messages).toEqual([
      expect.objectContaining({
        message: 'Do you install at homes?',
        replies: [expect.objectContaining({ text: 'Yes, we do.' })],
      }),
    ]);
    expect(JSON.stringify(data)).not.toContain('Called her at home');
    expect(JSON.stringify(data)).not.toContain('not.me@school.example');

    const html = personDataHtml(data, 'Fieldhouse <Sports>');
    expect(html).toContain('<title>Your data at Fieldhouse &lt;Sports&gt;</title>');
    expect(html).toContain(`Enquiry ${h.sold.reference}`);
    expect(html).toContain('Do you install at homes?');
    expect(html).toContain(h.invoice.number);
  });

  it('of an unknown address is empty', async () => {
    const data = await collectPersonData('nobody@nowhere.example');
    expect(data).toMatchObject({ account: null, enquiries: [], messages: [] });
  });
});

describe('requests carried out by staff', () => {
  it('look up, export and erase a guest address, each export and erasure in the activity log', async () => {
    await createEnquiryWithItem({ contactEmail: 'walk-in@school.example' });
    expect(await lookUpPerson('walk-in@school.example')).toEqual({
      account: null,
      enquiries: 1,
      sales: 0,
      messages: 0,
    });
    const response = await exportPersonForStaff(staff, 'Walk-In@school.example', 'json');
    expect(response.headers.get('content-disposition')).toMatch(
      /attachment; filename="personal-data-/,
    );
    const data = (await response.json()) as { enquiries: { contactEmail: string }[] };
    expect(data.enquiries[0]!.contactEmail).toBe('walk-in@school.example');
    await erasePersonForStaff(staff, 'walk-in@school.example');
    const [erased, exported] = await listAudit({ entity: 'person', limit: 2 });
    expect(exported).toMatchObject({
      actorName: 'Staff Lim',
      action: 'export',
      entityName: 'w•••@school.example',
      changes: { format: { from: null, to: 'JSON' }, enquiries: { from: null, to: 1 } },
    });
    expect(erased).toMatchObject({
      action: 'erase',
      entityName: 'w•••@school.example',
      changes: { enquiries: { from: 1, to: 'anonymised' }, account: { from: 'none', to: 'none' } },
    });
    expect(await lookUpPerson('walk-in@school.example')).toMatchObject({ enquiries: 0 });
  });

  it('log nothing when an erasure is refused', async () => {
    const admin = await createCustomer({ email: 'second.admin@fieldhouse.example' });
    await db().update(user).set({ role: 'admin' }).where(eq(user.id, admin.id));
    const before = await listAudit({ entity: 'person' });
    await expect(erasePersonForStaff(staff, 'second.admin@fieldhouse.example')).rejects.toThrow(
      /staff account/,
    );
    expect(await listAudit({ entity: 'person' })).toEqual(before);
  });
});

describe('retention', () => {
  const MONTH = 30 * 86_400_000;
  const now = new Date('2040-06-15T04:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it('counts calendar months back', () => {
    expect(monthsBefore(new Date('2040-03-31T10:00:00Z'), 1)).toEqual(
      new Date('2040-02-29T10:00:00Z'),
    );
    expect(monthsBefore(new Date('2040-06-15T04:00:00Z'), 24)).toEqual(
      new Date('2038-06-15T04:00:00Z'),
    );
  });

  it('anonymises old unsold enquiries and messages, prunes sessions and counters, keeps the rest', async () => {
    const old = await createEnquiryWithItem({
      contactEmail: 'old@school.example',
      createdAt: ago(25 * MONTH),
    });
    const recent = await createEnquiryWithItem({
      contactEmail: 'recent@school.example',
      createdAt: ago(23 * MONTH),
    });
    const stillTalking = await createEnquiryWithItem({
      contactEmail: 'talking@school.example',
      createdAt: ago(30 * MONTH),
    });
    await db()
      .insert(enquiryEvents)
      .values({
        enquiryId: stillTalking.id,
        kind: 'reply',
        actorName: 'Staff Lim',
        body: 'Following up',
        createdAt: ago(2 * MONTH),
      });
    const soldQuote = await createAcceptedQuotation({
      enquiry: { contactEmail: 'sold@school.example', createdAt: ago(40 * MONTH) },
    });
    const order = await confirmOrder(staff, soldQuote.id);
    await db()
      .update(enquiries)
      .set({ createdAt: ago(40 * MONTH) })
      .where(eq(enquiries.id, soldQuote.enquiryId));
    await db()
      .update(enquiryEvents)
      .set({ createdAt: ago(40 * MONTH) })
      .where(eq(enquiryEvents.enquiryId, soldQuote.enquiryId));
    const invoice = await issueInvoice(staff, order.id, undefined, ago(39 * MONTH));
    const [invoiceBefore] = await db().select().from(invoices).where(eq(invoices.id, invoice.id));
    const messages = await db()
      .insert(contactMessages)
      .values([
        {
          name: 'Old Sender',
          email: 'o@x.example',
          phone: '1',
          message: 'old',
          createdAt: ago(13 * MONTH),
        },
        {
          name: 'New Sender',
          email: 'n@x.example',
          phone: '2',
          message: 'new',
          createdAt: ago(11 * MONTH),
        },
      ])
      .returning({ id: contactMessages.id });
    const keeper = await createCustomer({ email: 'keeper@school.example' });
    await db()
      .insert(session)
      .values([
        { id: 'expired-session', token: 'expired-token', userId: keeper.id, expiresAt: ago(1000) },
        {
          id: 'live-session',
          token: 'live-token',
          userId: keeper.id,
          expiresAt: new Date(now.getTime() + 86_400_000),
        },
      ]);
    await db()
      .insert(rateLimits)
      .values([
        { key: 'auth:dead', count: 3, resetAt: ago(2 * 86_400_000) },
        { key: 'auth:live', count: 3, resetAt: ago(3_600_000) },
      ]);
    await db()
      .insert(pendingMail)
      .values([
        { to: 'old-mail@x.example', subject: 'Old', text: '', sentAt: ago(25 * MONTH) },
        { to: 'new-mail@x.example', subject: 'New', text: '', sentAt: ago(23 * MONTH) },
      ]);
    await db()
      .insert(verification)
      .values([
        {
          id: 'old-token',
          identifier: 'reset-password:old',
          value: keeper.id,
          expiresAt: ago(1000),
        },
      ]);

    // Other tests' rows in this file's database are old at this clock too: counts are at least.
    const first = await applyRetention(now, { enquiryMonths: 24, contactMonths: 12 });
    for (const count of Object.values(first)) expect(count).toBeGreaterThanOrEqual(1);

    expect(await enquiryRow(old.id)).toMatchObject({
      contactEmail: null,
      contactName: ANONYMISED_NAME,
      anonymisedAt: now,
    });
    for (const kept of [recent.id, stillTalking.id, soldQuote.enquiryId])
      expect((await enquiryRow(kept)).anonymisedAt, String(kept)).toBeNull();
    const [invoiceAfter] = await db().select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(invoiceAfter).toEqual(invoiceBefore);
    const stored = await db()
      .select({ id: contactMessages.id, name: contactMessages.name })
      .from(contactMessages)
      .where(
        inArray(
          contactMessages.id,
          messages.map((m) => m.id),
        ),
      )
      .orderBy(contactMessages.id);
    expect(stored.map((m) => m.name)).toEqual([ANONYMISED_NAME, 'New Sender']);
    expect(
      (
        await db().select({ id: session.id }).from(session).where(eq(session.userId, keeper.id))
      ).map((s) => s.id),
    ).not.toContain('expired-session');
    expect(
      await db().select({ id: session.id }).from(session).where(eq(session.id, 'live-session')),
    ).toHaveLength(1);
    const mails = await db()
      .select({ to: pendingMail.to })
      .from(pendingMail)
      .where(inArray(pendingMail.to, ['old-mail@x.example', 'new-mail@x.example']));
    expect(mails).toEqual([{ to: 'new-mail@x.example' }]);
    const counters = (await db().select({ key: rateLimits.key }).from(rateLimits)).map(
      (r) => r.key,
    );
    expect(counters).toContain('auth:live');
    expect(counters).not.toContain('auth:dead');

    // Run again: nothing left to do.
    expect(await applyRetention(now, { enquiryMonths: 24, contactMonths: 12 })).toMatchObject({
      enquiries: 0,
      messages: 0,
    });
  });

  it('runs once a day as a scheduled job, with the configured periods', async () => {
    const later = new Date('2045-01-10T00:00:00Z');
    const due = await createEnquiryWithItem({
      contactEmail: 'job@school.example',
      createdAt: new Date(later.getTime() - 25 * MONTH),
    });
    await db()
      .insert(scheduledJobs)
      .values({ name: 'retention', nextRunAt: later })
      .onConflictDoUpdate({ target: scheduledJobs.name, set: { nextRunAt: later } });
    expect(await runDueJobs(later)).toContain('retention');
    expect((await enquiryRow(due.id)).anonymisedAt).toEqual(later);
    const [job] = await db()
      .select()
      .from(scheduledJobs)
      .where(eq(scheduledJobs.name, 'retention'));
    expect(job).toMatchObject({
      lastError: null,
      nextRunAt: new Date(later.getTime() + 86_400_000),
    });
    expect(await runDueJobs(new Date(later.getTime() + 3_600_000))).not.toContain('retention');
  });
});
