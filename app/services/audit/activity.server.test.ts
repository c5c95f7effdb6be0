import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../tests/factories';
import { createTaxonomy, renameTaxonomy } from '../catalogue/admin-taxonomy.server';
import { db } from '../db/client.server';
import { auditLog, products, user } from '../db/schema';
import { ACTIVITY_PAGE_SIZE, activityFilter, listActivity } from './activity.server';
import { recordAudit } from './audit.server';

const actor = { id: 'activity-admin', name: 'Amy Activity' };
await db()
  .insert(user)
  .values({ ...actor, email: 'amy@example.com', emailVerified: true, role: 'admin' });

describe('the activity log', () => {
  it('lists every entry newest first, a page at a time, and by entity type', async () => {
    for (let i = 1; i <= ACTIVITY_PAGE_SIZE + 5; i++)
      await createTaxonomy(actor, i % 2 ? 'sport' : 'category', { name: `Entry ${i}` });

    const first = await listActivity({});
    expect(first.entries).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(first.entries[0]).toMatchObject({ entityName: `Entry ${ACTIVITY_PAGE_SIZE + 5}` });
    const ids = first.entries.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(first.older).toBe(ids.at(-1));

    const second = await listActivity({ before: first.older! });
    expect(second.entries.map((e) => e.entityName)).toEqual(
      [5, 4, 3, 2, 1].map((i) => `Entry ${i}`),
    );
    expect(second.older).toBeNull();

    const sports = await listActivity({ entity: 'sport' });
    expect(sports.entries.every((e) => e.entity === 'sport')).toBe(true);
    expect(sports.entries).toHaveLength(15);
  });

  it('records who and what changed, and links only to products that still exist', async () => {
    const sport = await createTaxonomy(actor, 'sport', { name: 'Old Name' });
    await renameTaxonomy(actor, 'sport', sport.id, { name: 'New Name' });
    const [renamed] = (await listActivity({ entity: 'sport' })).entries;
    expect(renamed).toMatchObject({
      actorName: 'Amy Activity',
      action: 'update',
      changes: { name: { from: 'Old Name', to: 'New Name' } },
      editHref: null,
    });
    expect(renamed!.createdAt).toBeInstanceOf(Date);

    // Products record their own entries (the product pages); the log links to the live ones.
    const kept = await createProduct({ name: 'Kept' });
    const gone = await createProduct({ name: 'Gone' });
    for (const p of [kept, gone])
      await recordAudit(db(), {
        actor,
        entity: 'product',
        entityId: p.id,
        entityName: p.name,
        action: 'create',
      });
    await db().delete(products).where(eq(products.id, gone.id));
    const entries = (await listActivity({ entity: 'product' })).entries;
    expect(entries.map((e) => [e.entityName, e.editHref])).toEqual([
      ['Gone', null],
      ['Kept', `/admin/edit/${kept.id}`],
    ]);
  });

  it('reads its filter from the URL and ignores what it does not know', () => {
    const filter = (q: string) => activityFilter(new URL(`http://x/admin/activity${q}`));
    expect(filter('?entity=sport&before=12')).toEqual({ entity: 'sport', before: 12 });
    expect(filter('?entity=user&before=-1')).toEqual({ entity: undefined, before: undefined });
    expect(filter('?before=abc')).toEqual({ entity: undefined, before: undefined });
    // Beyond the id column's 32 bits: ignored, not a database error.
    expect(filter('?before=3000000000')).toEqual({ entity: undefined, before: undefined });
  });

  it('pages through entries whose times disagree with their ids without skipping one', async () => {
    // Two overlapping writes: each entry's time is its transaction's start, so the later id can
    // carry the earlier time.
    const base = Date.now() + 60_000;
    const rows = await db()
      .insert(auditLog)
      .values(
        Array.from({ length: ACTIVITY_PAGE_SIZE + 2 }, (_, i) => ({
          actorName: actor.name,
          entity: 'sport' as const,
          entityId: 900_000 + i,
          entityName: `Overlap ${i}`,
          action: 'create' as const,
          createdAt: new Date(base + (i % 2 ? -1 : 1) * i * 1000),
        })),
      )
      .returning({ id: auditLog.id });
    const mine = new Set(rows.map((r) => r.id));
    const seen: number[] = [];
    let before: number | undefined;
    do {
      const page = await listActivity({ entity: 'sport', before });
      seen.push(...page.entries.map((e) => e.id).filter((id) => mine.has(id)));
      before = page.older ?? undefined;
    } while (before !== undefined);
    expect(seen.sort((a, b) => a - b)).toEqual([...mine].sort((a, b) => a - b));
  });
});
