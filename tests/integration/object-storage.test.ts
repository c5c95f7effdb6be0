// The built shop with its files in a bucket (a real S3 protocol server, s3rver) and images served
// from the bucket's own address (S3_PUBLIC_URL): an image added through the back office lands in
// the bucket, not on the machine's disk, and the shop page shows it from there, which its
// Content-Security-Policy allows; /media still answers from the bucket for older links; and
// /readyz reports the storage gone when the bucket stops answering. On either engine.
import path from 'node:path';
import { existsSync } from 'node:fs';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, sports } from '~/services/db/schema';
import { startBuiltServer, type BuiltServer } from '../setup/built-server';
import { newDataDir, onPostgres, withServerDatabase } from '../setup/enquiry-server';
import { startS3, type S3TestServer } from '../setup/s3';
import { imageSources, sessionCookie, testImage, uploadProduct } from '../setup/shop-http';

const ADMIN = { email: 'bucket-admin@example.com', password: 'bucket admin password' };

describe('the shop with its files in a bucket', () => {
  let s3: S3TestServer;
  let server: BuiltServer;
  let s3Stopped = false;
  let taxonomy: { sportId: number; categoryId: number };

  beforeAll(async () => {
    s3 = await startS3();
    const dataDir = newDataDir('bucket-shop');
    taxonomy = await withServerDatabase(dataDir, async (target) => {
      if (!onPostgres) await migrate(target, { migrationsFolder: 'drizzle' });
      const [sport] = await target
        .insert(sports)
        .values({ name: 'Basketball', slug: `basketball-${Date.now()}` })
        .returning({ id: sports.id });
      const [category] = await target
        .insert(categories)
        .values({ name: 'Hoops', slug: `hoops-${Date.now()}` })
        .returning({ id: categories.id });
      return { sportId: sport!.id, categoryId: category!.id };
    });
    server = await startBuiltServer(
      {
        ...s3.env,
        S3_PUBLIC_URL: s3.bucketUrl,
        DATABASE_URL: onPostgres ? process.env.DATABASE_URL! : '',
        AUTH_SECRET: 'o'.repeat(40),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      },
      { dataDir },
    );
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    if (!s3Stopped) await s3?.close();
  });

  it('shows an uploaded image from the bucket, and keeps nothing on the disk', async () => {
    const cookie = await sessionCookie(server.base, ADMIN.email, ADMIN.password);
    const id = await uploadProduct(
      server.base,
      cookie,
      { name: 'Wall-mounted hoop', sportId: taxonomy.sportId, categoryIds: [taxonomy.categoryId] },
      await testImage(7),
    );
    const page = await fetch(`${server.base}/products/${id}`);
    expect(page.status).toBe(200);
    const fromBucket = imageSources(await page.text()).filter((src) =>
      src.startsWith(`${s3.bucketUrl}/media/products/`),
    );
    expect(fromBucket.length).toBeGreaterThan(1); // the JPEG and its WebP variants
    // The browser may load them: the bucket's origin is among the page's image sources.
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(new RegExp(`img-src [^;]*${new URL(s3.endpoint).origin}`));
    for (const src of fromBucket) {
      const image = await fetch(src);
      expect(image.status, src).toBe(200);
      expect(image.headers.get('content-type'), src).toMatch(/^image\/(jpeg|webp)$/);
      // A link made before S3_PUBLIC_URL was set still works, from the same object.
      const key = src.slice(`${s3.bucketUrl}/media/`.length);
      const old = await fetch(`${server.base}/media/${key}`);
      expect(old.status, key).toBe(200);
      expect(old.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    expect(existsSync(path.join(server.dataDir, 'uploads'))).toBe(false);
  });

  it('is ready while the bucket answers and not once it stops', async () => {
    expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
    await s3.close();
    s3Stopped = true;
    const res = await fetch(`${server.base}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ checks: { database: 'ok', storage: 'unavailable' } });
  });
});
