import { asc, count, eq, sql } from 'drizzle-orm';
import { cleanName } from '~/lib/schemas/name';
import { taxonomyInUse } from '~/lib/schemas/taxonomy';
import { db } from '../db/client.server';
import { violatesConstraint } from '../db/errors.server';
import { categories, products, productsCategories, sports } from '../db/schema';
import { recordAudit, type Actor } from '../audit/audit.server';
import { UserError } from '../errors.server';
import { catalogueChanged } from './cache.server';

/** Sports and categories are managed the same way; this is what differs between the two. */
export type TaxonomyKind = 'sport' | 'category';

/**
 * A sport or category as the back office lists it, with how many products use it: outside the
 * trash, and in it (those too keep it from being deleted).
 */
export interface TaxonomyEntry {
  id: number;
  name: string;
  productCount: number;
  trashedCount: number;
}

const KINDS = {
  sport: {
    table: sports,
    nameIndex: 'sports_name_lower_idx',
    slugIndex: 'sports_slug_idx',
    usedBy: 'products_sport_id_sports_id_fk',
    duplicate: 'A sport with this name already exists.',
    missing: 'This sport no longer exists.',
    raced: 'A product started using this sport meanwhile. Reload the page and try again.',
  },
  category: {
    table: categories,
    nameIndex: 'categories_name_lower_idx',
    slugIndex: 'categories_slug_idx',
    usedBy: 'products_categories_category_id_categories_id_fk',
    duplicate: 'A category with this name already exists.',
    missing: 'This category no longer exists.',
    raced: 'A product started using this category meanwhile. Reload the page and try again.',
  },
} as const;

type Tx = Parameters<Parameters<ReturnType<typeof db>['transaction']>[0]>[0];

/** 'Netball & Walking Netball!' → 'netball-walking-netball'; never empty. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'item';
}

/**
 * A slug for `name` that no other row of the kind has: the plain slug, or it with -2, -3 … (names
 * differ only by punctuation, 'Ball-Games' and 'Ball Games', can share a plain slug).
 */
export async function freeSlug(tx: Tx, kind: TaxonomyKind, name: string, exceptId?: number) {
  const { table } = KINDS[kind];
  const base = slugify(name);
  const rows = await tx
    .select({ id: table.id, slug: table.slug })
    .from(table)
    .where(sql`${table.slug} = ${base} OR ${table.slug} LIKE ${`${base}-%`}`);
  const taken = new Set(rows.filter((r) => r.id !== exceptId).map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** How many products use the sport or category (its products, or its category links). */
async function productsUsing(
  tx: Tx,
  kind: TaxonomyKind,
  id: number,
): Promise<{ used: number; trashed: number }> {
  const counts = {
    used: count(),
    trashed: sql<number>`count(*) FILTER (WHERE ${products.deletedAt} IS NOT NULL)::int`,
  };
  const [row] =
    kind === 'sport'
      ? await tx.select(counts).from(products).where(eq(products.sportId, id))
      : await tx
          .select(counts)
          .from(productsCategories)
          .innerJoin(products, eq(products.id, productsCategories.productId))
          .where(eq(productsCategories.categoryId, id));
  return { used: Number(row?.used ?? 0), trashed: Number(row?.trashed ?? 0) };
}

/**
 * Runs a write and turns the database's answers into the user's: a name taken (also when two
 * admins race past the check, caught by the unique index on lower(name)) or products added in the
 * meantime (the foreign key). Two admins racing with names of one slug ('Pickleball' and
 * 'PICKLEBALL', or 'Ball Games' and 'Ball-Games') may meet the slug's unique index before the
 * name's: then the write runs again, and now sees the other's row (a taken name, or a free slug
 * with -2). Then drops this instance's catalogue cache; other instances see the version the
 * triggers bumped within a second.
 */
async function write<T>(kind: TaxonomyKind, run: () => Promise<T>): Promise<T> {
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        return await run();
      } catch (error) {
        if (attempt < 3 && violatesConstraint(error, 'unique', KINDS[kind].slugIndex)) continue;
        throw usersError(kind, error);
      }
    }
  } finally {
    catalogueChanged();
  }
}

/** The user's error for a database error of a write, or the error itself. */
function usersError(kind: TaxonomyKind, error: unknown): unknown {
  if (violatesConstraint(error, 'unique', KINDS[kind].nameIndex))
    return new UserError(KINDS[kind].duplicate, 409, 'name');
  // The foreign key from products refused the delete: a product uses it now.
  if (violatesConstraint(error, 'foreign-key', KINDS[kind].usedBy))
    return new UserError(KINDS[kind].raced, 409);
  return error;
}

async function assertNameFree(tx: Tx, kind: TaxonomyKind, name: string, exceptId?: number) {
  const { table } = KINDS[kind];
  const [clash] = await tx
    .select({ id: table.id })
    .from(table)
    .where(sql`lower(${table.name}) = lower(${name})`);
  if (clash && clash.id !== exceptId) throw new UserError(KINDS[kind].duplicate, 409, 'name');
}

/**
 * Every sport or category, alphabetical, with the number of products using each, outside the
 * trash and in it.
 */
export async function listTaxonomy(kind: TaxonomyKind): Promise<TaxonomyEntry[]> {
  const { table } = KINDS[kind];
  // Spelled out: Drizzle leaves the outer column unqualified inside a subquery.
  const using = (trashed: boolean) => {
    const where = sql.raw(trashed ? 'p.deleted_at IS NOT NULL' : 'p.deleted_at IS NULL');
    return kind === 'sport'
      ? sql<number>`(SELECT count(*) FROM products p WHERE p.sport_id = sports.id AND ${where})::int`
      : sql<number>`(SELECT count(*) FROM products_categories pc JOIN products p ON p.id = pc.product_id
                     WHERE pc.category_id = categories.id AND ${where})::int`;
  };
  const rows = await db()
    .select({
      id: table.id,
      name: table.name,
      productCount: using(false),
      trashedCount: using(true),
    })
    .from(table)
    .orderBy(asc(sql`lower(${table.name})`), asc(table.id));
  return rows.map((r) => ({
    ...r,
    productCount: Number(r.productCount),
    trashedCount: Number(r.trashedCount),
  }));
}

/**
 * Creates a sport or category from a trimmed name, with a generated slug, and records it in the
 * audit log in the same transaction. A name already used (ignoring case) is a 409 on `name`.
 */
export async function createTaxonomy(
  actor: Actor,
  kind: TaxonomyKind,
  input: { name: string },
): Promise<{ id: number; name: string; slug: string }> {
  const { table } = KINDS[kind];
  const name = cleanName(input.name);
  return write(kind, () =>
    db().transaction(async (tx) => {
      await assertNameFree(tx, kind, name);
      const slug = await freeSlug(tx, kind, name);
      const [row] = await tx
        .insert(table)
        .values({ name, slug })
        .returning({ id: table.id, name: table.name, slug: table.slug });
      await recordAudit(tx, {
        actor,
        entity: kind,
        entityId: row!.id,
        entityName: name,
        action: 'create',
        changes: { name: { from: null, to: name } },
      });
      return row!;
    }),
  );
}

/**
 * Renames a sport or category (its slug follows the name); the products' search text follows by
 * trigger. Records the change (from → to) in the audit log in the same transaction. A rename to
 * the same name is a no-op and is not recorded; a change of case only is allowed.
 */
export async function renameTaxonomy(
  actor: Actor,
  kind: TaxonomyKind,
  id: number,
  input: { name: string },
): Promise<{ id: number; name: string; slug: string }> {
  const { table, missing } = KINDS[kind];
  const name = cleanName(input.name);
  return write(kind, () =>
    db().transaction(async (tx) => {
      const [before] = await tx
        .select({ id: table.id, name: table.name, slug: table.slug })
        .from(table)
        .where(eq(table.id, id))
        .for('update');
      if (!before) throw new UserError(missing, 404);
      if (before.name === name) return before;
      await assertNameFree(tx, kind, name, id);
      const slug = await freeSlug(tx, kind, name, id);
      const [after] = await tx
        .update(table)
        .set({ name, slug, updatedAt: new Date() })
        .where(eq(table.id, id))
        .returning({ id: table.id, name: table.name, slug: table.slug });
      const changes: Record<string, { from: unknown; to: unknown }> = {
        name: { from: before.name, to: name },
      };
      if (slug !== before.slug) changes.slug = { from: before.slug, to: slug };
      await recordAudit(tx, {
        actor,
        entity: kind,
        entityId: id,
        entityName: name,
        action: 'update',
        changes,
      });
      return after!;
    }),
  );
}

/**
 * Deletes a sport or category that no product uses (in the trash or out of it), and records it in
 * the audit log in the same transaction. One in use is refused (409) with the number of products
 * using it; the row is locked while counting, so a product cannot start using it between the count
 * and the delete.
 */
export async function deleteTaxonomy(
  actor: Actor,
  kind: TaxonomyKind,
  id: number,
): Promise<{ id: number; name: string }> {
  const { table, missing } = KINDS[kind];
  return write(kind, () =>
    db().transaction(async (tx) => {
      const [row] = await tx
        .select({ id: table.id, name: table.name, slug: table.slug })
        .from(table)
        .where(eq(table.id, id))
        .for('update');
      if (!row) throw new UserError(missing, 404);
      const { used, trashed } = await productsUsing(tx, kind, id);
      if (used > 0) throw new UserError(taxonomyInUse(kind, used, trashed), 409);
      await tx.delete(table).where(eq(table.id, id));
      await recordAudit(tx, {
        actor,
        entity: kind,
        entityId: id,
        entityName: row.name,
        action: 'delete',
        changes: { name: { from: row.name, to: null } },
      });
      return { id, name: row.name };
    }),
  );
}
