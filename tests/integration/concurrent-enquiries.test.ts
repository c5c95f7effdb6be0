// 1,000 enquiries from 50 concurrent clients through the real HTTP endpoint of the built server:
// exactly 1,000 stored, each with all its items, none twice. On PGlite the server gets its own
// data folder (prepared here, then handed over); on PostgreSQL it shares this test file's database.
import { randomUUID } from 'node:crypto';
import { count, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { enquiries, enquiryItems } from '~/services/db/schema';
import { startBuiltServer, type BuiltServer } from '../setup/built-server';
import {
  acknowledged,
  newDataDir,
  prepareCatalogue,
  serverEnv,
  submitEnquiry,
  withServerDatabase,
} from '../setup/enquiry-server';

const TOTAL = 1000;
const CLIENTS = 50;
const dataDir = newDataDir('concurrency');
let server: BuiltServer;
let productIds: number[] = [];

beforeAll(async () => {
  productIds = await prepareCatalogue(dataDir);
  server = await startBuiltServer(serverEnv(TOTAL), { dataDir });
}, 180_000);

afterAll(() => server?.stop());

it(`stores all ${TOTAL} enquiries from ${CLIENTS} concurrent clients once, with all their items`, async () => {
  const keys = Array.from({ length: TOTAL }, () => randomUUID());
  const answers: string[] = [];
  let next = 0;
  // Fifty clients, each sending its next enquiry as soon as the previous one is answered.
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < TOTAL) {
        const i = next++;
        const res = await submitEnquiry(server.base, productIds, keys[i]!, String(i));
        answers.push((await acknowledged(res)) ? 'acknowledged' : `status ${res.status}`);
      }
    }),
  );
  expect(answers.length).toBe(TOTAL);
  expect(answers.filter((a) => a !== 'acknowledged')).toEqual([]);
  await server.stop();

  const { stored, distinct, items, perEnquiry } = await withServerDatabase(
    dataDir,
    async (target) => {
      const rows = await target
        .select({ id: enquiries.id, key: enquiries.idempotencyKey })
        .from(enquiries)
        .where(inArray(enquiries.idempotencyKey, keys));
      const ids = rows.map((r) => r.id);
      const [n] = await target
        .select({ n: count() })
        .from(enquiryItems)
        .where(inArray(enquiryItems.enquiryId, ids));
      const lines = await target
        .select({ n: sql<number>`count(*)::int` })
        .from(enquiryItems)
        .where(inArray(enquiryItems.enquiryId, ids))
        .groupBy(enquiryItems.enquiryId);
      return {
        stored: rows.length,
        distinct: new Set(rows.map((r) => r.key)).size,
        items: n!.n,
        perEnquiry: new Set(lines.map((l) => l.n)),
      };
    },
  );
  expect(stored).toBe(TOTAL);
  expect(distinct).toBe(TOTAL);
  expect(items).toBe(TOTAL * productIds.length);
  expect([...perEnquiry]).toEqual([productIds.length]);
}, 600_000);
