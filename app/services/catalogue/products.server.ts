import { and, asc, desc, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import { PAGE_SIZE } from '~/lib/constants';
import { db } from '../db/client.server';
import { categories, productImages, products, productsCategories, sports } from '../db/schema';
import { mediaUrl } from '../media/storage.server';
import { cached } from './cache.server';

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

/** The longest search text accepted (longer input is a client error, not a slow query). */
export const MAX_QUERY_LENGTH = 100;

/** The filter in one canonical form: trimmed, lower-cased search, sorted unique ids, page ≥ 1. */
export function normaliseFilter(filter: ProductFilter): Required<ProductFilter> {
  const ids = (list: number[] | undefined) =>
    [...new Set(list ?? [])].filter((n) => Number.isInteger(n) && n > 0).sort((a, b) => a - b);
  return {
    q: (filter.q ?? '').trim().replace(/\s+/g, ' ').toLowerCase().slice(0, MAX_QUERY_LENGTH),
    sportIds: ids(filter.sportIds),
    categoryIds: ids(filter.categoryIds),
    page: Math.max(1, Math.floor(filter.page ?? 1) || 1),
  };
}

export interface ProductPage {
  items: ProductCard[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * One page of products (16) matching the filter, with the exact total. Without a search text the
 * newest come first. A search matches the name, description, sport and category names (kept in
 * `products.search_text`), literally (`%` and `_` are plain characters) or approximately
 * (pg_trgm word similarity, so 'goalpst' finds goalposts); name matches rank first. Results are
 * cached until the catalogue changes.
 */
export function listProducts(filter: ProductFilter): Promise<ProductPage> {
  const f = normaliseFilter(filter);
  return cached(`products:${JSON.stringify(f)}`, () => queryProducts(f));
}

async function queryProducts(f: Required<ProductFilter>): Promise<ProductPage> {
  const where: SQL[] = [];
  if (f.q) {
    const like = `%${escapeLike(f.q)}%`;
    where.push(sql`(${products.searchText} LIKE ${like} OR ${f.q} <% ${products.searchText})`);
  }
  if (f.sportIds.length) where.push(inArray(products.sportId, f.sportIds));
  if (f.categoryIds.length) {
    where.push(
      exists(
        db()
          .select({ one: sql`1` })
          .from(productsCategories)
          .where(
            and(
              eq(productsCategories.productId, products.id),
              inArray(productsCategories.categoryId, f.categoryIds),
            ),
          ),
      ),
    );
  }
  const condition = where.length ? and(...where) : undefined;
  const order: SQL[] = f.q
    ? [
        sql`(lower(${products.name}) LIKE ${`%${escapeLike(f.q)}%`}) DESC`,
        sql`word_similarity(${f.q}, lower(${products.name})) DESC`,
        sql`word_similarity(${f.q}, ${products.searchText}) DESC`,
        desc(products.createdAt),
        desc(products.id),
      ]
    : [desc(products.createdAt), desc(products.id)];
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
      .orderBy(...order)
      .limit(PAGE_SIZE)
      .offset((f.page - 1) * PAGE_SIZE),
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
    page: f.page,
    pageSize: PAGE_SIZE,
    total: Number(count?.n ?? 0),
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

/** One product with its images in order, or null when there is no such product. Cached. */
export function getProduct(id: number): Promise<ProductDetail | null> {
  return cached(`product:${id}`, () => queryProduct(id));
}

async function queryProduct(id: number): Promise<ProductDetail | null> {
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

/** Every product's id and last change, for the sitemap. Cached until the catalogue changes. */
export function listProductIndex(): Promise<{ id: number; updatedAt: Date }[]> {
  return cached('product-index', () =>
    db()
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      .orderBy(asc(products.id)),
  );
}
