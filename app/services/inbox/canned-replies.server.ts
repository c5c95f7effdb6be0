import { asc, eq } from 'drizzle-orm';
import { recordAudit, diffFields, type Actor } from '../audit/audit.server';
import { db } from '../db/client.server';
import { violatesConstraint } from '../db/errors.server';
import { cannedReplies } from '../db/schema';
import { UserError } from '../errors.server';

/** A canned reply: a snippet staff insert into a reply. */
export interface CannedReply {
  id: number;
  title: string;
  body: string;
  updatedAt: Date;
}

const columns = {
  id: cannedReplies.id,
  title: cannedReplies.title,
  body: cannedReplies.body,
  updatedAt: cannedReplies.updatedAt,
};

const TAKEN = 'A canned reply with this title already exists.';
const GONE = 'This canned reply no longer exists.';

/** Every canned reply, by title. */
export async function listCannedReplies(): Promise<CannedReply[]> {
  return db()
    .select(columns)
    .from(cannedReplies)
    .orderBy(asc(cannedReplies.title), asc(cannedReplies.id));
}

/** One canned reply, or null. */
export async function getCannedReply(id: number): Promise<CannedReply | null> {
  const [row] = await db().select(columns).from(cannedReplies).where(eq(cannedReplies.id, id));
  return row ?? null;
}

/** A title already in use (in any case) is refused on the title field with a 409. */
function refuseTaken(error: unknown): never {
  if (violatesConstraint(error, 'unique', 'canned_replies_title_idx'))
    throw new UserError(TAKEN, 409, 'title');
  throw error;
}

/** Adds a canned reply, recorded in the activity log. */
export async function createCannedReply(
  actor: Actor,
  input: { title: string; body: string },
): Promise<CannedReply> {
  return db()
    .transaction(async (tx) => {
      const [row] = await tx.insert(cannedReplies).values(input).returning(columns);
      await recordAudit(tx, {
        actor,
        entity: 'canned_reply',
        entityId: row!.id,
        entityName: row!.title,
        action: 'create',
        changes: diffFields({}, input),
      });
      return row!;
    })
    .catch(refuseTaken);
}

/** Changes a canned reply's title or text, recorded in the activity log with what changed. */
export async function updateCannedReply(
  actor: Actor,
  id: number,
  input: { title: string; body: string },
): Promise<CannedReply> {
  return db()
    .transaction(async (tx) => {
      const [before] = await tx
        .select(columns)
        .from(cannedReplies)
        .where(eq(cannedReplies.id, id))
        .for('update');
      if (!before) throw new UserError(GONE, 404);
      const changes = diffFields({ title: before.title, body: before.body }, input);
      if (!Object.keys(changes).length) return before;
      const [row] = await tx
        .update(cannedReplies)
        .set(input)
        .where(eq(cannedReplies.id, id))
        .returning(columns);
      await recordAudit(tx, {
        actor,
        entity: 'canned_reply',
        entityId: id,
        entityName: row!.title,
        action: 'update',
        changes,
      });
      return row!;
    })
    .catch(refuseTaken);
}

/** Deletes a canned reply, recorded in the activity log with its text. */
export async function deleteCannedReply(actor: Actor, id: number): Promise<void> {
  await db().transaction(async (tx) => {
    const [row] = await tx.delete(cannedReplies).where(eq(cannedReplies.id, id)).returning(columns);
    if (!row) throw new UserError(GONE, 404);
    await recordAudit(tx, {
      actor,
      entity: 'canned_reply',
      entityId: id,
      entityName: row.title,
      action: 'delete',
      changes: diffFields({ title: row.title, body: row.body }, {}),
    });
  });
}
