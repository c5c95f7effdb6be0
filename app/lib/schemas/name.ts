// Controls and format characters (zero-width spaces, direction marks), and the Hangul fillers
// that draw nothing; not the zero-width joiner and non-joiner, which Tamil and emoji need.
const INVISIBLE = /(?![\u200c\u200d])[\p{Cc}\p{Cf}\u115f\u1160\u3164\uffa0]/gu;

/**
 * A name as staff see it: composed characters in one form (NFC: 'é' typed as e + accent is the
 * same name as 'é'), no invisible characters and one space wherever there were several, or a tab
 * or another kind of space. Browsers show names that differ only in these the same way, so two
 * of them could not be told apart in the menus; a name with nothing visible is no name ('', for
 * the required message), not a blank row.
 */
export function cleanName(text: string): string {
  const name = text
    .normalize('NFC')
    .replace(/\s+/gu, ' ')
    .replace(INVISIBLE, '')
    .replace(/ {2,}/g, ' ')
    .trim();
  return /[^\s\u200c\u200d]/u.test(name) ? name : '';
}
