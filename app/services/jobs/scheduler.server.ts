import { eq, sql } from 'drizzle-orm';
import { db, rowsOf } from '../db/client.server';
import { scheduledJobs } from '../db/schema';
import { purgeTrash } from '../catalogue/admin-products.server';
import { env } from '../env.server';
import { applyRetention } from '../privacy/retention.server';
import { log } from '../log.server';
import { pruneRealUserSpeed } from '../rum/rum.server';
import { countJobRun } from '../metrics.server';
import { sendExpiryReminders } from './reminders.server';

/** A piece of work that runs on a schedule. `run` gets the time it runs at (a clock tests set). */
export interface Job {
  name: string;
  /** How long after a run the job is due again; 0: at the next tick of any instance. */
  everyMs: number;
  run: (now: Date) => Promise<unknown>;
}

/**
 * Every scheduled job of the shop. Expiry itself needs none: it is computed when read. The
 * reminders' query reads an index of open quotations by expiry, so it runs at every tick. The
 * trash is emptied of what has been in it for 30 days once an hour (a day's precision is enough);
 * the retention rules (anonymising old enquiries and messages, pruning sessions and counters) and
 * the pruning of old real-user speed histograms run once a day.
 */
export const JOBS: readonly Job[] = [
  { name: 'quotation-reminders', everyMs: 0, run: sendExpiryReminders },
  { name: 'trash-purge', everyMs: 60 * 60_000, run: (now) => purgeTrash(now) },
  { name: 'retention', everyMs: 86_400_000, run: (now) => applyRetention(now) },
  { name: 'rum-prune', everyMs: 86_400_000, run: (now) => pruneRealUserSpeed(now) },
];

/**
 * How long a claimed job is left to the instance that claimed it. An instance that dies while
 * running one holds it no longer than this; then another runs it again (the jobs are written
 * so that a second run does nothing twice).
 */
export const LEASE_MS = 5 * 60_000;

/**
 * Runs the jobs that are due at `now`, each in at most one instance at a time across every
 * instance sharing the database: a job's row is claimed with `FOR UPDATE SKIP LOCKED` and a
 * lease (`locked_until`), so an instance that finds it claimed, or not due, passes it by. After
 * the run the row says when it is next due and how the run ended. A failing job is logged and
 * tried again at its next time; the others still run. Returns the names of the jobs it ran.
 */
export async function runDueJobs(now = new Date(), jobs: readonly Job[] = JOBS): Promise<string[]> {
  if (!jobs.length) return [];
  await db()
    .insert(scheduledJobs)
    .values(jobs.map((job) => ({ name: job.name, nextRunAt: now })))
    .onConflictDoNothing();
  const ran: string[] = [];
  for (const job of jobs) {
    // A stopping server finishes the job it is running and claims no other.
    if (stopping) break;
    const claimed = await db().execute(sql`
      UPDATE scheduled_jobs SET locked_until = ${new Date(now.getTime() + LEASE_MS)}, updated_at = ${now}
       WHERE name IN (
         SELECT name FROM scheduled_jobs
          WHERE name = ${job.name} AND next_run_at <= ${now}
            AND (locked_until IS NULL OR locked_until <= ${now})
          FOR UPDATE SKIP LOCKED)
      RETURNING name`);
    if (!rowsOf(claimed).length) continue;
    let error: string | null = null;
    const started = performance.now();
    try {
      await job.run(now);
      countJobRun(job.name, 'ok');
      log().info({ job: job.name, ms: Math.round(performance.now() - started) }, 'Job ran');
    } catch (e) {
      error = e instanceof Error ? e.message.slice(0, 500) : String(e);
      countJobRun(job.name, 'failed');
      log().error({ job: job.name, err: e }, 'Scheduled job failed');
    }
    await db()
      .update(scheduledJobs)
      .set({
        nextRunAt: new Date(now.getTime() + job.everyMs),
        lockedUntil: null,
        lastRunAt: now,
        lastError: error,
      })
      .where(eq(scheduledJobs.name, job.name));
    ran.push(job.name);
  }
  return ran;
}

let timer: NodeJS.Timeout | undefined;
let running: Promise<unknown> = Promise.resolve();
let stopping = false;

/**
 * Looks for due jobs now and then every JOBS_INTERVAL_MS (a minute by default) in this process.
 * Every instance runs this; the claim in runDueJobs keeps a job to one of them. The timer does
 * not keep the process alive, and a tick that is still running is not started again.
 */
export function startScheduler(intervalMs = env().jobsIntervalMs): void {
  if (timer) return;
  stopping = false;
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    running = runDueJobs()
      .catch((error: unknown) => log().error({ err: error }, 'Scheduled jobs failed'))
      .finally(() => {
        busy = false;
      });
  };
  timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
}

/** Stops the ticks and waits for a run in progress to end (shutdown, tests). */
export async function stopScheduler(): Promise<void> {
  stopping = true;
  clearInterval(timer);
  timer = undefined;
  await running;
}
