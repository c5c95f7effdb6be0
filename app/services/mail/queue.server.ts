import { and, eq, inArray, sql } from 'drizzle-orm';
import { db, type Database } from '../db/client.server';
import { pendingMail, type MailAttachment } from '../db/schema';
import { log } from '../log.server';
import { countMail } from '../metrics.server';
import { sendMail, type MailMessage } from './mailer.server';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Queues messages inside the caller's transaction: they exist exactly when its data does. */
export async function queueMail(tx: Tx | Database, messages: MailMessage[]): Promise<void> {
  if (!messages.length) return;
  await tx.insert(pendingMail).values(
    messages.map((m) => ({
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html ?? null,
      replyTo: m.replyTo ?? null,
      attachments: (m.attachments ?? []).map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        contentBase64: a.content.toString('base64'),
      })),
    })),
  );
}

type QueuedRow = {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  reply_to: string | null;
  attachments: MailAttachment[] | null;
  attempts: number;
};

/** Backoff after the n-th failed attempt: 1, 2, 4 … minutes, at most 6 hours. */
function backoffSeconds(attempts: number): number {
  return Math.min(6 * 3600, 60 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Sends queued mail that is due. Rows are claimed with `FOR UPDATE SKIP LOCKED` and a lease, so
 * several instances never send one message twice. A failure is recorded and retried later.
 * Returns how many were sent and how many failed.
 */
export async function deliverPendingMail(limit = 20): Promise<{ sent: number; failed: number }> {
  // Rounds queued behind one another (each commit starts one) end here once the server stops.
  if (stopped) return { sent: 0, failed: 0 };
  const claimed = await db().execute<QueuedRow>(sql`
    UPDATE pending_mail SET locked_until = now() + interval '2 minutes', attempts = attempts + 1
     WHERE id IN (
       SELECT id FROM pending_mail
        WHERE sent_at IS NULL AND next_attempt_at <= now()
          AND (locked_until IS NULL OR locked_until < now())
        ORDER BY id LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
    RETURNING id, "to", subject, text, html, reply_to, attachments, attempts`);
  const rows = (Array.isArray(claimed) ? claimed : claimed.rows) as QueuedRow[];
  let sent = 0;
  let failed = 0;
  for (const [index, row] of rows.entries()) {
    if (stopped) {
      // A stopping server sends no more: the rest of the round goes back to the queue at once
      // (not after its lease), uncounted, for the next process or another instance to send.
      await releaseClaims(rows.slice(index).map((r) => r.id));
      break;
    }
    try {
      await sendMail({
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
        replyTo: row.reply_to ?? undefined,
        attachments: (row.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.contentBase64, 'base64'),
        })),
      });
      await db()
        .update(pendingMail)
        .set({ sentAt: new Date(), lockedUntil: null, lastError: null })
        .where(eq(pendingMail.id, row.id));
      sent++;
      // The row's id, never its address or subject: the row says those to whoever may read them.
      log().info({ mailId: row.id, attempt: row.attempts }, 'Mail sent');
    } catch (error) {
      failed++;
      log().warn(
        { mailId: row.id, attempt: row.attempts, err: error },
        'Mail could not be sent; it is tried again later',
      );
      await db()
        .update(pendingMail)
        .set({
          lockedUntil: null,
          lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
          nextAttemptAt: new Date(Date.now() + backoffSeconds(row.attempts) * 1000),
        })
        .where(and(eq(pendingMail.id, row.id)));
    }
  }
  countMail('sent', sent);
  countMail('failed', failed);
  // Not on every round (each enquiry and reply starts one): once an hour is soon enough.
  if (Date.now() - lastForgotten > 3_600_000) {
    lastForgotten = Date.now();
    await forgetSentBodies();
  }
  return { sent, failed };
}

let lastForgotten = 0;

/** Set while the server stops: no new delivery round starts, and one under way stops early. */
let stopped = false;

async function releaseClaims(ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db()
    .update(pendingMail)
    .set({ lockedUntil: null, attempts: sql`${pendingMail.attempts} - 1` })
    .where(inArray(pendingMail.id, ids));
  log().info({ released: ids.length }, 'Mail left in the queue for the next start');
}

/** How long a sent message's body is kept (to look into a delivery problem), in days. */
export const SENT_BODY_DAYS = 7;

/**
 * Blanks the bodies of messages sent more than SENT_BODY_DAYS ago; the row stays as a record
 * (to, subject, when). A body may hold a guest enquiry's link, whose token the database otherwise
 * keeps only as a hash, and a quotation's PDF, which the quotation keeps itself.
 */
export async function forgetSentBodies(): Promise<void> {
  await db().execute(sql`
    UPDATE pending_mail SET text = '', html = NULL, attachments = '[]'::jsonb
     WHERE id IN (
       SELECT id FROM pending_mail
        WHERE sent_at < now() - make_interval(days => ${SENT_BODY_DAYS}) AND text <> ''
        LIMIT 100)`);
}

let inFlight: Promise<unknown> = Promise.resolve();

/** Starts a delivery round in the background (after a commit); failures are logged and retried. */
export function deliverSoon(): void {
  if (stopped) return; // the mail stays queued: the next process sends it when it starts
  inFlight = inFlight
    .then(() => deliverPendingMail())
    .catch((error: unknown) => log().error({ err: error }, 'Mail delivery failed'));
}

/**
 * Runs `task` (one that queues mail) in the background, then a delivery round: for mail whose
 * request must not wait for it (a password reset, whose answer's timing must not tell whether
 * the address has an account). Failures are logged; mailSettled() waits for it too.
 */
export function queueInBackground(task: () => Promise<unknown>): void {
  inFlight = inFlight
    .then(task)
    .then(() => (stopped ? undefined : deliverPendingMail()))
    .catch((error: unknown) => log().error({ err: error }, 'Queueing or delivering mail failed'));
}

/**
 * Resolves when the background work queued so far has finished, including work queued while it
 * waited (shutdown, tests).
 */
export async function mailSettled(): Promise<void> {
  let current: Promise<unknown>;
  do {
    current = inFlight;
    await current;
  } while (current !== inFlight);
}

let timer: NodeJS.Timeout | undefined;

/** Retries due mail every minute in this process (started at boot; several instances are safe). */
export function startMailRetries(intervalMs = 60_000): void {
  stopped = false;
  if (timer) return;
  timer = setInterval(() => {
    deliverPendingMail().catch((error: unknown) =>
      log().error({ err: error }, 'Mail retry failed'),
    );
  }, intervalMs);
  timer.unref();
}

/**
 * Stops taking mail to send (shutdown): no more retries or delivery rounds in this process, and a
 * round under way ends after the message it is sending. Mail queued from now on stays in the
 * queue. Resolves when the background work started so far has finished.
 */
export function stopMailQueue(): Promise<unknown> {
  stopped = true;
  clearInterval(timer);
  timer = undefined;
  return inFlight;
}
