// Shared by the durability tests: products to enquire about, the database the built server uses
// (on PGlite only while the server is stopped: one process per folder), and one enquiry POST.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { connect, db, type Database } from '~/services/db/client.server';
import { products, sports } from '~/services/db/schema';

export const onPostgres = process.env.TEST_DB === 'postgres';

export function newDataDir(name: string): string {
  return mkdtempSync(path.join(tmpdir(), `fieldhouse-${name}-`));
}

/** Runs `fn` on the database the server uses (on PGlite, only while the server is stopped). */
export async function withServerDatabase<T>(
  dataDir: string,
  fn: (target: Database) => Promise<T>,
): Promise<T> {
  if (onPostgres) return fn(db());
  const connection = connect({ kind: 'pglite', dir: path.join(dataDir, 'db') });
  try {
    return await fn(connection.db);
  } finally {
    await connection.close();
  }
}

/** Migrates the server's database (PGlite) and adds three products; returns their ids. */
export async function prepareCatalogue(dataDir: string): Promise<number[]> {
  return withServerDatabase(dataDir, async (target) => {
    if (!onPostgres) await migrate(target, { migrationsFolder: 'drizzle' });
    const [sport] = await target
      .insert(sports)
      .values({ name: `Football ${randomUUID()}`, slug: `football-${randomUUID()}` })
      .returning();
    const rows = await target
      .insert(products)
      .values(
        [1, 2, 3].map((i) => ({
          name: `Goal ${i} ${randomUUID()}`,
          slug: `goal-${i}-${randomUUID()}`,
          sportId: sport!.id,
        })),
      )
      .returning({ id: products.id });
    return rows.map((r) => r.id);
  });
}

/** The server's environment for these tests (its own folder; the test file's database on PG). */
export function serverEnv(total: number): Record<string, string> {
  return {
    DATABASE_URL: onPostgres ? process.env.DATABASE_URL! : '',
    ENQUIRY_RATE_LIMIT_MAX: String(total * 2),
  };
}

/** A guest enquiry through the cart page's action. */
export function submitEnquiry(
  base: string,
  productIds: number[],
  idempotencyKey: string,
  label: string,
): Promise<Response> {
  const body = new URLSearchParams({
    intent: 'enquire',
    idempotencyKey,
    message: `Enquiry ${label}`,
    email: `buyer-${label}@school.example`,
    items: JSON.stringify(productIds.map((productId, n) => ({ productId, quantity: n + 1 }))),
  });
  // As the page sends it with JavaScript: the action alone, without rendering the page again.
  return fetch(`${base}/cart.data`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body,
    redirect: 'manual',
  });
}

/**
 * Whether the server acknowledged the enquiry: with JavaScript the cart's answer is a redirect to
 * the guest's confirmation page (single fetch sends it as a 202 naming the new address).
 */
export async function acknowledged(res: Response): Promise<boolean> {
  const body = await res.text();
  return res.status === 202 && /\/enquiries\/[\w-]{43}\?sent=1/.test(body);
}
