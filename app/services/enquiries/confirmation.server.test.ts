// The enquiry's confirmation page: a guest's unguessable link (stored hashed, found by token,
// nothing for a wrong one), a customer's enquiry for its owner only, the link in the e-mail, and
// who sees the contact details in full.
import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCustomer, createProduct } from '../../../tests/factories';
import { db } from '../db/client.server';
import { enquiries, pendingMail, user } from '../db/schema';
import { env } from '../env.server';
import { outboxDir } from '../mail/mailer.server';
import { forgetSentBodies, mailSettled, SENT_BODY_DAYS } from '../mail/queue.server';
import { hashAccessToken, isSender, senderCookie } from './access-token.server';
import {
  confirmationView,
  createEnquiry,
  getEnquiry,
  getEnquiryByToken,
  type NewEnquiry,
} from './enquiries.server';

let goal: { id: number; name: string };

beforeAll(async () => {
  goal = await createProduct({ name: 'Aluminium Goalposts' });
});

beforeEach(async () => {
  await mailSettled();
  rmSync(outboxDir(), { recursive: true, force: true });
});

const guest = (over: Partial<NewEnquiry> = {}): NewEnquiry => ({
  items: [{ productId: goal.id, quantity: 3 }],
  message: 'Two goals for the Jurong field, please.',
  idempotencyKey: randomUUID(),
  organisation: 'Jurong Secondary',
  contact: { name: 'Tan Siew Ling', email: 'siew.ling@school.example', phone: '+65 6123 4567' },
  ...over,
});

async function customerId(): Promise<string> {
  const { email } = await createCustomer();
  const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
  return row!.id;
}

const storedHash = async (id: number) =>
  (
    await db()
      .select({ hash: enquiries.accessTokenHash })
      .from(enquiries)
      .where(eq(enquiries.id, id))
  )[0]!.hash;

function mailTo(address: string, reference: string): string {
  const files = readdirSync(outboxDir()).map((f) =>
    readFileSync(path.join(outboxDir(), f), 'utf8').replace(/=\r?\n/g, ''),
  );
  // The To header at a line's start: the acknowledgement's Reply-To names the company too.
  const to = new RegExp(`^To: ${address.replace(/[.]/g, '\\.')}\r?$`, 'm');
  return files.find((f) => to.test(f) && f.includes(reference))!;
}

/** Another token of the same shape: the same but one character. */
const tampered = (token: string) => `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;

describe('a guest enquiry’s confirmation link', () => {
  it('is a 256-bit base64url token whose SHA-256 alone is stored', async () => {
    const created = await createEnquiry(guest());
    const token = created.accessToken!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const hash = await storedHash(created.id);
    expect(hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(hash).not.toContain(token);
    // Every enquiry gets its own.
    const other = await createEnquiry(guest());
    expect(other.accessToken).not.toBe(token);
    // The acknowledgement's body holds the link: a week after it went out, it is not kept.
    await mailSettled();
    const mine = sql`${pendingMail.subject} LIKE ${`%${created.reference}%`}`;
    const sent = async () => JSON.stringify(await db().select().from(pendingMail).where(mine));
    expect(await sent()).toContain(token); // a recent one is, for a delivery problem
    await db()
      .update(pendingMail)
      .set({ sentAt: new Date(Date.now() - (SENT_BODY_DAYS + 1) * 86_400_000) })
      .where(mine);
    await forgetSentBodies(); // a delivery round's hourly clean-up
    expect(await sent()).not.toContain(token);
    expect(await sent()).toContain(created.reference); // the record stays
  });

  it('finds the enquiry with its items by the token, and nothing for a wrong one', async () => {
    const created = await createEnquiry(guest());
    const found = await getEnquiryByToken(created.accessToken!);
    expect(found?.enquiry).toMatchObject({
      id: created.id,
      reference: created.reference,
      items: [{ productId: goal.id, name: 'Aluminium Goalposts', quantity: 3 }],
    });
    expect(found?.tokenHash).toBe(await storedHash(created.id));
    expect(await getEnquiryByToken(tampered(created.accessToken!))).toBeNull();
    expect(await getEnquiryByToken('')).toBeNull();
    expect(await getEnquiryByToken(`${created.accessToken!}x`)).toBeNull();
    // The stored hash is not a key: whoever read the database cannot open the page with it.
    expect(await getEnquiryByToken((await storedHash(created.id))!)).toBeNull();
  });

  it('is not given again for a repeated submit (only its hash is kept)', async () => {
    const input = guest();
    const first = await createEnquiry(input);
    const again = await createEnquiry(input);
    expect(again).toMatchObject({ id: first.id, duplicate: true });
    expect(again.accessToken).toBeUndefined();
    expect((await getEnquiryByToken(first.accessToken!))?.enquiry.id).toBe(first.id);
  });

  it('goes out in the acknowledgement, which still carries nothing the sender wrote', async () => {
    const created = await createEnquiry(guest());
    await mailSettled();
    const ack = mailTo('siew.ling@school.example', created.reference);
    expect(ack).toContain(`${env().publicUrl}/enquiries/${created.accessToken}`);
    expect(ack).not.toContain('Jurong Secondary');
    expect(ack).not.toContain('Two goals');
    expect(ack).not.toContain('Tan Siew Ling');
    // The company's notice has no link to the guest's page.
    // Staff open it in the back office; the guest's link is not theirs to pass on.
    const staffMail = mailTo('sales@fieldhouse.example', created.reference);
    expect(staffMail).not.toMatch(/\/enquiries\/[\w-]{43}/);
    expect(staffMail).toContain(`/admin/enquiries/${created.id}`);
  });
});

describe('a customer’s enquiry', () => {
  it('has no link of its own: its owner finds it under My Enquiries, nobody else', async () => {
    const owner = await customerId();
    const other = await customerId();
    const created = await createEnquiry(
      guest({ userId: owner, contact: { name: 'Owner', email: 'owner@school.example' } }),
    );
    expect(created.accessToken).toBeUndefined();
    expect(await storedHash(created.id)).toBeNull();
    expect((await getEnquiry(owner, created.id))?.reference).toBe(created.reference);
    expect(await getEnquiry(other, created.id)).toBeNull();
    await mailSettled();
    expect(mailTo('owner@school.example', created.reference)).toContain(
      `${env().publicUrl}/orders/${created.id}`,
    );
  });
});

describe('who sees the contact details', () => {
  it('masks them, and leaves out what the sender wrote, for whoever holds the link', async () => {
    const created = await createEnquiry(guest({ promoCode: 'SCHOOL10', poReference: 'GBZ-1' }));
    const { enquiry } = (await getEnquiryByToken(created.accessToken!))!;
    const masked = confirmationView(enquiry, true);
    expect(masked).toMatchObject({
      reference: created.reference,
      contact: { name: 'T•••', email: 's•••@school.example', phone: '•••• 4567' },
      message: null,
      organisation: null,
      poReference: null,
      promoCode: null,
      masked: true,
    });
    expect(JSON.stringify(masked)).not.toMatch(/siew|6123|Jurong|SCHOOL10|GBZ/i);
    expect(confirmationView(enquiry, false)).toMatchObject({
      contact: { name: 'Tan Siew Ling', email: 'siew.ling@school.example' },
      message: 'Two goals for the Jurong field, please.',
      organisation: 'Jurong Secondary',
      masked: false,
    });
  });

  it('shows them in full only to the browser holding the sender cookie of that enquiry', async () => {
    const a = await createEnquiry(guest());
    const b = await createEnquiry(guest());
    const cookie = senderCookie(a.accessToken!);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Path=\/enquiries\//);
    const request = (value: string) =>
      new Request('http://localhost/', { headers: { cookie: value.split(';')[0]! } });
    const hashA = hashAccessToken(a.accessToken!);
    expect(isSender(request(cookie), hashA)).toBe(true);
    expect(isSender(request(cookie), hashAccessToken(b.accessToken!))).toBe(false);
    expect(isSender(new Request('http://localhost/'), hashA)).toBe(false);
    // The e-mail's reader knows the token and so its hash, but cannot make the cookie from them.
    expect(isSender(request(`fh_enquiry_sender=${hashA}`), hashA)).toBe(false);
    expect(isSender(request(`fh_enquiry_sender=${a.accessToken!}`), hashA)).toBe(false);
  });
});
