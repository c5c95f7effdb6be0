/**
 * A name as staff see it: composed characters in one form (NFC: 'é' typed as e + accent is the
 * same name as 'é'), no invisible characters (zero-width spaces, direction marks, controls) and
 * one space wherever there were several, or a tab or another kind of space. Browsers show names
 * that differ only in these the same way, so two of them could not be told apart in the menus,
 * and a name of only invisible characters would be a blank row.
 */
export function cleanName(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\s+/gu, ' ')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}
