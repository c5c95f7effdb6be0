import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createCustomer,
  createEnquiry,
  createProduct,
  createQuotation,
} from '../../../tests/factories';
import { db } from '../db/client.server';
import { mailSettled } from '../mail/queue.server';
import {
  auditLog,
  enquiryEvents,
  enquiryItems,
  pendingMail,
  products,
  quotations,
  scheduledJobs,
} from '../db/schema';
import { sendExpiryReminders } from './reminders.server';
import { JOBS, LEASE_MS, runDueJobs, type Job } from './scheduler.server';

// Deliveries started in the background finish before the database closes.
afterAll(() => mailSettled());

const DAY = 86_400_000;

const remindersTo = (to: string) =>
  db()
    .select({ subject: pendingMail.subject, text: pendingMail.text, replyTo: pendingMail.replyTo })
    .from(pendingMail)
    .where(eq(pendingMail.to, to))
    .orderBy(pendingMail.id);

describe('expiry reminders', () => {
  it('go once, inside the window before expiry, and never before it', async () => {
    const expires = new Date('2050-03-20T15:59:59Z'); // end of 20 Mar 2050 in Singapore
    const q = await createQuotation({
      validUntil: expires,
      enquiry: { contactEmail: 'remind@school.example' },
    });
    // Four days before: outside the three-day window.
    expect(await sendExpiryReminders(new Date(expires.getTime() - 4 * DAY), 3)).toEqual([]);
    expect(await remindersTo('remind@school.example')).toEqual([]);
    // Inside it: one reminder.
    const inside = new Date(expires.getTime() - 3 * DAY + 60_000);
    expect(await sendExpiryReminders(inside, 3)).toEqual([q.number]);
    // Later runs, also on the last day, send nothing more.
    expect(await sendExpiryReminders(new Date(expires.getTime() - DAY), 3)).toEqual([]);
    expect(await sendExpiryReminders(new Date(expires.getTime() - 60_000), 3)).toEqual([]);

    const mails = await remindersTo('remind@school.example');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Quotation ${q.number} expires on 20 Mar 2050`);
    expect(mails[0]!.text).toContain(`Our quotation ${q.number} for your enquiry ${q.reference}`);
    expect(mails[0]!.text).toContain('S$2,943.05 including GST');
    expect(mails[0]!.text).toContain(
      'To accept it, use the link in our quotation e-mail, or simply reply to this e-mail.',
    );
    expect(mails[0]!.replyTo).toBe('hello@fieldhouse.example');
    const [row] = await db()
      .select({ at: quotations.reminderSentAt })
      .from(quotations)
      .where(eq(quotations.id, q.id));
    expect(row!.at).toEqual(inside);
    const events = await db()
      .select({
        kind: enquiryEvents.kind,
        body: enquiryEvents.body,
        actor: enquiryEvents.actorName,
      })
      .from(enquiryEvents)
      .where(eq(enquiryEvents.enquiryId, q.enquiryId));
    expect(events).toEqual([
      {
        kind: 'reminder',
        body: `Reminder e-mailed: quotation ${q.number} is valid until 20 Mar 2050.`,
        actor: null,
      },
    ]);
  });

  it('say no GST is charged on a quotation sent while not GST-registered', async () => {
    const expires = new Date('2050-05-20T15:59:59Z');
    await createQuotation({
      validUntil: expires,
      gstRegNo: null,
      enquiry: { contactEmail: 'remind-no-gst@school.example' },
    });
    await sendExpiryReminders(new Date(expires.getTime() - DAY), 3);
    const [mail] = await remindersTo('remind-no-gst@school.example');
    expect(mail!.text).toContain('(S$2,700.05, no GST charged) is valid until 20 May 2050.');
    expect(mail!.text).not.toContain('including GST');
  });

  it('tell a signed-in buyer about My Enquiries', async () => {
    const buyer = await createCustomer({ email: 'account-buyer@school.example' });
    const expires = new Date('2051-01-10T15:59:59Z');
    await createQuotation({
      validUntil: expires,
      enquiry: { userId: buyer.id, contactEmail: null },
    });
    await sendExpiryReminders(new Date(expires.getTime() - DAY), 3);
    const [mail] = await remindersTo('account-buyer@school.example');
    expect(mail!.text).toContain(
      'To accept it, use the link in our quotation e-mail, or sign in to My Enquiries, or simply reply to this e-mail.',
    );
    expect(mail!.text).toMatch(/http:\/\/localhost:3000\/orders\/\d+/);
  });

  it('skip quotations that are superseded, answered, expired or have nobody to mail', async () => {
    const expires = new Date('2052-06-15T15:59:59Z');
    const now = new Date(expires.getTime() - DAY);
    const open = await createQuotation({ validUntil: expires, status: 'changes_requested' });
    for (const status of ['superseded', 'accepted', 'declined'] as const)
      await createQuotation({ validUntil: expires, status });
    await createQuotation({ validUntil: new Date(now.getTime() - 1000) }); // expired a second ago
    await createQuotation({ validUntil: expires, enquiry: { contactEmail: null } });
    expect(await sendExpiryReminders(now, 3)).toEqual([open.number]);
    // QUOTATION_REMINDER_DAYS=0: none at all.
    await createQuotation({ validUntil: expires });
    expect(await sendExpiryReminders(now, 0)).toEqual([]);
  });

  it('are sent once when two runs pick the same quotations at the same time', async () => {
    const expires = new Date('2053-02-01T15:59:59Z');
    const made = [];
    for (let i = 0; i < 8; i++)
      made.push(
        await createQuotation({
          validUntil: expires,
          enquiry: { contactEmail: `race${i}@school.example` },
        }),
      );
    const now = new Date(expires.getTime() - DAY);
    const [a, b] = await Promise.all([sendExpiryReminders(now, 3), sendExpiryReminders(now, 3)]);
    expect([...a, ...b].sort()).toEqual(made.map((q) => q.number).sort());
    const mails = await db()
      .select({ to: pendingMail.to })
      .from(pendingMail)
      .where(
        inArray(
          pendingMail.to,
          made.map((_, i) => `race${i}@school.example`),
        ),
      );
    expect(mails).toHaveLength(8);
  });
});

describe('the scheduler', () => {
  /** A job that counts its runs (and can be told to fail). */
  const counting = (name: string, fail = false) => {
    const runs: Date[] = [];
    const job: Job = {
      name,
      everyMs: 10 * 60_000,
      run: async (now) => {
        runs.push(now);
        // Long enough that a second runner would overlap it if the claim let it in.
        await new Promise((r) => setTimeout(r, 50));
        if (fail) throw new Error('mail server away');
      },
    };
    return { job, runs };
  };

  it('runs a due job once across runners at the same moment, then when it is due again', async () => {
    const { job, runs } = counting('test-once');
    const now = new Date('2054-01-01T00:00:00Z');
    const results = await Promise.all([
      runDueJobs(now, [job]),
      runDueJobs(now, [job]),
      runDueJobs(now, [job]),
    ]);
    expect(runs).toEqual([now]);
    expect(results.flat()).toEqual(['test-once']);
    const [row] = await db().select().from(scheduledJobs).where(eq(scheduledJobs.name, job.name));
    expect(row).toMatchObject({
      nextRunAt: new Date(now.getTime() + job.everyMs),
      lockedUntil: null,
      lastRunAt: now,
      lastError: null,
    });
    // Not due a minute later; due at its time.
    expect(await runDueJobs(new Date(now.getTime() + 60_000), [job])).toEqual([]);
    expect(await runDueJobs(new Date(now.getTime() + job.everyMs), [job])).toEqual(['test-once']);
    expect(runs).toHaveLength(2);
  });

  it('leaves a job claimed by another instance alone until its lease runs out', async () => {
    const { job, runs } = counting('test-lease');
    const now = new Date('2055-01-01T00:00:00Z');
    await db()
      .insert(scheduledJobs)
      .values({ name: job.name, nextRunAt: now, lockedUntil: new Date(now.getTime() + LEASE_MS) });
    expect(await runDueJobs(now, [job])).toEqual([]);
    expect(await runDueJobs(new Date(now.getTime() + LEASE_MS - 1), [job])).toEqual([]);
    // The instance that claimed it died: after the lease another runs it.
    expect(await runDueJobs(new Date(now.getTime() + LEASE_MS), [job])).toEqual(['test-lease']);
    expect(runs).toHaveLength(1);
  });

  it('records a failure, frees the job and still runs the others', async () => {
    const failing = counting('test-failing', true);
    const fine = counting('test-fine');
    const now = new Date('2056-01-01T00:00:00Z');
    expect(await runDueJobs(now, [failing.job, fine.job])).toEqual(['test-failing', 'test-fine']);
    const [row] = await db()
      .select()
      .from(scheduledJobs)
      .where(eq(scheduledJobs.name, 'test-failing'));
    expect(row).toMatchObject({ lastError: 'mail server away', lockedUntil: null, lastRunAt: now });
    expect(fine.runs).toEqual([now]);
  });

  it('sends the expiry reminders as its job', async () => {
    const expires = new Date('2057-04-01T15:59:59Z');
    const q = await createQuotation({
      validUntil: expires,
      enquiry: { contactEmail: 'job@school.example' },
    });
    const now = new Date(expires.getTime() - DAY);
    await db()
      .update(scheduledJobs)
      .set({ nextRunAt: now })
      .where(eq(scheduledJobs.name, 'quotation-reminders'));
    // The shop's own job list, less the retention job (which would anonymise this file's rows).
    const reminders = JOBS.filter((job) => job.name === 'quotation-reminders');
    expect(await runDueJobs(now, reminders)).toEqual(['quotation-reminders']);
    expect((await remindersTo('job@school.example')).map((m) => m.subject)).toEqual([
      `Quotation ${q.number} expires on 1 Apr 2057`,
    ]);
  });

  it('deletes for good, as its job, what has been in the trash for 30 days; enquiries keep its name', async () => {
    const trashedAt = new Date('2058-01-10T03:00:00Z');
    const product = await createProduct({ name: 'Old Stock Net', deletedAt: trashedAt });
    const enquiry = await createEnquiry();
    await db()
      .insert(enquiryItems)
      .values({ enquiryId: enquiry.id, productId: product.id, productName: 'Old Stock Net' });
    const job = JOBS.find((j) => j.name === 'trash-purge')!;
    const exists = async () =>
      (await db().select().from(products).where(eq(products.id, product.id))).length === 1;

    // A day before its 30 days are up: the job runs and leaves it.
    const early = new Date(trashedAt.getTime() + 29 * DAY);
    await db()
      .insert(scheduledJobs)
      .values({ name: job.name, nextRunAt: early })
      .onConflictDoUpdate({ target: scheduledJobs.name, set: { nextRunAt: early } });
    expect(await runDueJobs(early, [job])).toEqual(['trash-purge']);
    expect(await exists()).toBe(true);
    // The clock moved past the 30 days: gone, named in the log and in the enquiry.
    const late = new Date(trashedAt.getTime() + 30 * DAY + 60_000);
    expect(await runDueJobs(late, [job])).toEqual(['trash-purge']);
    expect(await exists()).toBe(false);
    const [item] = await db()
      .select({ productId: enquiryItems.productId, name: enquiryItems.productName })
      .from(enquiryItems)
      .where(eq(enquiryItems.enquiryId, enquiry.id));
    expect(item).toEqual({ productId: null, name: 'Old Stock Net' });
    const [entry] = await db()
      .select({ action: auditLog.action, name: auditLog.entityName, actor: auditLog.actorName })
      .from(auditLog)
      .where(eq(auditLog.entityId, product.id));
    expect(entry).toEqual({ action: 'purge', name: 'Old Stock Net', actor: 'Trash clean-up' });
  });
});
