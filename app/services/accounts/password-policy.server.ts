import { dictionary } from '@zxcvbn-ts/language-common';
import { ACCOUNT_MESSAGES } from '~/lib/schemas/account';
import { PASSWORD_MAX, PASSWORD_MIN } from '~/lib/constants';

export const PASSWORD_TOO_COMMON = 'This password is too common. Please choose another.';

let common: Set<string> | undefined;

/**
 * The common-password list of zxcvbn-ts (about 49,000 passwords from real breaches, most used
 * first), the same list its strength estimator is built on. Loaded on first use.
 */
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common']);
  return common;
}

/** Why `password` cannot be used (spec length rules, then the blocklist), or null. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return ACCOUNT_MESSAGES.password;
  if (password.length > PASSWORD_MAX)
    return `Password cannot be more than ${PASSWORD_MAX} characters`;
  if (commonPasswords().has(password.toLowerCase())) return PASSWORD_TOO_COMMON;
  return null;
}
