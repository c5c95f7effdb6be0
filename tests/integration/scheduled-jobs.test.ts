// Scheduled jobs across server processes: two processes on one PostgreSQL (WEB_CONCURRENCY=2)
// both look for due jobs every 150 ms, and each quotation that enters its reminder window gets
// exactly one reminder, whether it was there before they started or arrived while they ran.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inArray, isNull, and } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createQuotation } from '../factories';
import { db } from '~/services/db/client.server';
import { pendingMail, quotations } from '~/services/db/schema';
import { startBuiltServer, type BuiltServer } from '../setup/built-server';
import { childrenOf } from '../setup/processes';

const postgres = process.env.TEST_DB === 'postgres';

describe.skipIf(!postgres)('expiry reminders from two server processes', () => {
  let server: BuiltServer;
  afterAll(() => server?.stop());

  it('are each sent once', async () => {
    const due = () => ({ validUntil: new Date(Date.now() + 86_400_000) });
    const made: { id: number; number: string; to: string }[] = [];
    const add = async (i: number) => {
      const to = `two-processes-${i}@school.example`;
      const q = await createQuotation({ ...due(), enquiry: { contactEmail: to } });
      made.push({ id: q.id, number: q.number, to });
    };
    for (let i = 0; i < 5; i++) await add(i);

    server = await startBuiltServer(
      {
        WEB_CONCURRENCY: '2',
        DATABASE_URL: process.env.DATABASE_URL!,
        AUTH_SECRET: 's'.repeat(40),
        JOBS_INTERVAL_MS: '150',
      },
      { timeoutMs: 120_000 },
    );
    await vi.waitFor(() => expect(server.stdout()).toContain('(2 processes)'), {
      timeout: 60_000,
      interval: 100,
    });
    expect(childrenOf(server.child.pid!)).toHaveLength(2);

    // More quotations arrive while both processes tick.
    for (let i = 5; i < 20; i++) {
      await add(i);
      await new Promise((r) => setTimeout(r, 40));
    }
    const ids = made.map((q) => q.id);
    await vi.waitFor(
      async () => {
        const waiting = await db()
          .select({ id: quotations.id })
          .from(quotations)
          .where(and(inArray(quotations.id, ids), isNull(quotations.reminderSentAt)));
        expect(waiting).toEqual([]);
      },
      { timeout: 30_000, interval: 200 },
    );
    // Many more ticks in both processes: nothing more is sent.
    await new Promise((r) => setTimeout(r, 2000));

    const queued = await db()
      .select({ to: pendingMail.to, subject: pendingMail.subject })
      .from(pendingMail)
      .where(
        inArray(
          pendingMail.to,
          made.map((q) => q.to),
        ),
      );
    expect(queued.map((m) => m.to).sort()).toEqual(made.map((q) => q.to).sort());
    // And delivered once: the outbox holds one file per reminder.
    await vi.waitFor(
      () => {
        const outbox = path.join(server.dataDir, 'outbox');
        const files = readdirSync(outbox).map((f) => readFileSync(path.join(outbox, f), 'utf8'));
        for (const q of made) {
          const about = files.filter((f) => f.includes(`Subject: Quotation ${q.number} expires`));
          expect(about, q.number).toHaveLength(1);
        }
      },
      { timeout: 30_000, interval: 250 },
    );
    expect(server.errors()).not.toMatch(/Scheduled job/);
  }, 240_000);
});
