import { lt, sql } from 'drizzle-orm';
import { db, rowsOf } from '../db/client.server';
import { pendingMail, rateLimits, session, verification } from '../db/schema';
import { env } from '../env.server';
import { log } from '../log.server';
import { anonymiseContactMessages, anonymiseEnquiries, deleteFiles } from './erase.server';

/** How long personal data is kept (RETENTION_* settings), in months. */
export interface RetentionPeriods {
  enquiryMonths: number;
  contactMonths: number;
}

/** The periods in force: the configured ones. */
export function retentionPeriods(): RetentionPeriods {
  const e = env();
  return { enquiryMonths: e.retentionEnquiryMonths, contactMonths: e.retentionContactMonths };
}

/** Tax invoices and credit notes are kept this long after their financial year (the law's). */
export const INVOICE_RETENTION_YEARS = 5;

/** The same moment `months` calendar months earlier (the 31st becomes the month's last day). */
export function monthsBefore(now: Date, months: number): Date {
  const d = new Date(now);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** Rows anonymised per transaction: short transactions, however much is due at once. */
const BATCH = 500;

export interface RetentionResult {
  enquiries: number;
  messages: number;
  sessions: number;
  rateLimits: number;
  verifications: number;
  mails: number;
}

/**
 * The retention rules, as the scheduled job runs them once a day: enquiries that never became an
 * order and have had no activity (a timeline entry) for RETENTION_ENQUIRY_MONTHS are anonymised
 * (anonymiseEnquiries), contact messages untouched for RETENTION_CONTACT_MONTHS likewise, the
 * records of mail sent before the enquiries' period are deleted, and expired sessions, rate-limit
 * counters and verification tokens too. Enquiries that became
 * orders keep their sale's records (tax invoices never change). Each batch is its own
 * transaction and skips what is already anonymised, so a second run, or a run that stopped
 * half-way, does nothing twice. Logs what it did and returns the counts.
 */
export async function applyRetention(
  now: Date,
  periods: RetentionPeriods = retentionPeriods(),
): Promise<RetentionResult> {
  const enquiryCutoff = monthsBefore(now, periods.enquiryMonths);
  const contactCutoff = monthsBefore(now, periods.contactMonths);
  const result: RetentionResult = {
    enquiries: 0,
    messages: 0,
    sessions: 0,
    rateLimits: 0,
    verifications: 0,
    mails: 0,
  };
  for (;;) {
    const keys: string[] = [];
    const done = await db().transaction(async (tx) => {
      const due = rowsOf<{ id: number }>(
        await tx.execute(sql`
          SELECT e.id FROM enquiries e
           WHERE e.anonymised_at IS NULL AND e.created_at < ${enquiryCutoff}
             AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.enquiry_id = e.id)
             AND NOT EXISTS (SELECT 1 FROM enquiry_events v
                              WHERE v.enquiry_id = e.id AND v.created_at >= ${enquiryCutoff})
           ORDER BY e.id
           LIMIT ${BATCH}
           FOR UPDATE SKIP LOCKED`),
      ).map((r) => Number(r.id));
      keys.push(...(await anonymiseEnquiries(tx, due, now)));
      return due.length;
    });
    await deleteFiles(keys);
    result.enquiries += done;
    if (done < BATCH) break;
  }
  for (;;) {
    const done = await db().transaction(async (tx) => {
      const due = rowsOf<{ id: number }>(
        await tx.execute(sql`
          SELECT m.id FROM contact_messages m
           WHERE m.anonymised_at IS NULL AND m.created_at < ${contactCutoff}
             AND NOT EXISTS (SELECT 1 FROM contact_message_events v
                              WHERE v.message_id = m.id AND v.created_at >= ${contactCutoff})
           ORDER BY m.id
           LIMIT ${BATCH}
           FOR UPDATE SKIP LOCKED`),
      ).map((r) => Number(r.id));
      await anonymiseContactMessages(tx, due, now);
      return due.length;
    });
    result.messages += done;
    if (done < BATCH) break;
  }
  result.sessions = (
    await db().delete(session).where(lt(session.expiresAt, now)).returning({ id: session.id })
  ).length;
  result.rateLimits = (
    await db()
      .delete(rateLimits)
      // As the limits' own pruning: an account's failed passwords count for a day after the last.
      .where(lt(rateLimits.resetAt, new Date(now.getTime() - 86_400_000)))
      .returning({ key: rateLimits.key })
  ).length;
  result.verifications = (
    await db()
      .delete(verification)
      .where(lt(verification.expiresAt, now))
      .returning({ id: verification.id })
  ).length;
  // The record of a sent mail (to whom, subject, when) goes with the enquiries' period.
  result.mails = (
    await db()
      .delete(pendingMail)
      .where(lt(pendingMail.sentAt, enquiryCutoff))
      .returning({ id: pendingMail.id })
  ).length;
  log().info(
    {
      job: 'retention',
      ...result,
      enquiriesIdleSince: enquiryCutoff.toISOString(),
      messagesIdleSince: contactCutoff.toISOString(),
    },
    'Retention: anonymised enquiries and contact messages past their period, pruned sessions, counters, tokens and sent-mail records',
  );
  return result;
}
