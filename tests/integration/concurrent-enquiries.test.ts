// 200 enquiries sent concurrently (20 at a time) through the real HTTP endpoint of the built
// server all end up stored with all their items. On PGlite the server gets its own data folder
// (prepared here, then handed over); on PostgreSQL it shares this test file's database.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, inArray } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connect, db, type Database } from '~/services/db/client.server';
import { enquiries, enquiryItems, products, sports } from '~/services/db/schema';

const TOTAL = 200;
const AT_ONCE = 20;
const postgres = process.env.TEST_DB === 'postgres';
const dataDir = mkdtempSync(path.join(tmpdir(), 'fieldhouse-concurrency-'));
let server: ChildProcess;
let base: string;
let productIds: number[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function seed(target: Database) {
  const [sport] = await target
    .insert(sports)
    .values({ name: 'Football', slug: `football-${randomUUID()}` })
    .returning();
  const rows = await target
    .insert(products)
    .values(
      [1, 2, 3].map((i) => ({
        name: `Goal ${i}`,
        slug: `goal-${i}-${randomUUID()}`,
        sportId: sport!.id,
      })),
    )
    .returning({ id: products.id });
  productIds = rows.map((r) => r.id);
}

/** Runs `fn` on the database the server uses (on PGlite, only while the server is stopped). */
async function withServerDatabase<T>(fn: (target: Database) => Promise<T>): Promise<T> {
  if (postgres) return fn(db());
  const connection = connect({ kind: 'pglite', dir: path.join(dataDir, 'db') });
  try {
    return await fn(connection.db);
  } finally {
    await connection.close();
  }
}

beforeAll(async () => {
  if (!existsSync('build/server/index.js')) {
    execFileSync(process.execPath, ['node_modules/@react-router/dev/bin.js', 'build'], {
      stdio: 'inherit',
    });
  }
  await withServerDatabase(async (target) => {
    if (!postgres) await migrate(target, { migrationsFolder: 'drizzle' });
    await seed(target);
  });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: postgres ? process.env.DATABASE_URL : '',
      SEED_DEMO: '0',
      PUBLIC_URL: base,
      ENQUIRY_RATE_LIMIT_MAX: String(TOTAL * 2),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // starting
    }
    if (i > 300) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
}, 180_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
});

function submit(i: number) {
  const body = new URLSearchParams({
    intent: 'enquire',
    idempotencyKey: randomUUID(),
    message: `Enquiry number ${i}`,
    email: `buyer${i}@school.example`,
    items: JSON.stringify(productIds.map((productId, n) => ({ productId, quantity: n + 1 }))),
  });
  return fetch(`${base}/cart`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body,
    redirect: 'manual',
  });
}

it(`stores all ${TOTAL} concurrent enquiries with all their items`, async () => {
  const statuses: number[] = [];
  for (let start = 0; start < TOTAL; start += AT_ONCE) {
    const batch = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, k) => submit(start + k).then((r) => r.status)),
    );
    statuses.push(...batch);
  }
  expect(statuses.filter((s) => s !== 200)).toEqual([]);
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));

  const [stored, items] = await withServerDatabase(async (target) => {
    const ids = (await target.select({ id: enquiries.id }).from(enquiries)).map((e) => e.id);
    const [n] = await target
      .select({ n: count() })
      .from(enquiryItems)
      .where(inArray(enquiryItems.enquiryId, ids));
    return [ids.length, n!.n] as const;
  });
  expect(stored).toBe(TOTAL);
  expect(items).toBe(TOTAL * productIds.length);
}, 240_000);
