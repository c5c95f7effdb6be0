// Several machines: two built servers, each with its own DATA_DIR (nothing shared on disk), one
// PostgreSQL and one S3 server, as two machines behind a load balancer would run. What one does
// the other sees: images, catalogue edits (through the guest page cache), sessions and their end,
// the sign-in limits and the per-account lock; and what both could do (send a queued mail, run a
// scheduled job) is done once. PostgreSQL only: the embedded database belongs to one process.
// A catalogue change reaching another instance's caches is shown module by module in
// taxonomy-instances.test.ts, and reminders from processes sharing one folder in
// scheduled-jobs.test.ts; this file is about machines that share nothing but the services.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCategory, createCustomer, createQuotation, createSport } from '../factories';
import { db } from '~/services/db/client.server';
import { pendingMail, productImages, products, quotations } from '~/services/db/schema';
import { newDataDir, submitEnquiry } from '../setup/enquiry-server';
import { startBuiltServer, type BuiltServer } from '../setup/built-server';
import { startS3, type S3TestServer } from '../setup/s3';
import {
  imageSources,
  postProductForm,
  sessionCookie,
  signInOver,
  signOutOver,
  testImage,
  uploadProduct,
} from '../setup/shop-http';

const postgres = process.env.TEST_DB === 'postgres';

const ADMIN = { email: 'two-machines-admin@example.com', password: 'two machines admin password' };

/** What every machine is given: the same database, bucket, secret and settings. */
function sharedEnv(s3: S3TestServer, databaseUrl: string): Record<string, string> {
  return {
    ...s3.env,
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: 'm'.repeat(40),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // The tests speak for several clients through X-Forwarded-For, as a load balancer would.
    TRUST_PROXY: '1',
    AUTH_RATE_LIMIT_MAX: '4',
    JOBS_INTERVAL_MS: '150',
  };
}

/** Every mail file written to either machine's outbox (mail without SMTP_URL). */
function outboxes(...servers: BuiltServer[]): string[] {
  return servers.flatMap((server) => {
    const dir = path.join(server.dataDir, 'outbox');
    if (!existsSync(dir)) return [];
    return readdirSync(dir).map((f) => readFileSync(path.join(dir, f), 'utf8'));
  });
}

describe.skipIf(!postgres)('two machines: one database, one bucket', () => {
  let s3: S3TestServer;
  let a: BuiltServer;
  let b: BuiltServer;
  let sportId: number;
  let categoryId: number;
  let productId: number;

  beforeAll(async () => {
    s3 = await startS3();
    sportId = (await createSport({ name: 'Hockey' })).id;
    categoryId = (await createCategory({ name: 'Goals' })).id;
    const env = sharedEnv(s3, process.env.DATABASE_URL!);
    // Started together, as machines behind a load balancer are.
    [a, b] = await Promise.all([
      startBuiltServer(env, { dataDir: newDataDir('machine-a') }),
      startBuiltServer(env, { dataDir: newDataDir('machine-b') }),
    ]);
  }, 240_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await s3?.close();
  });

  it('serves on B an image uploaded through A, from the bucket', async () => {
    const cookie = await sessionCookie(a.base, ADMIN.email, ADMIN.password);
    productId = await uploadProduct(
      a.base,
      cookie,
      { name: 'Hockey goal 3.66 m', sportId, categoryIds: [categoryId] },
      await testImage(1),
    );
    const page = await fetch(`${b.base}/products/${productId}`);
    expect(page.status).toBe(200);
    const sources = imageSources(await page.text()).filter((src) =>
      src.startsWith('/media/products/'),
    );
    expect(sources.length).toBeGreaterThan(1); // the JPEG and its WebP variants
    for (const src of sources) {
      const image = await fetch(`${b.base}${src}`);
      expect(image.status, src).toBe(200);
      expect(image.headers.get('content-type'), src).toMatch(/^image\/(jpeg|webp)$/);
      expect(image.headers.get('cache-control'), src).toContain('immutable');
    }
    // Neither machine kept a copy on its own disk.
    for (const server of [a, b])
      expect(existsSync(path.join(server.dataDir, 'uploads'))).toBe(false);
  });

  it('shows a catalogue edit made on A on B within a second, its guest page cache included', async () => {
    const url = `${b.base}/products/${productId}`;
    await fetch(url);
    const warm = await fetch(url);
    expect(warm.headers.get('x-cache')).toBe('HIT');
    expect(await warm.text()).toContain('Hockey goal 3.66 m');

    const [row] = await db()
      .select({ revision: products.revision, imageId: productImages.id })
      .from(products)
      .innerJoin(productImages, eq(productImages.productId, products.id))
      .where(eq(products.id, productId));
    const cookie = await sessionCookie(a.base, ADMIN.email, ADMIN.password);
    const saved = await postProductForm(
      a.base,
      cookie,
      {
        name: 'Hockey goal 3.66 m, galvanised',
        sportId,
        categoryIds: [categoryId],
        images: [`existing:${row!.imageId}`],
        revision: row!.revision,
      },
      [],
      productId,
    );
    expect(saved.status).toBe(200);
    const savedAt = Date.now();
    await vi.waitFor(async () => expect(await (await fetch(url)).text()).toContain('galvanised'), {
      timeout: 5000,
      interval: 50,
    });
    // At most a second of staleness, plus a little scheduling slack on a busy machine.
    expect(Date.now() - savedAt).toBeLessThanOrEqual(1500);
  });

  it('accepts on B a session made on A, and ends it there when A signs out', async () => {
    const customer = await createCustomer({ email: `two-machines-${randomUUID()}@school.example` });
    const cookie = await sessionCookie(a.base, customer.email, customer.password);
    const profile = () => fetch(`${b.base}/profile`, { headers: { cookie }, redirect: 'manual' });
    const before = await profile();
    expect(before.status).toBe(200);
    expect(await before.text()).toContain(customer.email);

    await signOutOver(a.base, cookie);
    const after = await profile();
    expect(after.status).toBe(302);
    expect(after.headers.get('location')).toMatch(/^\/login/);
  });

  it('counts sign-in attempts from one address across both machines', async () => {
    // AUTH_RATE_LIMIT_MAX=4 a minute: two on A and two on B are all there is. Each machine's own
    // in-memory limiter has seen at most three, so a refusal of the fifth is the shared count.
    const from = '203.0.113.7';
    const attempt = (server: BuiltServer) =>
      signInOver(server.base, `nobody-${randomUUID()}@example.com`, 'wrong password', from);
    for (const server of [a, a, b, b]) expect((await attempt(server)).status).toBe(401);
    const refused = await attempt(b);
    expect(refused.status).toBe(429);
  });

  it('locks an account on B after wrong passwords tried on A and B', async () => {
    const customer = await createCustomer({ email: `lock-${randomUUID()}@school.example` });
    // Each guess from another address, so only the account's own count can stop them.
    const from = (i: number) => `198.51.100.${i + 10}`;
    for (const [i, server] of [a, b, a, b, a].entries()) {
      const res = await signInOver(server.base, customer.email, 'not the password', from(i));
      expect(res.status, `guess ${i + 1}`).toBe(401);
    }
    // B has seen two wrong passwords; the account has had five.
    const locked = await signInOver(b.base, customer.email, customer.password, from(9));
    expect(locked.status).toBe(429);
    expect(await locked.text()).toContain('Too many wrong passwords for this account');
  });

  it('sends each queued mail once and runs each scheduled reminder once', async () => {
    // Quotations entering their reminder window while both machines look for due work every
    // 150 ms; an enquiry through A, whose mails either machine may deliver.
    const made: { id: number; number: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const q = await createQuotation({
        validUntil: new Date(Date.now() + 86_400_000),
        enquiry: { contactEmail: `reminder-${i}-${randomUUID()}@school.example` },
      });
      made.push({ id: q.id, number: q.number });
      await new Promise((r) => setTimeout(r, 60));
    }
    const label = randomBytes(4).toString('hex');
    const enquiry = await submitEnquiry(a.base, [productId], randomUUID(), label);
    expect(enquiry.status).toBeLessThan(400);

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
    // The enquiry's mails as queued (to the buyer and to the shop), each to arrive once.
    const buyer = `buyer-${label}@school.example`;
    const queued = await db()
      .select({ id: pendingMail.id })
      .from(pendingMail)
      .where(eq(pendingMail.to, buyer));
    expect(queued.length).toBeGreaterThan(0);
    // The header line itself: the shop's copy names the buyer in Reply-To.
    const toBuyer = (mails: string[]) =>
      mails.filter((m) => m.split(/\r?\n/).some((line) => line === `To: ${buyer}`));
    await vi.waitFor(
      () => {
        const mails = outboxes(a, b);
        for (const q of made) {
          const about = mails.filter((m) => m.includes(`Subject: Quotation ${q.number} expires`));
          expect(about, q.number).toHaveLength(1);
        }
        expect(toBuyer(mails)).toHaveLength(queued.length);
      },
      { timeout: 30_000, interval: 250 },
    );
    // Many more rounds on both machines: nothing is sent again.
    await new Promise((r) => setTimeout(r, 2000));
    const mails = outboxes(a, b);
    for (const q of made) {
      expect(
        mails.filter((m) => m.includes(`Subject: Quotation ${q.number} expires`)),
      ).toHaveLength(1);
    }
    expect(toBuyer(mails)).toHaveLength(queued.length);
    expect(a.errors() + b.errors()).toBe('');
  }, 90_000);
});

describe.skipIf(!postgres)('two machines starting at once on an empty database', () => {
  const servers: BuiltServer[] = [];
  let s3: S3TestServer;
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await s3?.close();
  });

  it('both come up: one migrates and creates the admin, the other waits for it', async () => {
    s3 = await startS3();
    const name = `t_fresh_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = process.env.TEST_DATABASE_URL!.replace(/\/[^/]*$/, `/${name}`);
    const env = sharedEnv(s3, url);
    const started = await Promise.allSettled([
      startBuiltServer(env, { dataDir: newDataDir('fresh-a') }),
      startBuiltServer(env, { dataDir: newDataDir('fresh-b') }),
    ]);
    for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
    expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'up'))).toEqual([
      'up',
      'up',
    ]);
    for (const server of servers) {
      expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
      await sessionCookie(server.base, ADMIN.email, ADMIN.password);
    }
  }, 240_000);
});
