import { inArray } from 'drizzle-orm';
import { db } from '../db/client.server';
import { auditEntities, products, type AuditEntity } from '../db/schema';
import { listAudit, type AuditEntry } from './audit.server';

export const ACTIVITY_PAGE_SIZE = 25;

export interface ActivityEntry extends AuditEntry {
  /** The product's edit page while the product still exists; null otherwise. */
  editHref: string | null;
}

/** The activity list's filter from the URL; anything unknown is ignored rather than refused. */
export function activityFilter(url: URL): { entity?: AuditEntity; before?: number } {
  const entity = url.searchParams.get('entity');
  const before = Number(url.searchParams.get('before'));
  return {
    entity: (auditEntities as readonly string[]).includes(entity ?? '')
      ? (entity as AuditEntity)
      : undefined,
    // An id is a 32-bit integer column: a larger cursor would be a database error.
    before: Number.isInteger(before) && before > 0 && before < 2 ** 31 ? before : undefined,
  };
}

/**
 * One page of the back office's activity log, newest first: every recorded create, edit and
 * delete (or one entity type's), with a link to each product that still exists, and the cursor of
 * the next (older) page when there is one.
 */
export async function listActivity(filter: {
  entity?: AuditEntity;
  before?: number;
}): Promise<{ entries: ActivityEntry[]; older: number | null }> {
  const rows = await listAudit({ ...filter, limit: ACTIVITY_PAGE_SIZE + 1 });
  const page = rows.slice(0, ACTIVITY_PAGE_SIZE);
  const productIds = [
    ...new Set(page.filter((e) => e.entity === 'product').map((e) => e.entityId)),
  ];
  const existing = new Set(
    productIds.length
      ? (
          await db()
            .select({ id: products.id })
            .from(products)
            .where(inArray(products.id, productIds))
        ).map((p) => p.id)
      : [],
  );
  return {
    entries: page.map((e) => ({
      ...e,
      editHref:
        e.entity === 'product' && existing.has(e.entityId) ? `/admin/edit/${e.entityId}` : null,
    })),
    older: rows.length > ACTIVITY_PAGE_SIZE ? page.at(-1)!.id : null,
  };
}
