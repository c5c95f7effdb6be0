import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createAcceptedQuotation,
  createCustomer,
  createEnquiry,
  createQuotation,
} from '../../../tests/factories';
import { db, rowsOf } from '../db/client.server';
import { enquiries } from '../db/schema';
import { mailSettled } from '../mail/queue.server';
import { confirmOrder } from '../sales/orders.server';
import {
  CUSTOMERS_PAGE_SIZE,
  customerKeyOfEnquiry,
  getCustomer,
  listCustomers,
  parseCustomerKey,
} from './customers.server';

afterAll(() => mailSettled());

const unique = () => randomUUID().slice(0, 8);

describe('the customer list', () => {
  it('groups enquiries by e-mail address, letter case aside, with counts, values and last activity', async () => {
    const tag = unique();
    const email = `bursar-${tag}@school.example`;
    const first = await createEnquiry({
      contactEmail: email,
      contactName: 'Mr Lim',
      organisation: `Old Name ${tag}`,
      createdAt: new Date('2030-01-01T02:00:00Z'),
    });
    await createEnquiry({
      contactEmail: email.toUpperCase(),
      contactName: 'Mr Lim Wei Ming',
      organisation: `Bedok ${tag}`,
      createdAt: new Date('2030-01-05T02:00:00Z'),
    });
    await createAcceptedQuotation({ enquiryId: first.id });
    await createQuotation({ enquiryId: first.id, sequence: 2, status: 'superseded' });
    // Someone else with an organisation of the same name is another customer.
    await createEnquiry({
      contactEmail: `other-${tag}@school.example`,
      organisation: `Bedok ${tag}`,
    });

    const { items, total } = await listCustomers({ q: tag, page: 1 });
    expect(total).toBe(2);
    const lim = items.find((c) => c.email?.toLowerCase() === email)!;
    expect(lim).toMatchObject({
      name: 'Mr Lim Wei Ming', // the latest enquiry's
      organisation: `Bedok ${tag}`,
      account: false,
      enquiries: 2,
      quotations: 2,
      acceptedCents: 294305,
    });
    expect(lim.key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('keys a guest without an e-mail address by phone number, spaces aside', async () => {
    const tag = unique();
    await createEnquiry({ contactEmail: null, contactPhone: '+65 9123 4567', organisation: tag });
    await createEnquiry({ contactEmail: null, contactPhone: '+6591234567', organisation: tag });
    const { items } = await listCustomers({ q: tag, page: 1 });
    expect(items).toHaveLength(1);
    expect(items[0]!.enquiries).toBe(2);
  });

  it('lists accounts, with and without enquiries, and leaves out staff and anonymised enquiries', async () => {
    const tag = unique();
    const buyer = await createCustomer({
      email: `acct-${tag}@school.example`,
      name: `Ms Acct ${tag}`,
    });
    await createEnquiry({ userId: buyer.id, contactEmail: buyer.email, contactName: 'Ms Acct' });
    const quiet = await createCustomer({
      email: `quiet-${tag}@school.example`,
      name: `Quiet ${tag}`,
    });
    const gone = await createEnquiry({ contactEmail: `gone-${tag}@school.example` });
    await db().update(enquiries).set({ anonymisedAt: new Date() }).where(eq(enquiries.id, gone.id));
    const { items } = await listCustomers({ q: tag, page: 1 });
    expect(items.map((c) => [c.email, c.account, c.enquiries]).sort()).toEqual(
      [
        [buyer.email, true, 1],
        [quiet.email, true, 0],
      ].sort(),
    );
  });

  it('takes % and _ in the search literally, and pages', async () => {
    const tag = unique();
    for (let i = 0; i < CUSTOMERS_PAGE_SIZE + 2; i++)
      await createEnquiry({
        contactEmail: `p${i}-${tag}@school.example`,
        organisation: `Paged ${tag}`,
      });
    const first = await listCustomers({ q: `Paged ${tag}`, page: 1 });
    const second = await listCustomers({ q: `Paged ${tag}`, page: 2 });
    expect(first.total).toBe(CUSTOMERS_PAGE_SIZE + 2);
    expect(first.pages).toBe(2);
    expect(first.items).toHaveLength(CUSTOMERS_PAGE_SIZE);
    expect(second.items).toHaveLength(2);
    expect((await listCustomers({ q: `Paged ${tag}`, page: 9 })).total).toBe(
      CUSTOMERS_PAGE_SIZE + 2,
    );
    expect((await listCustomers({ q: `Paged_${tag}`, page: 1 })).total).toBe(0);
    expect((await listCustomers({ q: `%${tag}`, page: 1 })).total).toBe(0);
  });

  it('finds the list most recently active first', async () => {
    const tag = unique();
    await createEnquiry({
      contactEmail: `old-${tag}@x.example`,
      organisation: tag,
      createdAt: new Date('2020-01-01'),
      updatedAt: new Date('2020-01-01'),
    });
    await createEnquiry({ contactEmail: `new-${tag}@x.example`, organisation: tag });
    const { items } = await listCustomers({ q: tag, page: 1 });
    expect(items.map((c) => c.email)).toEqual([`new-${tag}@x.example`, `old-${tag}@x.example`]);
  });
});

describe('a customer page', () => {
  it('has their enquiries, quotations, orders and values; the enquiry names its customer', async () => {
    const staff = await createCustomer({ name: 'Staff Lim' });
    const tag = unique();
    const email = `page-${tag}@school.example`;
    const one = await createEnquiry({ contactEmail: email, organisation: 'Bedok' });
    const two = await createEnquiry({ contactEmail: email, organisation: 'Tampines' });
    const sold = await createAcceptedQuotation({ enquiryId: one.id });
    await createQuotation({ enquiryId: two.id, gstRegNo: null });
    const order = await confirmOrder({ id: staff.id, name: 'Staff Lim' }, sold.id);

    const key = (await customerKeyOfEnquiry(two.id))!;
    expect(key).toBe(await customerKeyOfEnquiry(one.id));
    const customer = (await getCustomer(key))!;
    expect(customer.email).toBe(email);
    expect(customer.enquiries.map((e) => e.id)).toEqual([two.id, one.id]);
    expect(customer.organisations.sort()).toEqual(['Bedok', 'Tampines']);
    expect(customer.quotations).toHaveLength(2);
    expect(customer.quotations.find((q) => q.enquiryId === two.id)!.gstRegistered).toBe(false);
    expect(customer.orders.map((o) => o.number)).toEqual([order.number]);
    expect(customer.values).toEqual({
      quotedCents: 294305 + 270005,
      acceptedCents: 294305,
      orderedCents: 294305,
    });
    // The list links to the same page.
    const listed = await listCustomers({ q: email, page: 1 });
    expect(listed.items[0]!.key).toBe(key);
    // The page's lookup uses the customer index (the planner's choice on a table this size may
    // still be a scan; the index must at least match the expression).
    const plan = await db().transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      return rowsOf<Record<string, string>>(
        await tx.execute(
          sql`EXPLAIN SELECT id FROM enquiries WHERE md5(coalesce(lower(contact_email), 'tel:' || regexp_replace(contact_phone, '[^0-9+]', '', 'g'))) = ${key}`,
        ),
      );
    });
    expect(JSON.stringify(plan)).toContain('enquiries_customer_key_idx');
  });

  it('is not found for an unknown or malformed key', async () => {
    expect(await getCustomer('0'.repeat(32))).toBeNull();
    expect(parseCustomerKey('../etc')).toBeNull();
    expect(parseCustomerKey('A'.repeat(32))).toBeNull();
    expect(parseCustomerKey('a'.repeat(32))).toBe('a'.repeat(32));
  });
});
