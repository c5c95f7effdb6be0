// Search relevance over the demo catalogue: for each query, the products that must come
// first (in any order among themselves) and products that must not appear at all. Runs on both
// engines like every service test (TEST_DB=postgres for PostgreSQL).
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalogue } from '../seed.server';
import { countFilterOptions, listProducts } from './products.server';

interface Case {
  q: string;
  /** Ids that must fill the first places, in any order among themselves. */
  first: number[];
  /** Ids that must not be in the results. */
  never?: number[];
  /** Ids that must be somewhere in the results (after `first`). */
  also?: number[];
}

// Ids from app/content/demo-catalogue.ts.
const CASES: Case[] = [
  // Spelling variants of one word all find the flagship goalposts first.
  { q: 'goal post', first: [3, 20, 39], also: [22, 23], never: [34] },
  { q: 'goalpost', first: [3, 20, 39], never: [34] },
  { q: 'goal-post', first: [3, 20, 39], never: [34] },
  { q: 'goalposts', first: [3, 20, 39] },
  // Words in any order.
  { q: 'net goal football', first: [4], also: [3] },
  { q: 'hoop basketball', first: [50], never: [19] },
  // Every word must be found; the product with both in its name ranks first.
  { q: 'futsal goal', first: [20], never: [34, 3] },
  { q: 'hoop', first: [50], also: [5, 6, 40, 52], never: [19] },
  { q: 'hoops', first: [50], also: [5, 6, 52], never: [19] },
  { q: 'basketball hoop', first: [50], also: [5, 6, 52], never: [19, 31] },
  { q: 'hockey', first: [23], never: [3, 20, 22] },
  { q: 'football', first: [3, 4, 33], also: [36, 39, 48] },
  // Whole-word name matches before prefix matches ('net' before 'Netball').
  { q: 'net', first: [4, 7, 8, 9, 22, 47, 48], also: [10, 32] },
  { q: 'nets', first: [4, 7, 8, 9, 22, 47, 48] },
  { q: 'badminton net', first: [8], also: [12], never: [7, 9] },
  { q: 'volleyball post', first: [11], never: [7, 10] },
  { q: 'tennis net', first: [9], never: [8, 42] },
  // Hyphenated names match spaced, joined and hyphenated queries.
  { q: 'pull-up bar', first: [17], never: [14, 19] },
  { q: 'pullup', first: [17, 18] },
  { q: 'sit up', first: [19], never: [17] },
  { q: 'situp', first: [19] },
  { q: 'sit and reach', first: [14] },
  // Sport and category names are searched too.
  // Names holding the word first (13, 19, 56), then the NAPFA sport and category.
  { q: 'napfa', first: [13, 19, 56], also: [14, 15, 16, 17, 18, 26, 53, 54] },
  { q: 'flooring', first: [24, 26, 27], also: [25, 46], never: [1] },
  { q: 'scoreboard', first: [34], also: [35], never: [31] },
  { q: 'shot clock', first: [35], never: [34] },
  // Descriptions count, after names.
  { q: 'knotless', first: [3, 4, 48], never: [7] },
  { q: 'padding', first: [39, 40, 41] },
  // Typos: corrected only when nothing matches exactly, and to the closest words.
  { q: 'goalpst', first: [3, 20, 39], never: [4, 34] },
  { q: 'basketbal hop', first: [50], never: [19] },
  { q: 'baskteball', first: [5, 6, 31, 35, 40, 50, 52] },
  { q: 'tenis net', first: [9], never: [8] },
  { q: 'scorebord', first: [34], never: [31] },
  // Numbers match whole: size 7 is not 75 or 76.
  { q: 'size 7', first: [31], never: [10, 30] },
];

beforeAll(async () => {
  await seedDemoCatalogue({ images: false });
}, 120_000);

describe('search relevance on the demo catalogue', () => {
  it.each(CASES)('$q', async ({ q, first, never = [], also = [] }) => {
    const { items, total } = await listProducts({ q });
    const ids = items.map((p) => p.id);
    expect(total).toBeGreaterThanOrEqual(first.length + also.length);
    expect(new Set(ids.slice(0, first.length))).toEqual(new Set(first));
    for (const id of also) expect(ids.slice(first.length)).toContain(id);
    for (const id of never) expect(ids).not.toContain(id);
  });

  it('has no loose typo match above an exact one', async () => {
    // 'hoop' matches exactly, so 'hook' (the sit-up mat's hook-and-loop) is never tried.
    const hoop = await listProducts({ q: 'hoop' });
    expect(hoop.items.map((p) => p.id)).not.toContain(19);
    // 'hooop' matches nothing; corrected to 'hoop' it gives the same products in the same order.
    const [exact, typo] = await Promise.all([
      listProducts({ q: 'hoop' }),
      listProducts({ q: 'hooop' }),
    ]);
    expect(typo.items.map((p) => p.id)).toEqual(exact.items.map((p) => p.id));
  });
});

describe('a search that no product matches in full, relaxed (the shop)', () => {
  const ids = (page: { items: { id: number }[] }) => page.items.map((p) => p.id);

  it('leaves out the words that match nothing', async () => {
    const strict = await listProducts({ q: 'badminton umpire' });
    expect(strict.total).toBe(0);
    expect(strict.relaxed).toBeNull();
    const [relaxed, badminton] = await Promise.all([
      listProducts({ q: 'badminton umpire', relax: true }),
      listProducts({ q: 'badminton' }),
    ]);
    expect(relaxed.relaxed).toEqual({ words: ['badminton'], any: false });
    expect(relaxed.total).toBe(badminton.total);
    expect(ids(relaxed)).toEqual(ids(badminton));
    expect(badminton.relaxed).toBeNull();
    // Two unknown words, in any place.
    const tennis = await listProducts({ q: 'umpire tennis chair', relax: true });
    expect(tennis.relaxed).toEqual({ words: ['tennis'], any: false });
    expect(ids(tennis)).toEqual(ids(await listProducts({ q: 'tennis' })));
  });

  it('lists products with any of the words when they never meet in one', async () => {
    const page = await listProducts({ q: 'hoop stand', relax: true });
    expect(page.relaxed).toEqual({ words: ['hoop', 'stand'], any: true });
    const [hoop, stand] = await Promise.all([
      listProducts({ q: 'hoop' }),
      listProducts({ q: 'stand' }),
    ]);
    expect(page.total).toBe(hoop.total + stand.total);
    expect(ids(page)).toEqual(expect.arrayContaining([50, 51]));
    // Whole-word name matches first: the hoop and the referee stand before 'Standing …'.
    expect(new Set(ids(page).slice(0, 2))).toEqual(new Set([50, 51]));
  });

  it('keeps a typo’s correction and the filters', async () => {
    const typo = await listProducts({ q: 'badmintn umpire', relax: true });
    // The note names the correction, what the listing matches.
    expect(typo.relaxed).toEqual({ words: ['badminton'], any: false });
    expect(ids(typo)).toEqual(ids(await listProducts({ q: 'badminton' })));
    // Within a sport that has no hoop, 'hoop' matches nothing: only 'stand' is left.
    const volleyball = await listProducts({ q: 'hoop stand', sportIds: [4], relax: true });
    expect(volleyball.relaxed).toEqual({ words: ['stand'], any: false });
    expect(ids(volleyball)).toContain(51);
    expect(ids(volleyball)).not.toContain(50);
    // The filter options count what the relaxed listing lists.
    const counts = await countFilterOptions({ q: 'badminton umpire', relax: true });
    const perSport = [...counts.sports.values()].reduce((a, b) => a + b, 0);
    expect(perSport).toBe(typo.total);
  });

  it('does not relax one word, a literal search or words that match nothing', async () => {
    for (const q of ['umpire', 'zzxq qqxz', 'badminton 100%']) {
      const page = await listProducts({ q, relax: true });
      expect(page.relaxed, q).toBeNull();
      expect(page.total, q).toBe(0);
    }
  });
});
