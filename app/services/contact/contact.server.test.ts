import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '~/lib/schemas/contact';
import { db } from '../db/client.server';
import { contactMessages, pendingMail } from '../db/schema';
import { UserError } from '../errors.server';
import { ValidationError } from '../forms.server';
import { mailSettled } from '../mail/queue.server';
import { outboxDir } from '../mail/mailer.server';
import { submitContactMessage } from './contact.server';

beforeEach(async () => {
  await mailSettled();
  rmSync(outboxDir(), { recursive: true, force: true });
});

const fields = (over: Record<string, string> = {}) => ({
  name: '  Mdm Lim  ',
  email: 'lim@school.example',
  phone: '+65 6123 4567',
  message: 'Our hall floor needs new badminton lines. <b>Can you visit?</b>',
  ...over,
});

/** A fresh client address per test, so each test has the rate limit to itself. */
const address = () => `203.0.113.${randomUUID()}`;

const stored = (id: number) =>
  db().select().from(contactMessages).where(eq(contactMessages.id, id));

const outbox = () =>
  readdirSync(outboxDir()).map((f) =>
    readFileSync(path.join(outboxDir(), f), 'utf8').replace(/=\r?\n/g, ''),
  );

describe('submitContactMessage', () => {
  it('stores the message, then e-mails staff (Reply-To the sender) and acknowledges the sender', async () => {
    const result = await submitContactMessage({ values: fields(), address: address() });
    expect(result.status).toBe('sent');
    const id = (result as { id: number }).id;
    const [row] = await stored(id);
    expect(row).toMatchObject({
      name: 'Mdm Lim',
      email: 'lim@school.example',
      phone: '+65 6123 4567',
      handled: false,
      readAt: null,
    });
    const queued = await db()
      .select()
      .from(pendingMail)
      .where(sql`${pendingMail.subject} LIKE ${`%#${id} %`}`);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      to: 'sales@fieldhouse.example',
      replyTo: 'lim@school.example',
    });

    await mailSettled();
    const mails = outbox();
    const staff = mails.find((m) => m.includes(`Contact message #${id} from Mdm Lim`));
    const ack = mails.find((m) => /^To: lim@school\.example/m.test(m));
    expect(staff).toContain('To: sales@fieldhouse.example');
    expect(staff).toContain('Reply-To: lim@school.example');
    expect(staff).toContain('Our hall floor needs new badminton lines.');
    expect(ack).toContain('We received your message');
    expect(ack).toContain(`reference #${id}`);
    expect(ack).toContain('If you did not write to us');
    // Anyone can type any address: nothing the sender wrote goes to it (no relay for spam).
    expect(ack).not.toContain('Mdm Lim');
    expect(ack).not.toContain('badminton lines');
    expect(ack).not.toContain('Can you visit');
    // The staff mail's HTML part carries what the visitor typed escaped.
    expect(staff).toContain('&lt;b&gt;Can you visit?&lt;/b&gt;');
  });

  it('reports every invalid field and stores nothing', async () => {
    const before = (await db().select({ n: count() }).from(contactMessages))[0]!.n;
    const error = await submitContactMessage({
      values: { name: ' ', email: 'not-an-email', phone: '12', message: '' },
      address: address(),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fields).toEqual({
      name: CONTACT_MESSAGES.name,
      email: CONTACT_MESSAGES.email,
      phone: CONTACT_MESSAGES.phone,
      message: CONTACT_MESSAGES.message,
    });
    expect((await db().select({ n: count() }).from(contactMessages))[0]!.n).toBe(before);
  });

  it("stores the sender's name as one line without control or direction characters", async () => {
    const result = await submitContactMessage({
      values: fields({ name: 'Tan\r\nBcc: evil@example.com\u202Efdp.exe\u0007' }),
      address: address(),
    });
    const [row] = await stored((result as { id: number }).id);
    expect(row!.name).toBe('Tan Bcc: evil@example.comfdp.exe');
    const invisible = await submitContactMessage({
      values: fields({ name: '\u202e\u200b' }),
      address: address(),
    }).catch((e: unknown) => e);
    expect((invisible as ValidationError).fields).toEqual({ name: CONTACT_MESSAGES.name });
  });

  it('answers a filled honeypot as if it worked and stores nothing', async () => {
    const before = (await db().select({ n: count() }).from(contactMessages))[0]!.n;
    const result = await submitContactMessage({
      values: fields(),
      honeypot: 'https://spam.example',
      address: address(),
    });
    expect(result).toEqual({ status: 'dropped' });
    expect((await db().select({ n: count() }).from(contactMessages))[0]!.n).toBe(before);
  });

  it('refuses with a 429 past the enquiry rate limit from one address', async () => {
    const from = address();
    // Refused messages (a typo in the e-mail, say) do not count.
    for (let i = 0; i < 12; i++) {
      const typo = submitContactMessage({ values: fields({ email: 'lim@school' }), address: from });
      await expect(typo).rejects.toBeInstanceOf(ValidationError);
    }
    // ENQUIRY_RATE_LIMIT_MAX defaults to 10 an hour.
    for (let i = 0; i < 10; i++) {
      expect((await submitContactMessage({ values: fields(), address: from })).status).toBe('sent');
    }
    const refused = await submitContactMessage({ values: fields(), address: from }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(UserError);
    expect((refused as UserError).status).toBe(429);
    // Another address (another school) is not affected.
    expect((await submitContactMessage({ values: fields(), address: address() })).status).toBe(
      'sent',
    );
  });

  it('keeps the message when its e-mails cannot be queued, and says it was not sent', async () => {
    // A real refusal by the database, as a full disk or a broken mail table would give: the mail
    // table rejects every new row for the length of this test.
    await db().execute(
      sql.raw('ALTER TABLE pending_mail ADD CONSTRAINT refuse_mail CHECK (false) NOT VALID'),
    );
    let result;
    try {
      result = await submitContactMessage({
        values: fields({ message: 'Please call me about court coating.' }),
        address: address(),
      });
    } finally {
      await db().execute(sql.raw('ALTER TABLE pending_mail DROP CONSTRAINT refuse_mail'));
    }
    expect(result.status).toBe('stored');
    const id = (result as { id: number }).id;
    const [row] = await stored(id);
    expect(row).toMatchObject({ message: 'Please call me about court coating.', handled: false });
    const queued = await db()
      .select({ n: count() })
      .from(pendingMail)
      .where(sql`${pendingMail.subject} LIKE ${`%#${id} %`}`);
    expect(queued[0]!.n).toBe(0);
  });
});
