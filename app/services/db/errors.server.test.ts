// violatesConstraint against the database's real refusals, as the services meet them (through
// Drizzle, in and out of transactions), on whichever engine the tests run (TEST_DB).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProduct, createSport } from '../../../tests/factories';
import { db } from './client.server';
import { sports } from './schema';
import { violatesConstraint } from './errors.server';

/** What `run` was refused with. */
async function refusalOf(run: () => Promise<unknown>): Promise<unknown> {
  const error = await run().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return error;
}

describe('violatesConstraint', () => {
  it('names a unique index that refused a row, in a transaction and out of one', async () => {
    await db().insert(sports).values({ name: 'Sepak Takraw', slug: 'sepak-takraw' });
    const sameSlug = (name: string) => ({ name, slug: 'sepak-takraw' });
    const outside = await refusalOf(() => db().insert(sports).values(sameSlug('Sepak-Takraw')));
    const inside = await refusalOf(() =>
      db().transaction((tx) => tx.insert(sports).values(sameSlug('Sepak  Takraw'))),
    );
    for (const error of [outside, inside]) {
      expect(violatesConstraint(error, 'unique', 'sports_slug_idx')).toBe(true);
      expect(violatesConstraint(error, 'unique', 'sports_name_lower_idx')).toBe(false);
      expect(violatesConstraint(error, 'foreign-key', 'sports_slug_idx')).toBe(false);
    }
  });

  it('names a foreign key that refused a row, and one that refused a delete', async () => {
    const sport = await createSport({ name: 'Kabaddi' });
    await createProduct({ sportId: sport.id });
    const unknownSport = await refusalOf(() => createProduct({ sportId: 987_654 }));
    expect(violatesConstraint(unknownSport, 'foreign-key', 'products_sport_id_sports_id_fk')).toBe(
      true,
    );
    expect(violatesConstraint(unknownSport, 'unique', 'products_sport_id_sports_id_fk')).toBe(
      false,
    );

    // ON DELETE RESTRICT: a sport a product uses cannot go (23001 on one engine, 23503 on the other).
    const used = await refusalOf(() => db().delete(sports).where(eq(sports.id, sport.id)));
    expect(violatesConstraint(used, 'foreign-key', 'products_sport_id_sports_id_fk')).toBe(true);
    expect(violatesConstraint(used, 'unique', 'products_sport_id_sports_id_fk')).toBe(false);
    expect(
      violatesConstraint(used, 'foreign-key', 'products_categories_category_id_categories_id_fk'),
    ).toBe(false);
  });

  it('is false for anything that is not the database refusing', () => {
    const lookalike = Object.assign(new Error('duplicate key'), {
      code: '23505',
      constraint: 'sports_slug_idx',
    });
    expect(violatesConstraint(lookalike, 'unique', 'sports_slug_idx')).toBe(false);
    expect(
      violatesConstraint(new Error('wrapped', { cause: lookalike }), 'unique', 'sports_slug_idx'),
    ).toBe(false);
    expect(violatesConstraint(null, 'unique', 'sports_slug_idx')).toBe(false);
    expect(violatesConstraint('23505', 'unique', 'sports_slug_idx')).toBe(false);
  });
});
