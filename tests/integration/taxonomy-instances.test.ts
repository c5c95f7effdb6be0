// Several server instances share one database: a sport or category written through one instance
// reaches another's navbar, filters, sitemap and API within a second, through the catalogue
// version the database triggers bump (the other instance never hears of the write directly).
import { vi, describe, expect, it } from 'vitest';
import { db, rowsOf } from '~/services/db/client.server';
import { user } from '~/services/db/schema';
import {
  createTaxonomy,
  deleteTaxonomy,
  renameTaxonomy,
} from '~/services/catalogue/admin-taxonomy.server';
import { listSports as ourSports } from '~/services/catalogue/taxonomy.server';

const actor = { id: 'instances-admin', name: 'Ian Instance' };
await db()
  .insert(user)
  .values({ ...actor, email: 'ian@example.com', emailVerified: true, role: 'admin' });

/**
 * A second instance: fresh copies of the catalogue modules (its own cache and known version),
 * reading the same database as this one.
 */
async function otherInstance() {
  const shared = db();
  vi.resetModules();
  vi.doMock('~/services/db/client.server', () => ({ db: () => shared, rowsOf }));
  const taxonomy = await import('~/services/catalogue/taxonomy.server');
  vi.doUnmock('~/services/db/client.server');
  return taxonomy;
}

const names = (entries: { name: string }[]) => entries.map((e) => e.name);

async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not seen within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return Date.now() - start;
}

describe('another instance sharing the database', () => {
  it('sees a created, renamed and deleted sport and category within a second', async () => {
    const other = await otherInstance();
    expect(other.listSports).not.toBe(ourSports); // really a second module instance

    // Warm its cache: from here on it answers from memory until the version moves.
    expect(names(await other.listSports())).not.toContain('Ultimate Frisbee');
    await other.listCategories();
    const warmedAt = Date.now();

    const sport = await createTaxonomy(actor, 'sport', { name: 'Ultimate Frisbee' });
    const category = await createTaxonomy(actor, 'category', { name: 'Discs' });
    expect(names(await ourSports())).toContain('Ultimate Frisbee'); // this instance: at once
    // Not at once (it checks the version at most once a second; a slow machine may be past it) …
    const stale = names(await other.listSports());
    if (Date.now() - warmedAt < 900) expect(stale).not.toContain('Ultimate Frisbee');
    // … but within a second (plus a little scheduling slack on a busy machine).
    expect(
      await within(1500, async () => names(await other.listSports()).includes('Ultimate Frisbee')),
    ).toBeLessThanOrEqual(1500);
    expect(names(await other.listCategories())).toContain('Discs');

    await renameTaxonomy(actor, 'sport', sport.id, { name: 'Disc Golf' });
    await within(1500, async () => names(await other.listSports()).includes('Disc Golf'));
    expect(names(await other.listSports())).not.toContain('Ultimate Frisbee');

    await deleteTaxonomy(actor, 'category', category.id);
    await within(1500, async () => !names(await other.listCategories()).includes('Discs'));
  });
});
