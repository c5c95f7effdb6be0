import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { ACCOUNT_MESSAGES } from '~/lib/schemas/account';
import { PASSWORD_MAX, PASSWORD_MIN } from '~/lib/constants';

export const PASSWORD_TOO_WEAK =
  'This password is too easy to guess. Please choose another: a few unrelated words work well.';

/**
 * The score zxcvbn must give a new password: 3 of 4, "safely unguessable" (about 10⁸ guesses and
 * more). A word list alone let through what a guesser tries first: repeats (`aaaaaaaa`), sequences
 * (`abcdefgh`, `12341234`) and a common password dressed up (`Passw0rd!`) all score 0 or 1.
 */
export const MIN_PASSWORD_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;

/** Characters of a password that are scored; the rest cannot make a weak start strong. */
export const SCORED_LENGTH = 40;

/**
 * zxcvbn with the common language package (breached passwords, common words, keyboard layouts),
 * built on first use. It scores on the server's thread, and with the library's defaults (256
 * characters, 100 l33t substitutions) a crafted 128-character password kept that thread for up to
 * a second: so only the first SCORED_LENGTH characters are scored (a password whose start is weak
 * is refused however it goes on) and l33t substitutions are tried at most 4 at a time.
 */
function strength(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    graphs: adjacencyGraphs,
    dictionary,
    maxLength: SCORED_LENGTH,
    l33tMaxSubstitutions: 4,
  });
  return estimator;
}

/**
 * What zxcvbn should count as guessable from the account itself: its e-mail and name, whole,
 * run together and in parts ('Tan Siew Ling' → tansiewling, tan, siew, ling).
 */
function accountWords(account: { email?: string; name?: string }): string[] {
  const words = [account.email, account.name].flatMap((value) => {
    if (!value) return [];
    const parts = value.toLowerCase().split(/[^\p{L}\p{N}]+/u);
    return [value, parts.join(''), ...parts];
  });
  return words.filter((word) => word.length >= 3);
}

/**
 * Why `password` cannot be a new password (the length rules, then its strength, judged with the
 * account's own e-mail and name as words a guesser would try), or null.
 */
export function passwordProblem(
  password: string,
  account: { email?: string; name?: string } = {},
): string | null {
  if (password.length < PASSWORD_MIN) return ACCOUNT_MESSAGES.password;
  if (password.length > PASSWORD_MAX)
    return `Password cannot be more than ${PASSWORD_MAX} characters`;
  if (strength().check(password, accountWords(account)).score < MIN_PASSWORD_SCORE)
    return PASSWORD_TOO_WEAK;
  return null;
}
