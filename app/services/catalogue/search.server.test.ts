import { describe, expect, it } from 'vitest';
import {
  editDistance,
  parseSearch,
  pickCorrections,
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
    expect(searchQueries(['size', '7'])!.match).toBe("'size':* & ('7' | '7s' | '7es')");
    expect(searchQueries(['nets'])!.tiers[0]).toBe("('nets':A | 'net':A | 'netes':A)");
    expect(searchQueries([])).toBeNull();
  });

  it('adds corrections as alternatives', () => {
    expect(searchQueries(['hop'], new Map([['hop', ['hoop']]]))!.match).toBe(
      "('hop':* | 'hoop':*)",
    );
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
