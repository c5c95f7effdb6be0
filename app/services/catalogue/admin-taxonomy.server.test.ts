import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCategory, createProduct, createSport } from '../../../tests/factories';
import { PRODUCT_MESSAGES, ProductCreateSchema } from '~/lib/schemas/product';
import { cleanName } from '~/lib/schemas/name';
import { SportFormSchema } from '~/lib/schemas/taxonomy';
import { listAudit } from '../audit/audit.server';
import { db } from '../db/client.server';
import { categories, sports, user } from '../db/schema';
import { UserError } from '../errors.server';
import {
  createTaxonomy,
  deleteTaxonomy,
  listTaxonomy,
  renameTaxonomy,
  slugify,
} from './admin-taxonomy.server';
import { listProducts } from './products.server';
import { listCategories, listSports } from './taxonomy.server';

const actorId = 'taxonomy-test-admin';
await db().insert(user).values({
  id: actorId,
  name: 'Ada Admin',
  email: 'ada@example.com',
  emailVerified: true,
  role: 'admin',
});
const actor = { id: actorId, name: 'Ada Admin' };

async function refusal(promise: Promise<unknown>): Promise<UserError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UserError);
  return error as UserError;
}

const newest = async () => (await listAudit({ limit: 1 }))[0];

describe('sports and categories in the back office', () => {
  it('creates a sport from a trimmed name with a slug, seen at once by the navbar list', async () => {
    await listSports(); // warm this instance's cache
    const sport = await createTaxonomy(actor, 'sport', { name: '  Ultimate Frisbee ' });
    expect(sport).toMatchObject({ name: 'Ultimate Frisbee', slug: 'ultimate-frisbee' });
    expect((await listSports()).map((s) => s.name)).toContain('Ultimate Frisbee');
    expect(await newest()).toMatchObject({
      actorName: 'Ada Admin',
      entity: 'sport',
      entityId: sport.id,
      entityName: 'Ultimate Frisbee',
      action: 'create',
      changes: { name: { from: null, to: 'Ultimate Frisbee' } },
    });
  });

  it('refuses a duplicate name ignoring case, on create and on rename, recording nothing', async () => {
    await createTaxonomy(actor, 'category', { name: 'Goalposts' });
    const other = await createTaxonomy(actor, 'category', { name: 'Nets' });
    const before = (await newest())!.id;

    const created = await refusal(createTaxonomy(actor, 'category', { name: 'GOALPOSTS' }));
    expect(created).toMatchObject({
      message: 'A category with this name already exists.',
      status: 409,
      field: 'name',
    });
    const renamed = await refusal(
      renameTaxonomy(actor, 'category', other.id, { name: 'goalposts' }),
    );
    expect(renamed.message).toBe('A category with this name already exists.');

    await createTaxonomy(actor, 'sport', { name: 'Squash' });
    expect((await refusal(createTaxonomy(actor, 'sport', { name: 'sQuAsH' }))).message).toBe(
      'A sport with this name already exists.',
    );
    expect((await newest())!.id).toBe(before + 1); // only Squash's creation
  });

  it('refuses names that only look different: composed letters, spaces, invisible characters', async () => {
    const composed = await createTaxonomy(actor, 'sport', { name: 'Pétanque  Boules' });
    expect(composed.name).toBe('Pétanque Boules');
    for (const name of [
      'Pe\u0301tanque Boules', // é as e + a combining accent
      'Pétanque\u00a0Boules',
      'Pétanque\tBoules',
      'Pé\u200btanque Boules',
    ]) {
      const refused = await refusal(createTaxonomy(actor, 'sport', { name }));
      expect(refused.message, JSON.stringify(name)).toBe('A sport with this name already exists.');
    }
    // Tamil and emoji keep their joiners.
    expect(cleanName('கிரிக்கெட்')).toBe('கிரிக்கெட்');
    expect(cleanName('🏃\u200d♀️ Athletics')).toBe('🏃\u200d♀️ Athletics');
    // A name of invisible characters only is no name (the form's required message).
    expect(cleanName('\u3164\u200d')).toBe('');
    const blank = SportFormSchema.safeParse({ name: '\u200b\u2060 ' });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]?.message).toBe('Sport name is required.');
    const product = ProductCreateSchema.safeParse({
      name: '\u200b',
      sportId: '1',
      categoryIds: ['1'],
      images: ['new:0'],
    });
    expect(product.error?.issues.map((i) => i.message)).toEqual([PRODUCT_MESSAGES.name]);
  });

  it('catches the unique index when two admins race past the check', async () => {
    // Both requests check before either inserts: the second insert meets the unique index.
    const racers = await Promise.allSettled([
      createTaxonomy(actor, 'sport', { name: 'Pickleball' }),
      createTaxonomy(actor, 'sport', { name: 'PICKLEBALL' }),
    ]);
    expect(racers.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [failed] = racers.filter((r) => r.status === 'rejected');
    expect((failed as PromiseRejectedResult).reason).toMatchObject({
      message: 'A sport with this name already exists.',
      status: 409,
    });
  });

  it('maps the unique index violation even when the check is skipped', async () => {
    await createTaxonomy(actor, 'category', { name: 'Scoreboards' });
    // Simulates the race deterministically: the name check sees nothing, the index still refuses.
    const spy = vi.spyOn(db(), 'transaction');
    spy.mockImplementationOnce(
      async () =>
        (await db()
          .insert(categories)
          .values({ name: 'SCOREBOARDS', slug: 'scoreboards-2' })) as never,
    );
    const error = await refusal(createTaxonomy(actor, 'category', { name: 'SCOREBOARDS' }));
    expect(error).toMatchObject({
      message: 'A category with this name already exists.',
      field: 'name',
    });
  });

  it('runs the write again when a race meets the slug index first', async () => {
    await createTaxonomy(actor, 'category', { name: 'Net Games' });
    const spy = vi.spyOn(db(), 'transaction');
    // A race seen from the second admin: the checks saw a free slug, then the insert met the
    // other's row on the slug index. Names of one slug but not one name: the next slug is taken.
    spy.mockImplementationOnce(
      async () =>
        (await db().insert(categories).values({ name: 'Net-Games', slug: 'net-games' })) as never,
    );
    expect(await createTaxonomy(actor, 'category', { name: 'Net-Games' })).toMatchObject({
      name: 'Net-Games',
      slug: 'net-games-2',
    });
    // The same name in other letters: whichever unique index answers first, a 409 on the name.
    spy.mockImplementationOnce(
      async () =>
        (await db().insert(categories).values({ name: 'NET GAMES', slug: 'net-games' })) as never,
    );
    expect(await refusal(createTaxonomy(actor, 'category', { name: 'NET GAMES' }))).toMatchObject({
      message: 'A category with this name already exists.',
      status: 409,
      field: 'name',
    });
  });

  afterEach(() => vi.restoreAllMocks());

  it('renames: the slug follows, the audit has from → to, and search finds the new name', async () => {
    const sport = await createTaxonomy(actor, 'sport', { name: 'Handbal' });
    await createProduct({ name: 'Handball Goal Frame', sportId: sport.id });
    const renamed = await renameTaxonomy(actor, 'sport', sport.id, { name: ' Team Handball ' });
    expect(renamed).toMatchObject({ name: 'Team Handball', slug: 'team-handball' });
    expect(await newest()).toMatchObject({
      entity: 'sport',
      entityId: sport.id,
      action: 'update',
      entityName: 'Team Handball',
      changes: {
        name: { from: 'Handbal', to: 'Team Handball' },
        slug: { from: 'handbal', to: 'team-handball' },
      },
    });
    expect((await listProducts({ q: 'team handball' })).items.map((p) => p.name)).toContain(
      'Handball Goal Frame',
    );
    // The same name again changes nothing and records nothing; a change of case is a rename.
    const last = (await newest())!.id;
    await renameTaxonomy(actor, 'sport', sport.id, { name: 'Team Handball' });
    expect((await newest())!.id).toBe(last);
    expect(await renameTaxonomy(actor, 'sport', sport.id, { name: 'team handball' })).toMatchObject(
      { name: 'team handball' },
    );
  });

  it('gives names that share a plain slug distinct slugs', async () => {
    const a = await createTaxonomy(actor, 'category', { name: 'Ball-Games' });
    const b = await createTaxonomy(actor, 'category', { name: 'Ball Games!' });
    expect([a.slug, b.slug]).toEqual(['ball-games', 'ball-games-2']);
    expect(slugify('Écoles & Clubs')).toBe('ecoles-clubs');
    expect(slugify('???')).toBe('item');
  });

  it('refuses to delete a sport or category in use, naming how many products use it', async () => {
    const sport = await createTaxonomy(actor, 'sport', { name: 'Floorball' });
    const category = await createTaxonomy(actor, 'category', { name: 'Sticks' });
    for (const name of ['Stick A', 'Stick B', 'Stick C'])
      await createProduct({ name, sportId: sport.id, categoryIds: [category.id] });
    const last = (await newest())!.id;

    expect(await refusal(deleteTaxonomy(actor, 'sport', sport.id))).toMatchObject({
      message: 'This sport is used by 3 products. Move them to another sport first.',
      status: 409,
    });
    expect((await refusal(deleteTaxonomy(actor, 'category', category.id))).message).toBe(
      'This category is used by 3 products. Move them to another category first.',
    );
    expect((await newest())!.id).toBe(last);
    const listed = await listTaxonomy('sport');
    expect(listed.find((s) => s.id === sport.id)).toMatchObject({ productCount: 3 });
    expect((await listTaxonomy('category')).find((c) => c.id === category.id)).toMatchObject({
      productCount: 3,
    });
  });

  it('counts the products in the trash apart, which keep it from being deleted too', async () => {
    const sport = await createTaxonomy(actor, 'sport', { name: 'Kabaddi' });
    const category = await createTaxonomy(actor, 'category', { name: 'Mats' });
    await createProduct({ sportId: sport.id, categoryIds: [category.id] });
    await createProduct({ sportId: sport.id, categoryIds: [category.id], deletedAt: new Date() });
    expect((await listTaxonomy('sport')).find((s) => s.id === sport.id)).toEqual({
      id: sport.id,
      name: 'Kabaddi',
      productCount: 1,
      trashedCount: 1,
    });
    expect((await listTaxonomy('category')).find((c) => c.id === category.id)).toMatchObject({
      productCount: 1,
      trashedCount: 1,
    });
    expect((await refusal(deleteTaxonomy(actor, 'sport', sport.id))).message).toBe(
      'This sport is used by 2 products, 1 of them in the trash. Move them to another sport first.',
    );
    const alone = await createTaxonomy(actor, 'category', { name: 'Bibs' });
    await createProduct({ categoryIds: [alone.id], deletedAt: new Date() });
    expect((await refusal(deleteTaxonomy(actor, 'category', alone.id))).message).toBe(
      'This category is used by 1 product in the trash (kept there for 30 days). Restore and move it to another category first.',
    );
  });

  it('says "1 product" for one', async () => {
    const category = await createCategory({ name: 'Lonely' });
    await createProduct({ categoryIds: [category.id] });
    expect((await refusal(deleteTaxonomy(actor, 'category', category.id))).message).toBe(
      'This category is used by 1 product. Move it to another category first.',
    );
  });

  it('deletes an unused one, records it, and the navbar lists drop it at once', async () => {
    const sport = await createTaxonomy(actor, 'sport', { name: 'Sepak Takraw' });
    const category = await createTaxonomy(actor, 'category', { name: 'Takraw Balls' });
    expect((await listCategories()).map((c) => c.name)).toContain('Takraw Balls');
    expect(await deleteTaxonomy(actor, 'sport', sport.id)).toEqual({
      id: sport.id,
      name: 'Sepak Takraw',
    });
    expect(await newest()).toMatchObject({
      entity: 'sport',
      entityId: sport.id,
      entityName: 'Sepak Takraw',
      action: 'delete',
      changes: { name: { from: 'Sepak Takraw', to: null } },
    });
    await deleteTaxonomy(actor, 'category', category.id);
    expect((await listSports()).map((s) => s.name)).not.toContain('Sepak Takraw');
    expect((await listCategories()).map((c) => c.name)).not.toContain('Takraw Balls');
    expect(await db().select().from(sports).where(eq(sports.id, sport.id))).toEqual([]);
    // Gone: renaming or deleting it again is a 404, not a crash.
    expect((await refusal(deleteTaxonomy(actor, 'sport', sport.id))).status).toBe(404);
    expect((await refusal(renameTaxonomy(actor, 'sport', sport.id, { name: 'X' }))).status).toBe(
      404,
    );
  });

  it('refuses (409) when a product starts using it between the check and the delete', async () => {
    const sport = await createSport({ name: 'Racing' });
    await createProduct({ sportId: sport.id });
    // As if the count had seen nothing: the foreign key still refuses the delete.
    const spy = vi.spyOn(db(), 'transaction');
    spy.mockImplementationOnce(
      async () => (await db().delete(sports).where(eq(sports.id, sport.id))) as never,
    );
    expect(await refusal(deleteTaxonomy(actor, 'sport', sport.id))).toMatchObject({
      message: 'A product started using this sport meanwhile. Reload the page and try again.',
      status: 409,
    });
    const category = await createCategory({ name: 'Relay Batons' });
    await createProduct({ categoryIds: [category.id] });
    spy.mockImplementationOnce(
      async () => (await db().delete(categories).where(eq(categories.id, category.id))) as never,
    );
    expect(await refusal(deleteTaxonomy(actor, 'category', category.id))).toMatchObject({
      message: 'A product started using this category meanwhile. Reload the page and try again.',
      status: 409,
    });
  });

  it('writes nothing to the audit log when the write fails', async () => {
    const before = await db().execute(sql`SELECT count(*)::int AS n FROM audit_log`);
    const rows = (Array.isArray(before) ? before : before.rows) as { n: number }[];
    await refusal(createTaxonomy(actor, 'sport', { name: 'Floorball' }));
    const after = await db().execute(sql`SELECT count(*)::int AS n FROM audit_log`);
    expect(((Array.isArray(after) ? after : after.rows) as { n: number }[])[0]!.n).toBe(rows[0]!.n);
  });
});
