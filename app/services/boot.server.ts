import { sql } from 'drizzle-orm';
import { accountExists, createOrPromoteAdmin } from './accounts/admins.server';
import { deliverSoon, startMailRetries, stopMailQueue } from './mail/queue.server';
import { db } from './db/client.server';
import { migrateDatabase, underBootLock } from './db/migrate.server';
import { lockDataDir } from './data-lock.server';
import { env } from './env.server';
import { log } from './log.server';
import { companyPictures } from './media/company-images.server';
import { startScheduler, stopScheduler } from './jobs/scheduler.server';
import { ensureDemoAdmin, isCatalogueEmpty, seedDemoCatalogue } from './seed.server';

/**
 * Everything the server does before it listens: validate the configuration, lock the embedded
 * database's folder, migrate, seed the demo catalogue into an empty database, and create the
 * configured admin. Throws a ConfigError or DataDirLockedError with a message for the operator.
 */
export async function boot(
  say: (line: string) => void = (line) => log().info(line),
): Promise<void> {
  const config = env();
  if (config.database.kind === 'pglite' && config.database.dir) lockDataDir(config.dataDir);
  await underBootLock(async () => {
    await migrateDatabase();
    if (config.seedDemo && (await isCatalogueEmpty())) {
      say('Empty database: loading the demo catalogue…');
      await seedDemoCatalogue({ log: say });
      // Its password is a secret and its address an address: the log says only where they are.
      if (await ensureDemoAdmin()) {
        say(`Demo admin created: its e-mail and password are in ${config.dataDir}/demo-admin.txt`);
      }
    }
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD && !(await accountExists(config.ADMIN_EMAIL))) {
      await createOrPromoteAdmin({
        email: config.ADMIN_EMAIL,
        name: 'Administrator',
        password: config.ADMIN_PASSWORD,
      });
      say('Admin created from ADMIN_EMAIL.');
    }
  });
  // The company pages' drawn pictures are found in storage (or drawn, on the first start) now, in
  // the background, not for the first visitor.
  companyPictures().catch((error: unknown) =>
    log().error({ err: error }, 'Drawing the company pictures failed (retried on the next visit)'),
  );
  // Mail queued while the mail server was down (or by a previous run) goes out now and every minute.
  startMailRetries();
  deliverSoon();
  // Quotation reminders and any other scheduled work: every instance looks, one runs each job.
  startScheduler();
}

/**
 * Stops the mail queue and the scheduler from taking new work; resolves when the message being
 * sent and the job running now, if any, have finished. What is left waits in the database.
 */
export async function stopBackgroundWork(): Promise<void> {
  await Promise.all([stopScheduler(), stopMailQueue()]);
}

/** Whether the database answers a trivial query within the time limit. */
export async function isDatabaseHealthy(timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      db()
        .execute(sql`select 1`)
        .then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
