// The acknowledgements of enquiries and contact messages are capped per recipient inbox: past the
// cap the enquiry or message is still stored and staff are still told; only the acknowledgement
// is left out.
import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../tests/factories';
import { submitContactMessage } from '../contact/contact.server';
import { db } from '../db/client.server';
import { contactMessages, enquiries, pendingMail } from '../db/schema';
import { createEnquiry } from '../enquiries/enquiries.server';
import { ACKNOWLEDGEMENTS_PER_HOUR } from './acknowledgements.server';
import { mailSettled } from './queue.server';

afterAll(() => mailSettled());

/** Mail queued to this inbox, however its address was written. */
const mailsTo = async (to: string) =>
  (
    await db()
      .select({ n: count() })
      .from(pendingMail)
      .where(sql`lower(${pendingMail.to}) = ${to}`)
  )[0]!.n;

const staffNoticesAbout = async (email: string) =>
  (
    await db()
      .select({ n: count() })
      .from(pendingMail)
      .where(
        sql`${pendingMail.to} = 'sales@fieldhouse.example' AND ${pendingMail.replyTo} = ${email}`,
      )
  )[0]!.n;

describe('acknowledgements per inbox', () => {
  it('sends an inbox at most the cap an hour, enquiries and messages together; the rest is stored and told to staff', async () => {
    const goal = await createProduct({ name: 'Goalposts' });
    const email = `target-${randomUUID()}@school.example`;
    // However the sender writes the address, it is one inbox.
    const enquiry = (as = email) =>
      createEnquiry({
        items: [{ productId: goal.id, quantity: 1 }],
        message: 'Two goals, please.',
        idempotencyKey: randomUUID(),
        contact: { name: 'Guest', email: as },
      });
    const message = () =>
      submitContactMessage({
        values: { name: 'Mdm Lim', email, phone: '+65 6123 4567', message: 'Please call.' },
        address: `198.51.100.${randomUUID()}`, // a new network each time
      });
    for (let i = 0; i < ACKNOWLEDGEMENTS_PER_HOUR - 2; i++) await enquiry();
    for (let i = 0; i < 2; i++) expect((await message()).status).toBe('sent');
    expect(await mailsTo(email)).toBe(ACKNOWLEDGEMENTS_PER_HOUR);

    // Past the cap: stored, staff told, no acknowledgement.
    await enquiry();
    expect((await message()).status).toBe('sent');
    expect(await mailsTo(email)).toBe(ACKNOWLEDGEMENTS_PER_HOUR);
    const stored = await db()
      .select({ n: count() })
      .from(contactMessages)
      .where(eq(contactMessages.email, email));
    expect(stored[0]!.n).toBe(3);
    const enquiriesStored = await db()
      .select({ n: count() })
      .from(enquiries)
      .where(sql`lower(${enquiries.contactEmail}) = ${email}`);
    expect(enquiriesStored[0]!.n).toBe(ACKNOWLEDGEMENTS_PER_HOUR - 1);
    expect(await staffNoticesAbout(email)).toBe(ACKNOWLEDGEMENTS_PER_HOUR + 2);

    // Another inbox is not held back by this one's.
    const other = `other-${randomUUID()}@school.example`;
    await createEnquiry({
      items: [{ productId: goal.id, quantity: 1 }],
      message: 'One goal.',
      idempotencyKey: randomUUID(),
      contact: { name: 'Guest', email: other },
    });
    expect(await mailsTo(other)).toBe(1);
  });

  it('counts no acknowledgement for an enquiry refused before it is stored', async () => {
    const email = `refused-${randomUUID()}@school.example`;
    for (let i = 0; i < ACKNOWLEDGEMENTS_PER_HOUR + 2; i++) {
      await expect(
        createEnquiry({
          items: [{ productId: 999_999_999, quantity: 1 }], // no such product: refused, 409
          message: 'Two goals, please.',
          idempotencyKey: randomUUID(),
          contact: { name: 'Guest', email },
        }),
      ).rejects.toMatchObject({ status: 409 });
    }
    const goal = await createProduct({ name: 'Nets' });
    await createEnquiry({
      items: [{ productId: goal.id, quantity: 1 }],
      message: 'Two nets, please.',
      idempotencyKey: randomUUID(),
      contact: { name: 'Guest', email },
    });
    expect(await mailsTo(email)).toBe(1);
  });
});
