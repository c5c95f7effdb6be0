import { sql } from 'drizzle-orm';
import { db, rowsOf } from '../db/client.server';
import { cached } from './cache.server';
import { productCards, type ProductCard } from './products.server';

/** How many related products a product page shows. */
export const RELATED_COUNT = 4;

/**
 * A few products to show beside `product` on its page: listed ones only (published, not in the
 * trash), never the product itself; first those of the same sport that share a category with it,
 * then those sharing a category, then the same sport, newest first within each. Cached until the
 * catalogue changes.
 */
export async function relatedProducts(product: {
  id: number;
  sport: { id: number };
  categories: { id: number }[];
}): Promise<ProductCard[]> {
  const categoryIds = product.categories.map((c) => c.id);
  return cached(`related:${product.id}`, async () => {
    const shares = categoryIds.length
      ? sql`EXISTS (SELECT 1 FROM products_categories pc
                     WHERE pc.product_id = p.id
                       AND pc.category_id IN (${sql.join(
                         categoryIds.map((id) => sql`${id}`),
                         sql`, `,
                       )}))`
      : // An expression, not a bare constant: ORDER BY refuses a non-integer constant.
        sql`(1 = 0)`;
    const rows = rowsOf<{ id: number }>(
      await db().execute(sql`
        SELECT p.id FROM products p
         WHERE p.status = 'published' AND p.deleted_at IS NULL AND p.id <> ${product.id}
           AND (p.sport_id = ${product.sport.id} OR ${shares})
         ORDER BY (p.sport_id = ${product.sport.id} AND ${shares}) DESC, ${shares} DESC,
                  p.created_at DESC, p.id DESC
         LIMIT ${RELATED_COUNT}`),
    );
    return productCards(rows.map((r) => Number(r.id)));
  });
}
