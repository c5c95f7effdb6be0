// A stream of enquiries while the server is killed (SIGKILL, no shutdown) 20 times and started
// again: every enquiry that was acknowledged to its client (the redirect to its confirmation) is there afterwards, with all
// its items. On PGlite (the server's own data folder) or, with TEST_DB=postgres, on PostgreSQL.
import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { enquiries, enquiryItems } from '~/services/db/schema';
import { startBuiltServer, type BuiltServer } from '../setup/built-server';
import {
  acknowledged as isAcknowledged,
  newDataDir,
  prepareCatalogue,
  serverEnv,
  submitEnquiry,
  withServerDatabase,
} from '../setup/enquiry-server';

const ROUNDS = 20;
const CLIENTS = 4;
const dataDir = newDataDir('crash');
let server: BuiltServer;
let productIds: number[] = [];

const start = () => startBuiltServer(serverEnv(5000), { dataDir, timeoutMs: 120_000 });

beforeAll(async () => {
  productIds = await prepareCatalogue(dataDir);
  server = await start();
}, 180_000);

afterAll(() => server?.stop());

it(`keeps every acknowledged enquiry through ${ROUNDS} kills`, async () => {
  const acknowledged: string[] = [];
  let sent = 0;
  let stopping = false;
  let up: Promise<void> = Promise.resolve();

  const client = async (id: number) => {
    while (!stopping) {
      await up;
      const key = randomUUID();
      const base = server.base;
      sent++;
      try {
        const res = await submitEnquiry(base, productIds, key, `${id}-${sent}`);
        if (await isAcknowledged(res)) acknowledged.push(key);
      } catch {
        // Killed mid-request: not acknowledged, so nothing is promised about it.
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  };
  const clients = Array.from({ length: CLIENTS }, (_, i) => client(i));

  for (let round = 0; round < ROUNDS; round++) {
    // Let some enquiries through, then kill in the middle of the stream.
    const before = acknowledged.length;
    const deadline = Date.now() + 10_000;
    while (acknowledged.length < before + 2 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, Math.random() * 150));
    let restarted!: () => void;
    up = new Promise((r) => (restarted = r));
    await server.kill();
    server = await start();
    restarted();
  }
  stopping = true;
  await Promise.all(clients);
  await server.stop();

  expect(acknowledged.length).toBeGreaterThanOrEqual(ROUNDS * 2);
  const found = await withServerDatabase(dataDir, (target) =>
    target
      .select({ key: enquiries.idempotencyKey, items: sql<number>`count(${enquiryItems.id})::int` })
      .from(enquiries)
      .leftJoin(enquiryItems, sql`${enquiryItems.enquiryId} = ${enquiries.id}`)
      .where(inArray(enquiries.idempotencyKey, acknowledged))
      .groupBy(enquiries.id),
  );
  const missing = acknowledged.filter((k) => !found.some((r) => r.key === k));
  expect(missing).toEqual([]);
  expect(found.every((r) => r.items === productIds.length)).toBe(true);
  console.log(
    `crash-durability: ${ROUNDS} kills, ${sent} enquiries sent, ${acknowledged.length} acknowledged, all ${found.length} present`,
  );
}, 900_000);
