import { describe, expect, it } from 'vitest';
import {
  editDistance,
  parseSearch,
  pickCorrections,
  rankOf,
  searchQueries,
  singular,
} from './search.server';

describe('parseSearch', () => {
  it('splits words as PostgreSQL does and keeps symbols as a literal', () => {
    expect(parseSearch('Goal-Post 3.05 m')).toEqual({
      words: ['goal', 'post', '3.05', 'm'],
      literal: null,
    });
    expect(parseSearch('100%')).toEqual({ words: ['100'], literal: '100%' });
    expect(parseSearch('court_tape')).toEqual({ words: ['court', 'tape'], literal: 'court_tape' });
    expect(parseSearch('_')).toEqual({ words: [], literal: '_' });
    expect(parseSearch('a b c d e f g h i j').words).toHaveLength(8);
  });
});

describe('searchQueries', () => {
  it('lets neighbouring words match joined, and numbers match whole', () => {
    expect(searchQueries(['goal', 'post'])!.match).toBe("('goal':* & 'post':*) | ('goalpost':*)");
    // Letters beside a number join too ('size 7' finds 'Size7', 'gp 2000' finds 'GP2000')…
    expect(searchQueries(['size', '7'])!.match).toBe(
      "('size':* & ('7' | '7s' | '7es')) | ('size7':*)",
    );
    // …but never two numbers, nor a number with a decimal point.
    expect(searchQueries(['2', '3'])!.match).toBe("('2' | '2s' | '2es') & ('3' | '3s' | '3es')");
    expect(searchQueries(['net', '3.05'])!.match).toBe("'net':* & ('3.05' | '3.05s' | '3.05es')");
    expect(searchQueries(['nets'])!.tiers[0]).toBe("('nets':A | 'net':A | 'netes':A)");
    expect(searchQueries([])).toBeNull();
  });

  it('searches corrections instead of the word, so a typo and its correction match alike', () => {
    expect(searchQueries(['hop'], new Map([['hop', ['hoop']]]))!.match).toBe("'hoop':*");
    expect(searchQueries(['hop'], new Map([['hop', ['hoop']]]))).toEqual(searchQueries(['hoop']));
    // A known word keeps itself among its alternatives (corrections() puts it there).
    expect(searchQueries(['post'], new Map([['post', ['post', 'most']]]))!.match).toBe(
      "('post':* | 'most':*)",
    );
  });
});

describe('rankOf', () => {
  it('orders every reachable tier combination as sorting by the tiers would', () => {
    // All combinations of five booleans that the tiers' implications allow.
    const reachable: boolean[][] = [];
    for (let n = 0; n < 32; n++) {
      const t = [0, 1, 2, 3, 4].map((i) => Boolean(n & (16 >> i)));
      const [t0, t1, t2, t3, t4] = t;
      if (t0 && !(t1 && t2 && t3 && t4)) continue;
      if (t1 && !t3) continue;
      if (t2 && !(t3 && t4)) continue;
      reachable.push(t);
    }
    expect(reachable).toHaveLength(9);
    const key = (t: boolean[]) => t.map((b) => (b ? '0' : '1')).join('');
    const byTiers = [...reachable].sort((a, b) => key(a).localeCompare(key(b)));
    const byRank = [...reachable].sort((a, b) => rankOf(a) - rankOf(b));
    expect(byRank).toEqual(byTiers);
    expect(new Set(reachable.map((t) => rankOf(t))).size).toBe(9);
  });
});

describe('typo helpers', () => {
  it('singularises English plurals', () => {
    expect(
      ['goalposts', 'nets', 'benches', 'batteries', 'tennis', 'glass', 'net'].map(singular),
    ).toEqual(['goalpost', 'net', 'bench', 'battery', 'tennis', 'glass', 'net']);
  });

  it('counts edits, a swap of neighbours as one', () => {
    expect(editDistance('goalpst', 'goalpost')).toBe(1);
    expect(editDistance('baskteball', 'basketball')).toBe(1);
    expect(editDistance('goalpst', 'goal')).toBe(3);
  });

  it('keeps only the closest plausible corrections', () => {
    const fixes = pickCorrections([
      { word: 'goalpst', term: 'goalposts' },
      { word: 'goalpst', term: 'goalpost' },
      { word: 'goalpst', term: 'goal' },
      { word: 'hop', term: 'hook' },
      { word: 'hop', term: 'hoop' },
    ]);
    expect(Object.fromEntries(fixes)).toEqual({ goalpst: ['goalpost'], hop: ['hoop'] });
  });
});
