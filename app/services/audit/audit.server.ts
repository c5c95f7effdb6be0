import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import { db, type Database } from '../db/client.server';
import { auditLog, type AuditAction, type AuditChanges, type AuditEntity } from '../db/schema';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Who did it: the signed-in admin (the name is kept as it was, so the record outlives the
 * account), or a scheduled job (no account).
 */
export interface Actor {
  id: string | null;
  name: string;
}

export interface AuditEntry {
  id: number;
  actorName: string;
  entity: AuditEntity;
  entityId: number;
  entityName: string;
  action: AuditAction;
  changes: AuditChanges;
  createdAt: Date;
}

/**
 * The fields that differ between two versions of a record, as `{ from, to }` pairs. Arrays (such
 * as category names or image keys) compare by content.
 */
export function diffFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): AuditChanges {
  const changes: AuditChanges = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    // A field missing on one side is null there (a deleted product's description was a change
    // from null to nothing).
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null))
      changes[key] = { from: before[key] ?? null, to: after[key] ?? null };
  }
  return changes;
}

/**
 * Records one create, edit or delete of a catalogue record, inside the caller's transaction: the
 * entry exists exactly when the change does.
 */
export async function recordAudit(
  tx: Tx | Database,
  entry: {
    actor: Actor;
    entity: AuditEntity;
    entityId: number;
    entityName: string;
    action: AuditAction;
    changes?: AuditChanges;
  },
): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actor.id,
    actorName: entry.actor.name,
    entity: entry.entity,
    entityId: entry.entityId,
    entityName: entry.entityName,
    action: entry.action,
    changes: entry.changes ?? {},
  });
}

/**
 * Records many entries in one statement, inside the caller's transaction (a spreadsheet import's
 * batch): the same rows as recordAudit's, one round trip instead of one per entry.
 */
export async function recordAudits(
  tx: Tx | Database,
  entries: Parameters<typeof recordAudit>[1][],
): Promise<void> {
  if (!entries.length) return;
  await tx.insert(auditLog).values(
    entries.map((entry) => ({
      actorId: entry.actor.id,
      actorName: entry.actor.name,
      entity: entry.entity,
      entityId: entry.entityId,
      entityName: entry.entityName,
      action: entry.action,
      changes: entry.changes ?? {},
    })),
  );
}

const columns = {
  id: auditLog.id,
  actorName: auditLog.actorName,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  entityName: auditLog.entityName,
  action: auditLog.action,
  changes: auditLog.changes,
  createdAt: auditLog.createdAt,
};

/**
 * Audit entries, newest first, a page at a time (`before` is the last id of the previous page):
 * all of them, or one entity's (a product's history on its edit page).
 */
export async function listAudit(
  filter: { entity?: AuditEntity; entityId?: number; before?: number; limit?: number } = {},
): Promise<AuditEntry[]> {
  const where: SQL[] = [];
  if (filter.entity) where.push(eq(auditLog.entity, filter.entity));
  if (filter.entityId !== undefined) where.push(eq(auditLog.entityId, filter.entityId));
  if (filter.before !== undefined) where.push(lt(auditLog.id, filter.before));
  return (
    db()
      .select(columns)
      .from(auditLog)
      .where(where.length ? and(...where) : undefined)
      // By id alone, the order the cursor (`before`) pages through: two overlapping writes can
      // record a later time with an earlier id (the time is their transaction's start), and a
      // time-first order would then skip or repeat an entry between pages.
      .orderBy(desc(auditLog.id))
      .limit(Math.min(200, filter.limit ?? 50))
  );
}
