// A stopping server takes no new background work: the scheduler claims no further job, and the
// mail queue sends no further message, handing the ones it had claimed back to the queue.
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { stopBackgroundWork } from './boot.server';
import { db } from './db/client.server';
import { pendingMail, scheduledJobs } from './db/schema';
import { runDueJobs, type Job } from './jobs/scheduler.server';
import {
  deliverPendingMail,
  deliverSoon,
  mailSettled,
  queueInBackground,
  queueMail,
  startMailRetries,
  stopMailQueue,
} from './mail/queue.server';

afterAll(async () => {
  await stopMailQueue();
});

describe('stopping the background work', () => {
  it('lets the running job finish and claims no other', async () => {
    const ran: string[] = [];
    const first: Job = {
      name: 'test-stop-first',
      everyMs: 60_000,
      run: async () => {
        ran.push('first');
        // The signal comes while this job runs.
        void stopBackgroundWork();
        await new Promise((r) => setTimeout(r, 50));
        ran.push('first finished');
      },
    };
    const second: Job = {
      name: 'test-stop-second',
      everyMs: 60_000,
      run: async () => void ran.push('second'),
    };
    const now = new Date();
    expect(await runDueJobs(now, [first, second])).toEqual(['test-stop-first']);
    expect(ran).toEqual(['first', 'first finished']);
    const rows = await db()
      .select({ name: scheduledJobs.name, lastRunAt: scheduledJobs.lastRunAt })
      .from(scheduledJobs)
      .where(inArray(scheduledJobs.name, [first.name, second.name]))
      .orderBy(scheduledJobs.name);
    // The second is still due, unclaimed, for the next process.
    expect(rows).toEqual([
      { name: 'test-stop-first', lastRunAt: now },
      { name: 'test-stop-second', lastRunAt: null },
    ]);
  });

  it('sends no more mail, and gives back the claimed messages at once', async () => {
    startMailRetries(3_600_000);
    await queueMail(
      db(),
      [1, 2, 3].map((n) => ({ to: `stop-${n}@school.example`, subject: `Stop ${n}`, text: 'x' })),
    );
    const queued = () =>
      db()
        .select({
          sentAt: pendingMail.sentAt,
          lockedUntil: pendingMail.lockedUntil,
          attempts: pendingMail.attempts,
        })
        .from(pendingMail)
        .where(inArray(pendingMail.subject, ['Stop 1', 'Stop 2', 'Stop 3']));

    // The signal comes after a round has claimed the messages, before it sends one.
    const round = deliverPendingMail();
    const stopped = stopMailQueue();
    expect(await round).toEqual({ sent: 0, failed: 0 });
    await stopped;
    const unsent = { sentAt: null, lockedUntil: null, attempts: 0 };
    expect(await queued()).toEqual([unsent, unsent, unsent]);

    // A commit after the signal (an enquiry in flight) starts no delivery: its mail waits.
    deliverSoon();
    await mailSettled();
    expect(await queued()).toEqual([unsent, unsent, unsent]);

    // Mail a request queues after its answer (a reset link), once the server is stopping, is
    // queued, not sent; waiting for the background work waits for it too, though it came later.
    const settled = mailSettled();
    queueInBackground(async () => {
      await new Promise((r) => setTimeout(r, 100));
      await queueMail(db(), [{ to: 'stop-4@school.example', subject: 'Stop 4', text: 'x' }]);
    });
    await settled;
    const fourth = await db()
      .select({ sentAt: pendingMail.sentAt })
      .from(pendingMail)
      .where(inArray(pendingMail.subject, ['Stop 4']));
    expect(fourth).toEqual([{ sentAt: null }]);

    // The next start sends them.
    startMailRetries(3_600_000);
    expect(await deliverPendingMail()).toEqual({ sent: 4, failed: 0 });
  });
});
