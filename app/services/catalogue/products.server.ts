import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { PAGE_SIZE } from '~/lib/constants';
import { SEARCH_MAX } from '~/lib/shop-url';
import { db, rowsOf } from '../db/client.server';
import {
  categories,
  productImages,
  products,
  productsCategories,
  sports,
  type ProductSpecification,
  type ProductStatus,
} from '../db/schema';
import { mediaUrl } from '../media/storage.server';
import { cached } from './cache.server';
import {
  correctableWords,
  parseSearch,
  pickCorrections,
  RANK_TREE,
  searchQueries,
  type RankTree,
} from './search.server';

/**
 * How a list is ordered: by relevance (only when searching), newest first, by name A–Z, or (the
 * back office's columns) by id, sport name or last change, each either way (`direction`).
 */
export type ProductSort = 'relevance' | 'newest' | 'name' | 'id' | 'sport' | 'updated';

/**
 * Which products a list holds: one status's that are not in the trash (`published`, the shop's
 * and the default), every status's but the trash's (`any`, the back office's), or the trash's.
 */
export type ProductScope = ProductStatus | 'any' | 'trashed';

export interface ProductFilter {
  q?: string;
  sportIds?: number[];
  categoryIds?: number[];
  page?: number;
  /** Default: relevance when searching, otherwise newest. */
  sort?: ProductSort;
  /** For name, id, sport and updated: ascending (the default) or descending. */
  direction?: 'asc' | 'desc';
  /** Default: `published`, what the shop shows. */
  scope?: ProductScope;
  /** Only products without any image (the back office's "needs attention" list). */
  withoutImages?: boolean;
  /**
   * When no product matches every word of the search (typos corrected), list what matches fewer
   * of them instead, and say so in `ProductPage.relaxed` (the shop does; the back office and the
   * API list exact matches only).
   */
  relax?: boolean;
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

/**
 * A product the shop shows: published and not in the trash. Carts, enquiries and the sitemap
 * take only these.
 */
export const isListed: SQL = and(eq(products.status, 'published'), isNull(products.deletedAt))!;

/** `%`, `_` and `\` typed by a user are literal characters in a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A stored image as pages use it: its URL, size and the WebP variants as a srcset. */
export function toImage(row: {
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
 * The filter in one canonical form: trimmed, lower-cased search, sorted unique ids, page ≥ 1, and
 * the sort that applies (relevance only when there is a search text).
 */
export function normaliseFilter(filter: ProductFilter): Required<ProductFilter> {
  const ids = (list: number[] | undefined) =>
    [...new Set(list ?? [])].filter((n) => Number.isInteger(n) && n > 0).sort((a, b) => a - b);
  const q = (filter.q ?? '').trim().replace(/\s+/g, ' ').toLowerCase().slice(0, SEARCH_MAX);
  const sort = filter.sort ?? 'relevance';
  const scopes: readonly ProductScope[] = ['published', 'draft', 'hidden', 'any', 'trashed'];
  return {
    q,
    sportIds: ids(filter.sportIds),
    categoryIds: ids(filter.categoryIds),
    page: Math.max(1, Math.floor(filter.page ?? 1) || 1),
    sort: sort === 'relevance' && !q ? 'newest' : sort,
    direction: filter.direction === 'desc' ? 'desc' : 'asc',
    scope: scopes.includes(filter.scope!) ? filter.scope! : 'published',
    withoutImages: filter.withoutImages === true,
    relax: filter.relax === true,
  };
}

export interface ProductPage {
  items: ProductCard[];
  total: number;
  page: number;
  pageSize: number;
  /** Set when the search was relaxed (`relax`): what the listing matches instead. */
  relaxed: Relaxed | null;
}

/**
 * A relaxed search: `words` all match (a typo as its correction), the other words of the search
 * matched no product; with `any`, each product matches at least one of `words`, none all of them.
 */
export interface Relaxed {
  words: string[];
  any: boolean;
}

/**
 * One page of products (16) matching the filter, with the exact total. Without a search text the
 * newest come first. A search matches the words of the name, description, sport and category names
 * in any order, each by prefix, with joined and hyphenated spellings ('goal post' finds
 * 'Goalposts') and plurals; products with all words in the name rank first. When no product
 * matches, misspelt words are corrected against the catalogue's vocabulary ('goalpst' finds
 * goalposts), so a typo match never outranks an exact one. `%` and `_` are plain characters.
 *
 * Per filter and catalogue version (docs/decisions/005): the exact total is counted once and shared
 * by all pages, and the ordered ids of the first 64 pages (then 1,024, then all) are read once, in
 * an order that the indexes serve; a page then reads its 16 products by primary key. All cached
 * until the catalogue changes.
 */
export async function listProducts(filter: ProductFilter): Promise<ProductPage> {
  const f = normaliseFilter(filter);
  const plan = await planFor(f);
  // The count and ids are read inside the page's computation, never before it: read outside, they
  // could come from the version before a change that the page's own lookup then sees, and the
  // page built from them would be kept as the new version's.
  const page = await cached(
    `page:${plan.key}:${f.page}`,
    async () => {
      const [total, ids] = await Promise.all([plan.total(), plan.ids(f.page * PAGE_SIZE)]);
      return readPage(ids, total, f.page);
    },
    // Counted against the cache's byte bound (UTF-16 strings: about twice their JSON length).
    (page) => JSON.stringify(page).length * 2,
  );
  // Beside the cached page: a relaxed search shares its page with the plain search it became.
  return { ...page, relaxed: plan.relaxed ?? null };
}

/** The exact number of products matching the filter (the count listProducts shares; page ignored). */
export async function countProducts(filter: ProductFilter): Promise<number> {
  return (await planFor(normaliseFilter(filter))).total();
}

/** How many products each sport and category option would give (ids without products: absent). */
export interface FilterOptionCounts {
  sports: Map<number, number>;
  categories: Map<number, number>;
}

/**
 * For the filter's search and selections, how many products each sport option and each category
 * option would list: a sport's count applies the search and the selected categories (not the
 * selected sports), a category's the search and the selected sports. Computed once per filter and
 * catalogue version (the page and sort do not matter).
 */
export async function countFilterOptions(filter: ProductFilter): Promise<FilterOptionCounts> {
  return (await planFor(normaliseFilter(filter))).options();
}

interface Plan {
  /** The effective query (after typo correction): equal keys share results. */
  key: string;
  /** How the search was relaxed, when it was (relaxedPlan). */
  relaxed?: Relaxed;
  total: () => Promise<number>;
  /** At least the first `needed` ids in display order (fewer when fewer match). */
  ids: (needed: number) => Promise<Int32Array>;
  options: () => Promise<FilterOptionCounts>;
}

async function planFor(f: Required<ProductFilter>): Promise<Plan> {
  const search = parseSearch(f.q);
  const exact = queryPlan(f, search.words, search.literal, new Map());
  if (!search.words.length || (await exact.total()) > 0) return exact;
  const words = correctableWords(search.words);
  const fixes = words.length
    ? await cached(`fixes:${words.join(' ')}`, () => corrections(words))
    : new Map<string, string[]>();
  const fixed = fixes.size ? queryPlan(f, search.words, search.literal, fixes) : exact;
  if (!f.relax || search.literal || search.words.length < 2 || (await fixed.total()) > 0)
    return fixed;
  return (await relaxedPlan(f, search.words, fixes)) ?? fixed;
}

/**
 * A search that no product matches in full, relaxed: the words that match nothing on their own
 * (within the filters) are left out and the others must all match ('badminton umpire' lists the
 * badminton products, as no product says umpire); when those never meet in one product either
 * ('hoop stand'), a product needs any one of them. Null when no word matches anything. Each
 * word's count is cached like any search's.
 */
async function relaxedPlan(
  f: Required<ProductFilter>,
  words: string[],
  fixes: ReadonlyMap<string, string[]>,
): Promise<Plan | null> {
  // Each word as it is, or corrected only when as it is it matches nothing ('hoop' must not also
  // search its neighbour 'hook', as a search of the typo would).
  const own = new Map<string, string[]>();
  const matches = await Promise.all(
    words.map(async (word) => {
      if ((await queryPlan(f, [word], null, new Map()).total()) > 0) return true;
      const corrected = fixes.get(word);
      if (!corrected || !((await queryPlan(f, [word], null, fixes).total()) > 0)) return false;
      own.set(word, corrected);
      return true;
    }),
  );
  const known = [...new Set(words.filter((_, i) => matches[i]))];
  if (!known.length) return null;
  // What the page says it shows: a corrected word as its (first) correction.
  const shown = known.map((w) => own.get(w)?.find((c) => c !== w) ?? w);
  if (known.length < words.length) {
    const some = queryPlan(f, known, null, own);
    if ((await some.total()) > 0) return { ...some, relaxed: { words: shown, any: false } };
  }
  return { ...queryPlan(f, known, null, own, true), relaxed: { words: shown, any: true } };
}

/**
 * What to search instead of each word: the vocabulary words it may be a typo of (ten candidates by
 * pg_trgm similarity — the `%` operator, threshold 0.3, served by the trigram index — narrowed by
 * edit distance). A word that begins some vocabulary word is no typo: it stays, with its
 * corrections beside it ('post' next to 'most'). Any other word is replaced by its corrections,
 * so 'schoools' searches exactly what 'schools' searches and shares its cached count and ids.
 */
async function corrections(words: string[]): Promise<Map<string, string[]>> {
  const list = sql.join(
    words.map((w) => sql`${w}`),
    sql`, `,
  );
  const [rows, known] = await Promise.all([
    db().execute(sql`
      SELECT w.word, t.term
        FROM unnest(ARRAY[${list}]::text[]) AS w(word)
        CROSS JOIN LATERAL (
          SELECT s.term FROM search_terms s
           WHERE s.term % w.word AND s.term <> w.word
           ORDER BY similarity(s.term, w.word) DESC, s.term
           LIMIT 10) t`),
    // Words are letters only (correctableWords), so they hold no LIKE wildcards.
    db().execute(sql`
      SELECT w.word FROM unnest(ARRAY[${list}]::text[]) AS w(word)
       WHERE EXISTS (SELECT 1 FROM search_terms s WHERE s.term LIKE w.word || '%')`),
  ]);
  const fixes = pickCorrections(rowsOf<{ word: string; term: string }>(rows));
  for (const { word } of rowsOf<{ word: string }>(known)) {
    const list = fixes.get(word);
    if (list) fixes.set(word, [word, ...list]);
  }
  return fixes;
}

/** Parses '{3,1,2}' (an int[] as text) without an intermediate array of strings. */
function parseIds(text: string | null): Int32Array {
  if (!text || text === '{}') return new Int32Array(0);
  let count = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 44) count++;
  const ids = new Int32Array(count);
  let n = 0;
  let value = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 44) {
      ids[n++] = value;
      value = 0;
    } else if (c >= 48 && c <= 57) value = value * 10 + (c - 48);
  }
  ids[n] = value;
  return ids;
}

/**
 * How many ids a plan reads at once: enough for the first 64 pages, then 1,024, then all. Most
 * visits stay in the first pages, and reading (and keeping) every id of a 100,000-product filter
 * for them would cost more than the pages themselves.
 */
const ID_TIERS = [64 * PAGE_SIZE, 1024 * PAGE_SIZE, Infinity];

/** A search matching more than this share of the products reads its first ids in two parts. */
const BROAD_SHARE = 0.3;

/**
 * About how many products there are: the planner's own figure (pg_class.reltuples, kept by
 * ANALYZE and autovacuum; no rows read), cached per catalogue version. Unknown (-1) before the
 * first ANALYZE: then no search counts as broad.
 */
function productEstimate(): Promise<number> {
  return cached('products:estimate', async () => {
    const [row] = rowsOf<{ n: number }>(
      await db().execute(
        sql`SELECT reltuples::float8 AS n FROM pg_class WHERE oid = 'products'::regclass`,
      ),
    );
    return Number(row?.n ?? -1);
  });
}

type RankNode = Exclude<RankTree, number>;
/**
 * RANK_TREE's first test splits the matches whose name, sport or categories hold every word
 * (tier 3, ranks 0-6 below it) from the rest, which tier 4 (every word whole, anywhere) splits
 * into ranks 7 and 8. firstRankedIds reads the two sides apart; a test keeps the shape true.
 */
const { then: TITLE_RANKS, else: OTHER_RANKS } = RANK_TREE as RankNode & { else: RankNode };

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * The count and the ordered ids for one effective query. The order matches an index where it can:
 * newest first walks products_created_at_idx (declared DESC NULLS LAST, so the ORDER BY says so
 * too, or PostgreSQL sorts instead), name A–Z walks products_name_order_idx; a search takes the
 * GIN index on product_search's vector and sorts only its matches by the rank tiers.
 */
function queryPlan(
  f: Required<ProductFilter>,
  words: string[],
  literal: string | null,
  fixes: ReadonlyMap<string, string[]>,
  any = false,
): Plan {
  const queries = searchQueries(words, fixes, any);
  const sort = f.sort === 'relevance' && !queries ? 'newest' : f.sort;
  const key = JSON.stringify([
    queries?.match ?? null,
    literal,
    f.sportIds,
    f.categoryIds,
    f.withoutImages,
    f.scope,
  ]);
  // A search reads the narrow product_search rows (migration 0012; decision 005): its
  // id, sport, date, status and vector. The wide products row joins (as w) only for what it alone
  // holds: the name and the last change, for their orders, and search_text, for a literal match.
  const wide = queries && (literal || sort === 'name' || sort === 'updated');
  const from = !queries
    ? sql`products p`
    : wide
      ? sql`(product_search p JOIN products w ON w.id = p.id)`
      : sql`product_search p`;
  const productRow = sql.raw(wide ? 'w' : 'p');
  const scope = scopeCondition(f.scope, queries ? 'product_search' : 'products');
  /** The WHERE clause, optionally without one dimension (for that dimension's option counts). */
  const whereClause = (without?: 'sports' | 'categories') => {
    const where: SQL[] = [scope];
    if (queries) where.push(sql`p.search_vector @@ ${queries.match}::tsquery`);
    if (literal) where.push(sql`${productRow}.search_text LIKE ${`%${escapeLike(literal)}%`}`);
    if (f.sportIds.length && without !== 'sports')
      where.push(sql`p.sport_id IN (${idList(f.sportIds)})`);
    if (f.categoryIds.length && without !== 'categories') {
      where.push(sql`EXISTS (SELECT 1 FROM products_categories pc
        WHERE pc.product_id = p.id AND pc.category_id IN (${idList(f.categoryIds)}))`);
    }
    // The image table's (product, position) index answers it.
    if (f.withoutImages)
      where.push(sql`NOT EXISTS (SELECT 1 FROM product_images pi WHERE pi.product_id = p.id)`);
    return sql`WHERE ${sql.join(where, sql` AND `)}`;
  };
  const condition = whereClause();
  // RANK_TREE's tier 3 (every word, by prefix, weighted A or B) is the match on the vector's A
  // and B part, which product_search_title_idx indexes.
  const titleMatch = sql`ts_filter(p.search_vector, '{a,b}') @@ ${queries?.match ?? ''}::tsquery`;
  const dir = sql.raw(f.direction === 'desc' ? 'DESC' : 'ASC');
  const sportName = sql`(SELECT lower(s.name) FROM sports s WHERE s.id = p.sport_id)`;
  // Unsearched lists: newest first and name A–Z in the order of an index (see above); the back
  // office's other columns sort their (much smaller) lists.
  const order: SQL[] =
    sort === 'name'
      ? [sql`lower(p.name) ${dir}`, sql`p.id ${dir}`]
      : sort === 'id'
        ? [sql`p.id ${dir}`]
        : sort === 'sport'
          ? [sql`${sportName} ${dir}`, sql`p.id ${dir}`]
          : sort === 'updated'
            ? [sql`p.updated_at ${dir}`, sql`p.id ${dir}`]
            : [sql`p.created_at DESC NULLS LAST`, sql`p.id DESC NULLS LAST`];
  // The same order over the materialised matches of a search: by name, or newest first, or by
  // relevance — the rank from the tiers (search.server.ts RANK_TREE), then newest first.
  const rankSql = (tree: RankTree): SQL =>
    typeof tree === 'number'
      ? sql.raw(String(tree))
      : sql`CASE WHEN p.search_vector @@ ${queries!.tiers[tree.tier]}::tsquery
              THEN ${rankSql(tree.then)} ELSE ${rankSql(tree.else)} END`;
  const sortColumns =
    sort === 'name'
      ? sql`lower(${productRow}.name) AS lname`
      : sort === 'sport'
        ? sql`${sportName} AS sname`
        : sort === 'updated'
          ? sql`${productRow}.updated_at AS changed`
          : sort === 'relevance' && queries
            ? sql`p.created_at, ${rankSql(RANK_TREE)} AS rank`
            : sql`p.created_at`;
  const sortedBy: SQL[] =
    sort === 'name'
      ? [sql`m.lname ${dir}`, sql`m.id ${dir}`]
      : sort === 'id'
        ? [sql`m.id ${dir}`]
        : sort === 'sport'
          ? [sql`m.sname ${dir}`, sql`m.id ${dir}`]
          : sort === 'updated'
            ? [sql`m.changed ${dir}`, sql`m.id ${dir}`]
            : sort === 'relevance' && queries
              ? [sql`m.rank`, sql`m.created_at DESC`, sql`m.id DESC`]
              : [sql`m.created_at DESC`, sql`m.id DESC`];
  const limitSql = (limit: number) => (limit === Infinity ? sql`` : sql`LIMIT ${limit}`);
  // A search must read and rank every match anyway, so one pass gives both the ids and the count:
  // the matches once into a small materialised set, then counted and sorted from there.
  const searchIds = (limit: number) =>
    cached(
      `ids:${sort}:${f.direction}:${limit}:${key}`,
      async () => {
        // The matches through the GIN index (see PLANNER_SETTINGS in db/client.server.ts).
        const [row] = rowsOf<{ n: number; ids: string | null }>(
          await db().execute(sql`
            WITH m AS MATERIALIZED (
              SELECT p.id, ${sortColumns} FROM ${from} ${condition})
            SELECT (SELECT count(*)::int FROM m) AS n,
                   (SELECT array_agg(s.id)::text FROM (
                      SELECT m.id FROM m ORDER BY ${sql.join(sortedBy, sql`, `)} ${limitSql(limit)}
                   ) s) AS ids`),
        );
        return { n: Number(row?.n ?? 0), ids: parseIds(row?.ids ?? null) };
      },
      (r) => r.ids.byteLength + key.length * 2,
    );
  /**
   * The first ids of a search by relevance without ranking every match. The matches whose name,
   * sport or categories hold every word (RANK_TREE's tier 3) rank above all others; they come from
   * the small index on that part of the vector (product_search_title_idx) and are ranked among
   * themselves. Only when they are too few do the others follow: the whole-word ones, then the
   * rest (tier 4), each newest first by walking product_search_created_at_idx until enough are found.
   * A word in every description no longer ranks 100,000 rows for its first page.
   */
  const firstRankedIds = (limit: number) =>
    cached(
      `ids:relevance:${limit}:${key}`,
      async () => {
        const [first] = rowsOf<{ ids: string | null }>(
          await db().execute(sql`
            SELECT array_agg(s.id)::text AS ids FROM (
              SELECT p.id FROM ${from} ${condition} AND ${titleMatch}
               ORDER BY ${rankSql(TITLE_RANKS)}, p.created_at DESC, p.id DESC LIMIT ${limit}) s`),
        );
        const titled = parseIds(first?.ids ?? null);
        const need = limit - titled.length;
        if (need <= 0) return titled;
        // The others, newest first, by walking the date index until `need` are found: a broad
        // search's others are a large share of the catalogue, so that reads about
        // need ÷ share rows (a few thousand at most), where ranking them would read them all.
        const whole = sql`p.search_vector @@ ${queries!.tiers[OTHER_RANKS.tier]}::tsquery`;
        const newest = sql`ORDER BY p.created_at DESC NULLS LAST, p.id DESC NULLS LAST LIMIT ${need}`;
        const [rest] = rowsOf<{ ids: string | null }>(
          await db().execute(sql`
            SELECT array_agg(s.id)::text AS ids FROM (
              (SELECT p.id FROM ${from} ${condition} AND NOT ${titleMatch} AND ${whole} ${newest})
              UNION ALL
              (SELECT p.id FROM ${from} ${condition} AND NOT ${titleMatch} AND NOT ${whole} ${newest})
              LIMIT ${need}) s`),
        );
        const others = parseIds(rest?.ids ?? null);
        const ids = new Int32Array(titled.length + others.length);
        ids.set(titled);
        ids.set(others, titled.length);
        return ids;
      },
      (list) => list.byteLength + key.length * 2,
    );
  /**
   * A broad search's exact count, through the GIN index although nearly every product may match:
   * the bitmap scan reads only the pages holding matches, where the sequential scan the planner
   * prefers then reads the whole table and tests every row ('school' at 100k: 24 against 75-90 ms
   * on 24 Nov's machine).
   */
  const broadCount = () =>
    db().transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const [row] = rowsOf<{ n: number }>(
        await tx.execute(sql`SELECT count(*)::int AS n FROM ${from} ${condition}`),
      );
      return Number(row?.n ?? 0);
    });
  /** The planner's estimate of the rows a condition finds: one EXPLAIN, no rows read. */
  const estimateRows = async (where: SQL): Promise<number> => {
    const [row] = rowsOf<{ 'QUERY PLAN': unknown }>(
      await db().execute(sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${from} ${where}`),
    );
    const plan = row?.['QUERY PLAN'];
    const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [
      { Plan: { 'Plan Rows': number } },
    ];
    return parsed[0].Plan['Plan Rows'];
  };
  /**
   * Whether the search is broad in the way firstRankedIds serves best: the planner expects it to
   * match a large share of the catalogue (more than BROAD_SHARE of the products, and more than two
   * first pages of ids) while at most half of the matches hold the words in their name, sport or
   * categories. Those are the matches ranked first, and the only ones firstRankedIds ranks; when
   * they are most of the matches ('net', 'court'), ranking them through the title index costs
   * more than ranking every match in one pass (and the count comes apart), so such a search is
   * read the usual way. The estimates come from the columns' statistics of common words.
   */
  const isBroad = () =>
    cached(`broad:${key}`, async () => {
      const estimate = await estimateRows(condition);
      const products = await productEstimate();
      if (!(products > 0 && estimate > 2 * ID_TIERS[0]! && estimate > BROAD_SHARE * products))
        return false;
      const titled = await estimateRows(sql`WHERE ${titleMatch}`);
      return titled <= estimate / 2;
    });
  const tierFor = (needed: number) => ID_TIERS.find((t) => t >= needed)!;
  // The count's key holds the filter only: never the page or the sort.
  const total = () =>
    cached(`count:${key}`, async () => {
      if (queries) return (await isBroad()) ? broadCount() : (await searchIds(ID_TIERS[0]!)).n;
      if (f.categoryIds.length && !f.sportIds.length && !literal && !f.withoutImages) {
        // Categories alone: their links' index, and each linked product's status from its narrow
        // search row rather than the wide products row.
        const [row] = rowsOf<{ n: number }>(
          await db().execute(sql`SELECT count(DISTINCT pc.product_id)::int AS n
            FROM products_categories pc JOIN product_search p ON p.id = pc.product_id
           WHERE pc.category_id IN (${idList(f.categoryIds)})
             AND ${scopeCondition(f.scope, 'product_search')}`),
        );
        return Number(row?.n ?? 0);
      }
      const [row] = rowsOf<{ n: number }>(
        await db().execute(sql`SELECT count(*)::int AS n FROM ${from} ${condition}`),
      );
      return Number(row?.n ?? 0);
    });
  const ids = async (needed: number) => {
    const limit = tierFor(needed);
    if (queries && sort === 'relevance' && limit === ID_TIERS[0]) {
      // Ranking every match in one pass is cheapest unless the matches are very many (a word of
      // every description: 100,000 rows); then the first ids come in two parts instead.
      if (await isBroad()) return firstRankedIds(limit);
    }
    if (queries) return (await searchIds(limit)).ids;
    return cached(
      `ids:${sort}:${f.direction}:${limit}:${key}`,
      async () => {
        // Aggregated in the database: one value instead of one row per id.
        const [row] = rowsOf<{ ids: string | null }>(
          await db().execute(sql`
            SELECT array_agg(s.id)::text AS ids FROM (
              SELECT p.id FROM ${from} ${condition}
               ORDER BY ${sql.join(order, sql`, `)} ${limitSql(limit)}) s`),
        );
        return parseIds(row?.ids ?? null);
      },
      (list) => list.byteLength + key.length * 2,
    );
  };
  const options = () =>
    cached(`options:${key}`, async () => {
      // Each dimension counted with the other dimension's selection and the search, not its own:
      // what ticking that one option (alone in its dimension) would give.
      const [bySport, byCategory] = await Promise.all([
        db().execute(sql`SELECT p.sport_id AS id, count(*)::int AS n FROM ${from}
          ${whereClause('sports')} GROUP BY p.sport_id`),
        db().execute(sql`SELECT pc.category_id AS id, count(*)::int AS n
          FROM products_categories pc JOIN ${from} ON p.id = pc.product_id
          ${whereClause('categories')} GROUP BY pc.category_id`),
      ]);
      const toMap = (result: unknown) =>
        new Map(rowsOf<{ id: number; n: number }>(result).map((r) => [r.id, Number(r.n)]));
      return { sports: toMap(bySport), categories: toMap(byCategory) };
    });
  return { key: `${sort}:${f.direction}:${key}`, total, ids, options };
}

/**
 * The rows of `p` (a products row, or a product_search row, which carries the status or
 * 'trashed') that a list of this scope holds.
 */
function scopeCondition(scope: ProductScope, table: 'products' | 'product_search'): SQL {
  // A literal, not a parameter: the planner matches it to the partial indexes of the shop's
  // products (products_listed_*, product_search_published_idx). The scope is one of a fixed set.
  const status = sql.raw(`'${scope}'`);
  if (table === 'product_search') {
    if (scope === 'any') return sql`p.status <> 'trashed'`;
    return sql`p.status = ${status}`;
  }
  if (scope === 'trashed') return sql`p.deleted_at IS NOT NULL`;
  if (scope === 'any') return sql`p.deleted_at IS NULL`;
  return sql`p.status = ${status} AND p.deleted_at IS NULL`;
}

async function readPage(
  all: Int32Array,
  total: number,
  page: number,
): Promise<Omit<ProductPage, 'relaxed'>> {
  const ids = [...all.subarray((page - 1) * PAGE_SIZE, page * PAGE_SIZE)];
  return { page, pageSize: PAGE_SIZE, total, items: await productCards(ids) };
}

/**
 * The cards of these products (name, sport, first image, categories), in the order of `ids`; a
 * product deleted meanwhile is left out. One query whatever the number of ids: the first image and
 * the categories (by name) come as JSON from subqueries on their indexes, so a page costs one round
 * trip and one plan instead of three.
 */
export async function productCards(ids: number[]): Promise<ProductCard[]> {
  if (!ids.length) return [];
  const rows = rowsOf<{
    id: number;
    name: string;
    description: string | null;
    sport_id: number;
    sport_name: string;
    image: {
      key: string;
      width: number;
      height: number;
      variants: { key: string; width: number }[];
    } | null;
    categories: { id: number; name: string }[] | null;
  }>(
    await db().execute(sql`
      SELECT p.id, p.name, p.description, s.id AS sport_id, s.name AS sport_name,
             (SELECT json_build_object('key', i.key, 'width', i.width, 'height', i.height,
                                       'variants', i.variants)
                FROM product_images i WHERE i.product_id = p.id AND i.position = 0) AS image,
             (SELECT json_agg(json_build_object('id', c.id, 'name', c.name) ORDER BY c.name)
                FROM products_categories pc JOIN categories c ON c.id = pc.category_id
               WHERE pc.product_id = p.id) AS categories
        FROM products p JOIN sports s ON s.id = p.sport_id
       WHERE p.id IN (${idList(ids)})`),
  );
  const rowBy = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => {
    const r = rowBy.get(id);
    if (!r) return [];
    return [
      {
        id: Number(r.id),
        name: r.name,
        description: r.description,
        image: r.image ? toImage({ ...r.image, variants: r.image.variants ?? [] }) : null,
        sport: { id: Number(r.sport_id), name: r.sport_name },
        categories: r.categories ?? [],
      },
    ];
  });
}

export interface ProductDetail extends Omit<ProductCard, 'image'> {
  images: ProductImage[];
  status: ProductStatus;
  modelCode: string | null;
  specifications: ProductSpecification[];
  /** Bumped by every save: what a product sheet is cached by. */
  revision: number;
}

/**
 * One product the shop shows (published, not in the trash) with its images in order, or null.
 * With `unlisted`, also a draft or hidden one (for staff); one in the trash never. Cached.
 */
export async function getProduct(
  id: number,
  options: { unlisted?: boolean } = {},
): Promise<ProductDetail | null> {
  const product = await cached(`product:${id}`, () => queryProduct(id));
  return product && (options.unlisted || product.status === 'published') ? product : null;
}

async function queryProduct(id: number): Promise<ProductDetail | null> {
  const [row] = await db()
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      status: products.status,
      modelCode: products.modelCode,
      specifications: products.specifications,
      revision: products.revision,
      sportId: sports.id,
      sportName: sports.name,
    })
    .from(products)
    .innerJoin(sports, eq(sports.id, products.sportId))
    .where(and(eq(products.id, id), isNull(products.deletedAt)));
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
    status: row.status,
    modelCode: row.modelCode,
    specifications: row.specifications,
    revision: row.revision,
    sport: { id: row.sportId, name: row.sportName },
    categories: cats,
    images: images.map(toImage),
  };
}

/**
 * Every product the shop shows: its id and last change, for the sitemap. Cached until the
 * catalogue changes.
 */
export function listProductIndex(): Promise<{ id: number; updatedAt: Date }[]> {
  return cached(
    'product-index',
    () =>
      db()
        .select({ id: products.id, updatedAt: products.updatedAt })
        .from(products)
        .where(isListed)
        .orderBy(asc(products.id)),
    // An object with a number and a Date per product: about 80 bytes of V8 heap.
    (rows) => rows.length * 80,
  );
}
