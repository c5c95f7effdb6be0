import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAcceptedQuotation, createCustomer, createQuotation } from '../../../tests/factories';
import { db } from '../db/client.server';
import { mailSettled } from '../mail/queue.server';
import { enquiryEvents, orders, pendingMail, quotations } from '../db/schema';
import { UserError } from '../errors.server';
import { getEnquiryCase } from '../inbox/enquiries.server';
import {
  changeOrderStatus,
  confirmOrder,
  customerOrders,
  enquiryOrderState,
  getOrder,
  listOrders,
} from './orders.server';

// Deliveries started in the background finish before the database closes.
afterAll(() => mailSettled());

let staff: { id: string; name: string };

beforeAll(async () => {
  const account = await createCustomer({ name: 'Staff Lim' });
  staff = { id: account.id, name: 'Staff Lim' };
});

const mailsTo = (to: string) =>
  db()
    .select({ subject: pendingMail.subject, text: pendingMail.text })
    .from(pendingMail)
    .where(eq(pendingMail.to, to))
    .orderBy(pendingMail.id);

const eventsOf = (enquiryId: number) =>
  db()
    .select({
      kind: enquiryEvents.kind,
      orderId: enquiryEvents.orderId,
      from: enquiryEvents.fromOrderStatus,
      to: enquiryEvents.toOrderStatus,
      body: enquiryEvents.body,
      actorName: enquiryEvents.actorName,
    })
    .from(enquiryEvents)
    .where(eq(enquiryEvents.enquiryId, enquiryId))
    .orderBy(enquiryEvents.id);

/** The error a promise fails with (a UserError for expected refusals). */
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e as UserError,
  );

describe('confirming an order', () => {
  it('numbers it after the enquiry, keeps the PO, records it and mails the buyer, once', async () => {
    const q = await createAcceptedQuotation({ enquiry: { contactEmail: 'po@school.example' } });
    const first = await confirmOrder(staff, q.id);
    expect(first).toMatchObject({ number: `SO-${q.reference}`, created: true });
    const [row] = await db()
      .select({ status: orders.status, poNumber: orders.poNumber, actor: orders.actorName })
      .from(orders)
      .where(eq(orders.id, first.id));
    expect(row).toEqual({ status: 'confirmed', poNumber: 'PO-2026-0042', actor: 'Staff Lim' });
    expect(await eventsOf(q.enquiryId)).toEqual([
      {
        kind: 'order',
        orderId: first.id,
        from: null,
        to: 'confirmed',
        body: null,
        actorName: 'Staff Lim',
      },
    ]);
    const mails = await mailsTo('po@school.example');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Order SO-${q.reference} confirmed`);
    expect(mails[0]!.text).toContain(`quotation ${q.number}`);
    expect(mails[0]!.text).toContain('your PO PO-2026-0042');
    expect(mails[0]!.text).toContain('S$2,943.05 including GST');

    // A second click, or a second admin: the same order, nothing new.
    expect(await confirmOrder(staff, q.id)).toEqual({ ...first, created: false });
    expect(await eventsOf(q.enquiryId)).toHaveLength(1);
    expect(await mailsTo('po@school.example')).toHaveLength(1);
  });

  it('makes one order when several clicks arrive at once', async () => {
    const q = await createAcceptedQuotation();
    const results = await Promise.all(Array.from({ length: 6 }, () => confirmOrder(staff, q.id)));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const rows = await db().select().from(orders).where(eq(orders.quotationId, q.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses a quotation the buyer has not accepted, and changes nothing', async () => {
    for (const status of ['sent', 'changes_requested', 'declined', 'superseded'] as const) {
      const q = await createQuotation({ status });
      const error = await failure(confirmOrder(staff, q.id));
      expect(error, status).toBeInstanceOf(UserError);
      expect(error!.status).toBe(409);
      expect(error!.message).toBe(
        `Quotation ${q.number} has not been accepted by the buyer, so there is no order to confirm yet.`,
      );
      expect(await db().select().from(orders).where(eq(orders.enquiryId, q.enquiryId))).toEqual([]);
      expect(await eventsOf(q.enquiryId)).toEqual([]);
    }
    expect((await failure(confirmOrder(staff, 999_999)))!.status).toBe(404);
  });

  it('refuses a second live order for an enquiry; after a cancellation the next is -2', async () => {
    const first = await createAcceptedQuotation();
    const order = await confirmOrder(staff, first.id);
    const second = await createAcceptedQuotation({ enquiryId: first.enquiryId, sequence: 2 });
    const error = await failure(confirmOrder(staff, second.id));
    expect(error!.status).toBe(409);
    expect(error!.message).toBe(
      `This enquiry already has order SO-${first.reference}. Cancel it first to confirm another revision.`,
    );
    await changeOrderStatus(staff, order.id, { status: 'cancelled', from: 'confirmed' });
    // The page offers the revision that has no order yet.
    expect(await enquiryOrderState(first.enquiryId)).toEqual({
      accepted: { id: second.id, number: second.number },
      order: { id: order.id, number: order.number, status: 'cancelled' },
    });
    // The cancelled order's quotation cannot be ordered again.
    const again = await failure(confirmOrder(staff, first.id));
    expect(again).toMatchObject({
      status: 409,
      message: `Order SO-${first.reference} for quotation ${first.number} was cancelled. To order again, send a new revision for the buyer to accept.`,
    });
    const next = await confirmOrder(staff, second.id);
    expect(next.number).toBe(`SO-${first.reference}-2`);
    expect(await enquiryOrderState(first.enquiryId)).toEqual({
      accepted: null,
      order: { id: next.id, number: next.number, status: 'confirmed' },
    });
  });

  it('confirms for a guest who left no e-mail address without mailing anyone', async () => {
    const q = await createAcceptedQuotation({
      enquiry: { contactEmail: null },
      poNumber: null,
    });
    const before = (await db().select().from(pendingMail)).length;
    const order = await confirmOrder(staff, q.id);
    expect(order.created).toBe(true);
    expect((await db().select().from(pendingMail)).length).toBe(before);
    const [row] = await db()
      .select({ poNumber: orders.poNumber })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row!.poNumber).toBeNull();
  });
});

describe('moving an order on', () => {
  const tomorrow = () =>
    new Date(Date.now() + 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

  it('schedules it for a day, then delivered, each in the timeline and mailed', async () => {
    const q = await createAcceptedQuotation({ enquiry: { contactEmail: 'flow@school.example' } });
    const { id } = await confirmOrder(staff, q.id);
    const day = '2099-03-09';
    expect(
      await changeOrderStatus(staff, id, {
        status: 'scheduled',
        from: 'confirmed',
        scheduledFor: day,
      }),
    ).toEqual({ changed: true, number: `SO-${q.reference}` });
    // Moved to another day: still scheduled, a new entry.
    await changeOrderStatus(staff, id, {
      status: 'scheduled',
      from: 'scheduled',
      scheduledFor: tomorrow(),
    });
    // The same day again changes nothing.
    expect(
      await changeOrderStatus(staff, id, {
        status: 'scheduled',
        from: 'scheduled',
        scheduledFor: tomorrow(),
      }),
    ).toMatchObject({ changed: false });
    await changeOrderStatus(staff, id, { status: 'delivered', from: 'scheduled' });
    const events = (await eventsOf(q.enquiryId)).filter((e) => e.kind === 'order_status');
    expect(events.map((e) => [e.from, e.to, e.body])).toEqual([
      ['confirmed', 'scheduled', 'Scheduled for 9 Mar 2099'],
      ['scheduled', 'scheduled', expect.stringMatching(/^Scheduled for /)],
      ['scheduled', 'delivered', null],
    ]);
    const subjects = (await mailsTo('flow@school.example')).map((m) => m.subject);
    expect(subjects).toEqual([
      `Order SO-${q.reference} confirmed`,
      `Order SO-${q.reference}: scheduled for 9 Mar 2099`,
      expect.stringMatching(new RegExp(`^Order SO-${q.reference}: scheduled for `)),
      `Order SO-${q.reference} delivered`,
    ]);
    const detail = await getOrder(id);
    expect(detail).toMatchObject({ status: 'delivered', scheduledFor: tomorrow() });
    expect(detail!.lines.map((l) => l.description)).toEqual([
      'Aluminium Goalposts (pair)',
      'Installation',
    ]);
    expect(detail!.timeline.map((e) => e.kind)).toEqual([
      'order',
      'order_status',
      'order_status',
      'order_status',
    ]);
  });

  it('refuses a day in the past or not a day, and moves that are not allowed', async () => {
    const q = await createAcceptedQuotation();
    const { id } = await confirmOrder(staff, q.id);
    const past = await failure(
      changeOrderStatus(staff, id, {
        status: 'scheduled',
        from: 'confirmed',
        scheduledFor: '2020-01-01',
      }),
    );
    expect(past).toMatchObject({
      status: 400,
      field: 'scheduledFor',
      message: 'Choose today or a later day.',
    });
    for (const day of [undefined, '2099-02-30', 'tomorrow'])
      expect(
        await failure(
          changeOrderStatus(staff, id, {
            status: 'scheduled',
            from: 'confirmed',
            scheduledFor: day,
          }),
        ),
        day,
      ).toMatchObject({
        status: 400,
        field: 'scheduledFor',
        message: 'Choose the day of delivery or installation.',
      });
    const paid = await failure(changeOrderStatus(staff, id, { status: 'paid', from: 'confirmed' }));
    expect(paid).toMatchObject({
      status: 409,
      message: 'An order that is Confirmed cannot be marked Paid.',
    });
    const [row] = await db()
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, id));
    expect(row!.status).toBe('confirmed');
    expect((await eventsOf(q.enquiryId)).map((e) => e.kind)).toEqual(['order']);
  });

  it('refuses a change chosen on a page that showed an older status (409)', async () => {
    const q = await createAcceptedQuotation();
    const { id } = await confirmOrder(staff, q.id);
    await changeOrderStatus(staff, id, { status: 'delivered', from: 'confirmed' });
    const stale = await failure(
      changeOrderStatus(staff, id, { status: 'cancelled', from: 'confirmed' }),
    );
    expect(stale).toMatchObject({
      status: 409,
      message:
        'Someone else has just moved this order to Delivered / installed. Reload the page to see what changed, then choose again.',
    });
    // Cancelling from the page that shows Delivered works, with the reason kept and mailed.
    await changeOrderStatus(staff, id, {
      status: 'cancelled',
      from: 'delivered',
      note: 'School budget withdrawn.',
    });
    const last = (await eventsOf(q.enquiryId)).at(-1)!;
    expect(last).toMatchObject({
      from: 'delivered',
      to: 'cancelled',
      body: 'School budget withdrawn.',
    });
    const [mail] = (await mailsTo(q.contactEmail!)).filter((m) => /cancelled/.test(m.subject));
    expect(mail!.text).toContain('Reason: School budget withdrawn.');
  });
});

describe('lists and views', () => {
  it('lists orders by status and shows the buyer their orders', async () => {
    const q = await createAcceptedQuotation();
    const { id, number } = await confirmOrder(staff, q.id);
    const scheduled = await listOrders({ status: 'scheduled', page: 1 });
    expect(scheduled.items.some((o) => o.id === id)).toBe(false);
    const confirmed = await listOrders({ status: 'confirmed', page: 1 });
    expect(confirmed.items.find((o) => o.id === id)).toMatchObject({
      number,
      status: 'confirmed',
      customer: 'Mdm Tan Siew Ling',
      organisation: 'Bedok Green Primary School',
      totalCents: 294305,
      gstRegistered: true,
    });
    expect(await customerOrders(q.enquiryId)).toEqual([
      {
        number,
        status: 'confirmed',
        scheduledFor: null,
        poNumber: 'PO-2026-0042',
        totalCents: 294305,
        gstRegistered: true,
        documents: [],
      },
    ]);
    // The enquiry's own timeline names the order.
    const [event] = (await getEnquiryCase(q.enquiryId))!.timeline.filter((e) => e.kind === 'order');
    expect(event).toMatchObject({ order: { id, number }, toOrderStatus: 'confirmed' });
    expect(await getOrder(999_999)).toBeNull();
  });

  it('says when a total has no GST in it: quoted while the company was not GST-registered', async () => {
    const q = await createAcceptedQuotation({
      gstRegNo: null,
      enquiry: { contactEmail: 'no-gst@school.example' },
    });
    const { id } = await confirmOrder(staff, q.id);
    const [mail] = await mailsTo('no-gst@school.example');
    expect(mail!.text).toContain('total S$2,700.05, no GST charged.');
    expect(mail!.text).not.toContain('including GST');
    const listed = (await listOrders({ status: 'confirmed', page: 1 })).items.find(
      (o) => o.id === id,
    );
    expect(listed).toMatchObject({ totalCents: 270005, gstRegistered: false });
    expect(await customerOrders(q.enquiryId)).toMatchObject([
      { totalCents: 270005, gstRegistered: false },
    ]);
    expect((await getEnquiryCase(q.enquiryId))!.quotations).toMatchObject([
      { number: q.number, totalCents: 270005, gstRegistered: false },
    ]);
    // Without a GST registration no tax invoice can follow, only an invoice.
    await changeOrderStatus(staff, id, { status: 'delivered', from: 'confirmed' });
    const delivered = (await mailsTo('no-gst@school.example')).find((m) =>
      m.subject.endsWith(' delivered'),
    );
    expect(delivered!.text).toContain('Our invoice follows separately.');
    expect(delivered!.text).not.toContain('tax invoice');
  });

  it('offers no order for an enquiry whose quotation is still open', async () => {
    const q = await createQuotation();
    expect(await enquiryOrderState(q.enquiryId)).toEqual({ accepted: null, order: null });
    await db()
      .update(quotations)
      .set({ status: 'accepted' })
      .where(and(eq(quotations.id, q.id)));
    expect((await enquiryOrderState(q.enquiryId)).accepted).toEqual({ id: q.id, number: q.number });
  });
});
