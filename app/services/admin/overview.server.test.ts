import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAcceptedQuotation,
  createCustomer,
  createEnquiry,
  createQuotation,
} from '../../../tests/factories';
import { db } from '../db/client.server';
import { mailSettled } from '../mail/queue.server';
import { recordEnquiryEvent } from '../inbox/events.server';
import { issueInvoice } from '../sales/invoices.server';
import { changeOrderStatus, confirmOrder } from '../sales/orders.server';
import { salesOverview } from './overview.server';

// Deliveries started in the background finish before the database closes.
afterAll(() => mailSettled());

const sg = (local: string) => new Date(`${local}+08:00`);
let staff: { id: string; name: string };

beforeAll(async () => {
  const account = await createCustomer({ name: 'Staff Lim' });
  staff = { id: account.id, name: 'Staff Lim' };
});

// Through the inbox's own recorder, which keeps whether the enquiry waits for us.
async function event(enquiryId: number, kind: 'reply' | 'changes_requested', at: Date) {
  await db().transaction((tx) =>
    recordEnquiryEvent(tx, { enquiryId, kind, actorName: 'Someone', createdAt: at }),
  );
}

describe('the dashboard', () => {
  it('lists enquiries waiting for an answer, oldest first, overdue after two Singapore working days', async () => {
    const now = sg('2030-03-12T17:00:00'); // a Tuesday
    // Friday 16:00: 8 + 24 + 17 = 49 working hours. Friday 18:00: 47.
    const late = await createEnquiry({ createdAt: sg('2030-03-08T16:00:00'), status: 'new' });
    const recent = await createEnquiry({ createdAt: sg('2030-03-08T18:00:00'), status: 'new' });
    // Answered: not waiting. Closed: not waiting, however old.
    const answered = await createEnquiry({ createdAt: sg('2030-03-01T09:00:00') });
    await event(answered.id, 'reply', sg('2030-03-01T11:00:00'));
    const closed = await createEnquiry({ createdAt: sg('2030-02-01T09:00:00'), status: 'closed' });
    // Answered, then the buyer asked for changes on Thursday and nobody has answered since.
    const changes = await createEnquiry({ createdAt: sg('2030-02-20T09:00:00') });
    await event(changes.id, 'reply', sg('2030-02-21T09:00:00'));
    await event(changes.id, 'changes_requested', sg('2030-03-07T10:00:00'));
    // Asked for changes and was answered with a reply after it.
    const handled = await createEnquiry({ createdAt: sg('2030-02-20T09:00:00') });
    await event(handled.id, 'changes_requested', sg('2030-03-04T10:00:00'));
    await event(handled.id, 'reply', sg('2030-03-05T10:00:00'));

    // Sent after `now`: not yet there.
    await createEnquiry({ createdAt: sg('2030-03-13T09:00:00'), status: 'new' });

    const { waiting } = await salesOverview(now);
    const ids = waiting.items.map((w) => w.id);
    expect(ids).toEqual([changes.id, late.id, recent.id]);
    expect(waiting.items.map((w) => w.overdue)).toEqual([true, true, false]);
    for (const absent of [answered, closed, handled]) expect(ids).not.toContain(absent.id);
    expect(waiting.total).toBe(3);
    expect(waiting.overdue).toBe(2);
    expect(waiting.items[0]).toMatchObject({
      reference: changes.reference,
      customer: 'Mdm Tan Siew Ling',
      organisation: 'Bedok Green Primary School',
      since: sg('2030-03-07T10:00:00'),
    });
    expect(waiting.items[1]!.workingDays).toBeCloseTo(49 / 24, 6);
  });

  it('does not count public holidays as working days', async () => {
    // Friday 13 Feb 2026 16:00 to Thursday 19 Feb 10:00: Chinese New Year on Tuesday and
    // Wednesday leaves 8 + 24 + 10 = 42 working hours, six calendar days later.
    const enquiry = await createEnquiry({ createdAt: sg('2026-02-13T16:00:00'), status: 'new' });
    const before = await salesOverview(sg('2026-02-19T10:00:00'));
    expect(before.waiting.items.find((w) => w.id === enquiry.id)!.overdue).toBe(false);
    const after = await salesOverview(sg('2026-02-19T16:01:00'));
    expect(after.waiting.items.find((w) => w.id === enquiry.id)!.overdue).toBe(true);
  });

  it('lists open quotations that expire within seven days, soonest first', async () => {
    const now = sg('2031-05-05T09:00:00');
    const day = 86_400_000;
    const soon = await createQuotation({ validUntil: new Date(now.getTime() + 2 * day) });
    const later = await createQuotation({
      validUntil: new Date(now.getTime() + 6 * day),
      status: 'changes_requested',
    });
    await createQuotation({ validUntil: new Date(now.getTime() + 8 * day) });
    await createQuotation({ validUntil: new Date(now.getTime() - 1000) });
    for (const status of ['superseded', 'accepted', 'declined'] as const)
      await createQuotation({ validUntil: new Date(now.getTime() + day), status });
    const { expiring } = await salesOverview(now);
    expect(expiring.items.map((q) => q.number)).toEqual([soon.number, later.number]);
    expect(expiring.total).toBe(2);
    expect(expiring.items[0]).toMatchObject({
      id: soon.id,
      enquiryId: soon.enquiryId,
      customer: 'Mdm Tan Siew Ling',
      totalCents: 294305,
      validUntil: new Date(now.getTime() + 2 * day),
    });
  });

  it('lists orders with no invoice yet, oldest first', async () => {
    const made = [];
    for (let i = 0; i < 4; i++)
      made.push(await confirmOrder(staff, (await createAcceptedQuotation()).id));
    const [confirmed, delivered, invoiced, cancelled] = made;
    await changeOrderStatus(staff, delivered!.id, { status: 'delivered', from: 'confirmed' });
    await issueInvoice(staff, invoiced!.id);
    await changeOrderStatus(staff, cancelled!.id, { status: 'cancelled', from: 'confirmed' });
    const { toInvoice } = await salesOverview();
    expect(toInvoice.items.map((o) => [o.number, o.status])).toEqual([
      [confirmed!.number, 'confirmed'],
      [delivered!.number, 'delivered'],
    ]);
    expect(toInvoice.total).toBe(2);
    expect(toInvoice.items[0]).toMatchObject({ customer: 'Mdm Tan Siew Ling', totalCents: 294305 });
  });

  it('shows the newest enquiries, newest first', async () => {
    const now = sg('2032-07-01T12:00:00');
    const older = await createEnquiry({ createdAt: sg('2032-06-30T09:00:00'), status: 'closed' });
    const newer = await createEnquiry({ createdAt: sg('2032-07-01T09:00:00'), status: 'new' });
    await createEnquiry({ createdAt: sg('2032-07-02T09:00:00') }); // after `now`
    const { recent } = await salesOverview(now);
    expect(recent.slice(0, 2).map((e) => [e.id, e.status])).toEqual([
      [newer.id, 'new'],
      [older.id, 'closed'],
    ]);
  });

  it('sums the quotations sent this Singapore month, with and without GST', async () => {
    const now = sg('2033-09-15T12:00:00');
    // 1 September 00:30 in Singapore is still 31 August in UTC: it counts.
    await createQuotation({ createdAt: sg('2033-09-01T00:30:00') });
    await createQuotation({ createdAt: sg('2033-09-10T10:00:00'), gstRegNo: null });
    await createQuotation({ createdAt: sg('2033-08-31T23:30:00') }); // last month
    await createQuotation({ createdAt: sg('2033-09-16T10:00:00') }); // after `now`
    const { quotedThisMonth } = await salesOverview(now);
    expect(quotedThisMonth).toEqual({
      from: sg('2033-09-01T00:00:00'),
      count: 2,
      excludingGstCents: 270005 + 270005,
      totalCents: 294305 + 270005,
    });
  });
});
