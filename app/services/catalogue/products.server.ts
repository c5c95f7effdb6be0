import { and, asc, desc, eq, exists, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { PAGE_SIZE } from '~/lib/constants';
import { db } from '../db/client.server';
import { categories, productImages, products, productsCategories, sports } from '../db/schema';
import { mediaUrl } from '../media/storage.server';

export interface ProductFilter {
  q?: string;
  sportIds?: number[];
  categoryIds?: number[];
  page?: number;
}

export interface ProductImage {
  src: string;
  width: number;
  height: number;
  srcSet: string;
}

export interface ProductCard {
  id: number;
  name: string;
  description: string | null;
  image: ProductImage | null;
  sport: { id: number; name: string };
  categories: { id: number; name: string }[];
}

/** `%`, `_` and `\` typed by a user are literal characters in a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function toImage(row: {
  key: string;
  width: number;
  height: number;
  variants: { key: string; width: number }[];
}): ProductImage {
  return {
    src: mediaUrl(row.key),
    width: row.width,
    height: row.height,
    srcSet: row.variants.map((v) => `${mediaUrl(v.key)} ${v.width}w`).join(', '),
  };
}

/**
 * One page of products (16) matching the filter, newest first, with the exact total.
 * The catalogue issue replaces the name match with ranked, typo-tolerant search.
 */
export async function listProducts(
  filter: ProductFilter,
): Promise<{ items: ProductCard[]; total: number; page: number }> {
  const page = Math.max(1, filter.page ?? 1);
  const where: SQL[] = [];
  const q = filter.q?.trim();
  if (q) where.push(ilike(products.name, `%${escapeLike(q)}%`));
  if (filter.sportIds?.length) where.push(inArray(products.sportId, filter.sportIds));
  if (filter.categoryIds?.length) {
    where.push(
      exists(
        db()
          .select({ one: sql`1` })
          .from(productsCategories)
          .where(
            and(
              eq(productsCategories.productId, products.id),
              inArray(productsCategories.categoryId, filter.categoryIds),
            ),
          ),
      ),
    );
  }
  const condition = where.length ? and(...where) : undefined;
  const [rows, [count]] = await Promise.all([
    db()
      .select({
        id: products.id,
        name: products.name,
        description: products.description,
        sportId: sports.id,
        sportName: sports.name,
      })
      .from(products)
      .innerJoin(sports, eq(sports.id, products.sportId))
      .where(condition)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db()
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(condition),
  ]);
  const ids = rows.map((r) => r.id);
  const [images, links] = ids.length
    ? await Promise.all([
        db()
          .select({
            productId: productImages.productId,
            key: productImages.key,
            width: productImages.width,
            height: productImages.height,
            variants: productImages.variants,
          })
          .from(productImages)
          .where(and(inArray(productImages.productId, ids), eq(productImages.position, 0))),
        db()
          .select({
            productId: productsCategories.productId,
            id: categories.id,
            name: categories.name,
          })
          .from(productsCategories)
          .innerJoin(categories, eq(categories.id, productsCategories.categoryId))
          .where(inArray(productsCategories.productId, ids))
          .orderBy(asc(categories.name)),
      ])
    : [[], []];
  const imageBy = new Map(images.map((i) => [i.productId, toImage(i)]));
  return {
    page,
    total: count?.n ?? 0,
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      image: imageBy.get(r.id) ?? null,
      sport: { id: r.sportId, name: r.sportName },
      categories: links.filter((l) => l.productId === r.id).map(({ id, name }) => ({ id, name })),
    })),
  };
}

export interface ProductDetail extends Omit<ProductCard, 'image'> {
  images: ProductImage[];
}

/** One product with its images in order, or null when there is no such product. */
export async function getProduct(id: number): Promise<ProductDetail | null> {
  const [row] = await db()
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      sportId: sports.id,
      sportName: sports.name,
    })
    .from(products)
    .innerJoin(sports, eq(sports.id, products.sportId))
    .where(eq(products.id, id));
  if (!row) return null;
  const [images, cats] = await Promise.all([
    db()
      .select({
        key: productImages.key,
        width: productImages.width,
        height: productImages.height,
        variants: productImages.variants,
      })
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.position)),
    db()
      .select({ id: categories.id, name: categories.name })
      .from(productsCategories)
      .innerJoin(categories, eq(categories.id, productsCategories.categoryId))
      .where(eq(productsCategories.productId, id))
      .orderBy(asc(categories.name)),
  ]);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    sport: { id: row.sportId, name: row.sportName },
    categories: cats,
    images: images.map(toImage),
  };
}
