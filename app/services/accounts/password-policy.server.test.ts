import { describe, expect, it } from 'vitest';
import { PASSWORD_TOO_WEAK, passwordProblem, SCORED_LENGTH } from './password-policy.server';

/** Patterns a guesser tries first; none is in a word list as it is written. */
const GUESSABLE = ['00000000', '12341234', 'aaaaaaaa', 'abcdefgh', 'Passw0rd!'];

describe('passwordProblem', () => {
  it('refuses repeats, sequences and dressed-up common passwords by their strength', () => {
    for (const password of [...GUESSABLE, 'password123', 'qwertyuiop', 'iloveyou2'])
      expect(passwordProblem(password), password).toBe(PASSWORD_TOO_WEAK);
  });

  it('accepts a passphrase of a few unrelated words', () => {
    for (const password of ['correct horse battery', 'tangerine-bicycle-42', 'Goalpost netting 77'])
      expect(passwordProblem(password), password).toBeNull();
  });

  it("refuses a password made of the account's own e-mail or name", () => {
    const account = { email: 'siewling.tan@bedok-primary.example', name: 'Tan Siew Ling' };
    for (const password of ['siewlingtan', 'siewling.tan', 'TanSiewLing1'])
      expect(passwordProblem(password, account), password).toBe(PASSWORD_TOO_WEAK);
    expect(passwordProblem('correct horse battery', account)).toBeNull();
  });

  it('says the length rules first, and scores only the start of a long password', () => {
    expect(passwordProblem('Ab1!')).toBe('Password cannot be less than 8 characters');
    expect(passwordProblem('x'.repeat(129))).toBe('Password cannot be more than 128 characters');
    // What is scored is bounded, so a crafted long password cannot hold the server's thread.
    expect(passwordProblem(`${'12341234'.repeat(5)} correct horse battery`)).toBe(
      PASSWORD_TOO_WEAK,
    );
    expect(passwordProblem(`correct horse battery ${'1234'.repeat(20)}`)).toBeNull();
    expect(SCORED_LENGTH).toBeLessThanOrEqual(64);
  });
});
