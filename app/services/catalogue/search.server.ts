/**
 * Turning what a visitor typed into PostgreSQL full-text queries (docs/decisions/005). Pure
 * functions: no database access, so the same text always gives the same queries and the cache can
 * key results by them.
 */

/** At most this many words take part in a search (longer input: the first ones). */
export const MAX_SEARCH_WORDS = 8;

export interface ParsedSearch {
  /** Lower-cased words as PostgreSQL's parser splits them ('3.05' stays one word). */
  words: string[];
  /**
   * The whole text, when it holds characters that the word parser drops (`%`, `_`, `#`…): it must
   * then also appear literally, so '100%' does not find every '100 mm'.
   */
  literal: string | null;
}

const WORD = /[\p{L}\p{N}]+(?:\.\p{N}+)*/gu;
// Characters that separate words in ordinary text; anything else is kept as a literal match.
const ORDINARY = /^[\p{L}\p{N}\s\-.,'’/&()]*$/u;

/** Splits a (normalised) search text into words and the literal text it must contain, if any. */
export function parseSearch(q: string): ParsedSearch {
  const text = q.trim().toLowerCase();
  const words = (text.match(WORD) ?? []).slice(0, MAX_SEARCH_WORDS);
  const literal = text && (!ORDINARY.test(text) || words.length === 0) ? text : null;
  return { words, literal };
}

const isNumber = (w: string) => /^[\p{N}.]+$/u.test(w);
const isLetters = (w: string) => /^\p{L}+$/u.test(w);
const isDigits = (w: string) => /^\p{N}+$/u.test(w);

/**
 * Neighbouring words that may also be written as one: two words of letters ('goal post'), or
 * letters beside a number ('gp 2000', 'SC-24'). The index joins the same pairs of a name
 * (fieldhouse_joined_words, migration 0010).
 */
const joinable = (a: string, b: string) =>
  (isLetters(a) && (isLetters(b) || isDigits(b))) || (isDigits(a) && isLetters(b));

/**
 * The singular of an English plural, for matching 'nets' to 'Net' and 'goalposts' to 'Goalpost'
 * (the index keeps words as written; see the decision record for why no stemmer).
 */
export function singular(word: string): string {
  if (word.length <= 3 || !isLetters(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ss|us|is)$/.test(word)) return word;
  if (/(?:ches|shes|xes|sses|zes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

type Weight = '' | 'A' | 'AB';

// Lexemes only ever hold letters, digits and dots here, so quoting cannot be broken out of.
const lexeme = (w: string) => `'${w}'`;

/**
 * The tsquery for one word: a prefix match of the word and of its singular ('goalp' finds
 * 'goalposts'), or with `exact` the whole word in singular or plural. Numbers always match whole
 * ('7' must not find '75'). `alternatives`, when given, are matched instead of the word: its typo
 * corrections (which hold the word itself when it is a known word; see `corrections`).
 */
function wordQuery(word: string, exact: boolean, weight: Weight, alternatives: string[]): string {
  const forms = new Set<string>();
  for (const w of alternatives.length ? alternatives : [word]) {
    const one = singular(w);
    if (exact || isNumber(w)) {
      for (const f of [w, one, `${one}s`, `${one}es`])
        forms.add(`${lexeme(f)}${weight && ':'}${weight}`);
    } else {
      forms.add(`${lexeme(one)}:*${weight}`);
      if (!w.startsWith(one)) forms.add(`${lexeme(w)}:*${weight}`);
    }
  }
  const list = [...forms];
  return list.length === 1 ? list[0]! : `(${list.join(' | ')})`;
}

/**
 * All words (AND, any order), or with `any` any of them (OR); each joinable pair of neighbouring
 * words may also match as one word, so 'goal post' and 'goal-post' find 'Goalposts' and 'gp 2000'
 * finds 'GP2000' (the index holds 'Goal Post' and 'GP-2000' joined too).
 */
function allWords(
  words: string[],
  exact: boolean,
  weight: Weight,
  fixes: ReadonlyMap<string, string[]>,
  any = false,
): string {
  const and = any ? '|' : '&';
  const memo = new Map<number, string>();
  const from = (i: number): string => {
    const known = memo.get(i);
    if (known !== undefined) return known;
    const word = words[i]!;
    const rest = i + 1 < words.length ? from(i + 1) : '';
    let result = wordQuery(word, exact, weight, fixes.get(word) ?? []);
    if (rest) result = `${result} ${and} ${rest}`;
    const next = words[i + 1];
    if (next !== undefined && joinable(word, next)) {
      const after = i + 2 < words.length ? from(i + 2) : '';
      const joined = wordQuery(word + next, exact, weight, []);
      result = `(${result}) | (${after ? `${joined} ${and} ${after}` : joined})`;
    }
    memo.set(i, result);
    return result;
  };
  return from(0);
}

export interface SearchQueries {
  /** Which products match: every word somewhere, by prefix. */
  match: string;
  /** Ranking tiers, best first: each a tsquery that a better match also satisfies. */
  tiers: string[];
}

/** A decision tree over the five tiers' tests, ending in a rank (0 best). */
export type RankTree = number | { tier: number; then: RankTree; else: RankTree };

/**
 * The rank of a match: orders matches exactly as sorting by the tiers' booleans (t0 DESC, …,
 * t4 DESC) would, but tests each row against two to four tiers instead of all five (PostgreSQL's
 * CASE stops at the first true branch). It relies on the tiers' implications — a whole word is
 * also a prefix, a name word is also a name/sport/category word, a whole name/sport/category word
 * is also a whole word anywhere: t0 ⇒ every tier, t1 ⇒ t3, t2 ⇒ t3 and t4. So a row without t3
 * has none of t0–t2 and only t4 decides; the reachable combinations, best first, are 11111,
 * 01111, 01011, 01010, 00111, 00011, 00010, 00001, 00000.
 */
export const RANK_TREE: RankTree = {
  tier: 3,
  then: {
    tier: 0,
    then: 0,
    else: {
      tier: 1,
      then: { tier: 2, then: 1, else: { tier: 4, then: 2, else: 3 } },
      else: { tier: 2, then: 4, else: { tier: 4, then: 5, else: 6 } },
    },
  },
  else: { tier: 4, then: 7, else: 8 },
};

/** The rank RANK_TREE gives a row whose tier tests came out as `tiers`. */
export function rankOf(tiers: readonly boolean[], tree: RankTree = RANK_TREE): number {
  return typeof tree === 'number' ? tree : rankOf(tiers, tiers[tree.tier] ? tree.then : tree.else);
}

/**
 * The tsqueries (as text, cast with `::tsquery`) for a search: `match` selects, and the tiers
 * rank: all words whole in the name, all words in the name, all words whole in name, sport or
 * category, all words there, all words whole anywhere. `fixes` maps a word to what is searched
 * instead of it: the vocabulary words it may be a typo of (so a typo and its correction give the
 * same queries, and share cached results). With `any`, a product needs only one of the words
 * (the search that no product matched in full, relaxed), and each tier asks for any word.
 */
export function searchQueries(
  words: string[],
  fixes: ReadonlyMap<string, string[]> = new Map(),
  any = false,
): SearchQueries | null {
  if (!words.length) return null;
  return {
    match: allWords(words, false, '', fixes, any),
    tiers: [
      allWords(words, true, 'A', fixes, any),
      allWords(words, false, 'A', fixes, any),
      allWords(words, true, 'AB', fixes, any),
      allWords(words, false, 'AB', fixes, any),
      allWords(words, true, '', fixes, any),
    ],
  };
}

/** Words worth correcting: letters only, three or more (the vocabulary holds no shorter ones). */
export function correctableWords(words: string[]): string[] {
  return [...new Set(words.filter((w) => isLetters(w) && w.length >= 3))];
}

/**
 * Edits (insert, delete, substitute, swap two neighbours) between two words: the optimal string
 * alignment distance. Trigram similarity finds the candidates fast; this decides which of them a
 * typo can plausibly be ('goalpst' is one edit from 'goalpost' but three from 'goal').
 */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array(rows * cols);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        d[(i - 1) * cols + j]! + 1,
        d[i * cols + j - 1]! + 1,
        d[(i - 1) * cols + j - 1]! + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[(i - 2) * cols + j - 2]! + 1);
      d[i * cols + j] = best;
    }
  }
  return d[rows * cols - 1]!;
}

/** The most edits a word of this length may carry and still count as a typo of another word. */
export function allowedEdits(word: string): number {
  return word.length <= 4 ? 1 : word.length <= 8 ? 2 : 3;
}

/**
 * From trigram candidates, the plausible corrections of each word: within allowedEdits, and only
 * those with the fewest edits (at most three), so a closer correction is not diluted by a looser
 * one ('goalpst': 'goalpost', not also 'goalnet').
 */
export function pickCorrections(
  candidates: { word: string; term: string }[],
): Map<string, string[]> {
  const scored = new Map<string, { term: string; edits: number }[]>();
  for (const { word, term } of candidates) {
    const edits = editDistance(word, term);
    if (edits > allowedEdits(word)) continue;
    scored.set(word, [...(scored.get(word) ?? []), { term, edits }]);
  }
  const fixes = new Map<string, string[]>();
  for (const [word, list] of scored) {
    list.sort((x, y) => x.edits - y.edits || x.term.localeCompare(y.term));
    fixes.set(
      word,
      list
        .filter((c) => c.edits === list[0]!.edits)
        .slice(0, 3)
        .map((c) => c.term),
    );
  }
  return fixes;
}
