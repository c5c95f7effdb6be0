import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { db, rowsOf } from '../db/client.server';
import {
  categories,
  contactMessages,
  enquiries,
  productImages,
  products,
  sports,
} from '../db/schema';

/** What the back office's navigation shows next to Enquiries and Messages. */
export interface InboxCounts {
  newEnquiries: number;
  openMessages: number;
}

/**
 * New enquiries and messages not yet handled: two index-backed counts for every admin page, in
 * one round trip.
 */
export async function inboxCounts(): Promise<InboxCounts> {
  const result = await db().execute(sql`
    SELECT (SELECT count(*)::int FROM ${enquiries} WHERE ${enquiries.status} = 'new') AS e,
           (SELECT count(*)::int FROM ${contactMessages} WHERE ${contactMessages.handled} = false) AS m`);
  const [row] = rowsOf<{ e: number; m: number }>(result);
  return { newEnquiries: Number(row?.e ?? 0), openMessages: Number(row?.m ?? 0) };
}

/** The dashboard's figures: the catalogue's size and what needs attention. */
export async function catalogueOverview(): Promise<{
  products: number;
  sports: number;
  categories: number;
  withoutImages: number;
}> {
  const [[p], [s], [c], [w]] = await Promise.all([
    db().select({ n: count() }).from(products),
    db().select({ n: count() }).from(sports),
    db().select({ n: count() }).from(categories),
    db()
      .select({ n: count() })
      .from(products)
      .leftJoin(
        productImages,
        and(eq(productImages.productId, products.id), eq(productImages.position, 0)),
      )
      .where(isNull(productImages.id)),
  ]);
  return {
    products: Number(p?.n ?? 0),
    sports: Number(s?.n ?? 0),
    categories: Number(c?.n ?? 0),
    withoutImages: Number(w?.n ?? 0),
  };
}
