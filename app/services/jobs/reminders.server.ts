import { and, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { recordEnquiryEvent } from '../inbox/events.server';
import { db } from '../db/client.server';
import { enquiries, quotations, user } from '../db/schema';
import { env } from '../env.server';
import { orderUrl } from '../inbox/mails.server';
import { singaporeDate } from '../inbox/shared.server';
import { deliverSoon, queueMail } from '../mail/queue.server';
import { quotationReminderMail } from '../sales/mails.server';

/** A quotation the buyer can still act on (expired ones are these past their valid-until). */
const OPEN = ['sent', 'changes_requested'] as const;

/**
 * E-mails each buyer whose open quotation expires within `days` (QUOTATION_REMINDER_DAYS; 0:
 * none) a reminder, once: the quotation's `reminder_sent_at` is set by a conditional UPDATE in
 * the same transaction as the queued mail and the timeline entry, so two instances (or two runs)
 * that pick the same quotation queue one mail between them. Superseded, accepted, declined and
 * already expired quotations get none, nor a guest who left no e-mail address. Returns the
 * numbers of the quotations reminded.
 */
export async function sendExpiryReminders(
  now: Date,
  days = env().quotationReminderDays,
): Promise<string[]> {
  if (days <= 0) return [];
  const horizon = new Date(now.getTime() + days * 86_400_000);
  const due = await db()
    .select({ id: quotations.id })
    .from(quotations)
    .innerJoin(enquiries, eq(enquiries.id, quotations.enquiryId))
    .leftJoin(user, eq(user.id, enquiries.userId))
    .where(
      and(
        inArray(quotations.status, OPEN),
        isNull(quotations.reminderSentAt),
        gt(quotations.validUntil, now),
        lte(quotations.validUntil, horizon),
        or(isNotNull(enquiries.contactEmail), isNotNull(user.email)),
      ),
    )
    .limit(500);
  const reminded: string[] = [];
  for (const { id } of due) {
    const number = await db().transaction(async (tx) => {
      const [claimed] = await tx
        .update(quotations)
        .set({ reminderSentAt: now })
        .where(
          and(
            eq(quotations.id, id),
            isNull(quotations.reminderSentAt),
            inArray(quotations.status, OPEN),
          ),
        )
        .returning({
          number: quotations.number,
          enquiryId: quotations.enquiryId,
          validUntil: quotations.validUntil,
          totalCents: quotations.totalCents,
          gstRegNo: quotations.gstRegNo,
        });
      if (!claimed) return null;
      const [enquiry] = await tx
        .select({
          reference: enquiries.reference,
          name: enquiries.contactName,
          to: sql<string>`coalesce(${enquiries.contactEmail}, ${user.email})`,
          userId: enquiries.userId,
        })
        .from(enquiries)
        .leftJoin(user, eq(user.id, enquiries.userId))
        .where(eq(enquiries.id, claimed.enquiryId));
      const validUntil = singaporeDate(claimed.validUntil);
      await recordEnquiryEvent(tx, {
        enquiryId: claimed.enquiryId,
        kind: 'reminder',
        quotationId: id,
        body: `Reminder e-mailed: quotation ${claimed.number} is valid until ${validUntil}.`,
      });
      await queueMail(tx, [
        quotationReminderMail(
          {
            to: enquiry!.to,
            name: enquiry!.name,
            orderUrl: enquiry!.userId ? orderUrl(claimed.enquiryId) : undefined,
          },
          {
            quotationNumber: claimed.number,
            reference: enquiry!.reference,
            validUntil,
            totalCents: claimed.totalCents,
            gstRegistered: claimed.gstRegNo !== null,
          },
        ),
      ]);
      return claimed.number;
    });
    if (number) reminded.push(number);
  }
  if (reminded.length) deliverSoon();
  return reminded;
}
