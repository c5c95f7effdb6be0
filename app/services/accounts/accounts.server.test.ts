import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { beforeEach, describe, expect, it } from 'vitest';
import { cookieHeader, createCustomer, signIn as signInOverHttp } from '../../../tests/factories';
import { eq } from 'drizzle-orm';
import { db } from '../db/client.server';
import { verification } from '../db/schema';
import { UserError } from '../errors.server';
import { outboxDir } from '../mail/mailer.server';
import { mailSettled } from '../mail/queue.server';
import { getUser } from '../permissions.server';
import { PASSWORD_TOO_WEAK } from './password-policy.server';
import {
  changePassword,
  confirmTwoFactor,
  disableTwoFactor,
  isResetTokenValid,
  limitAccountAction,
  register,
  requestPasswordReset,
  resetPassword,
  signIn,
  startTwoFactor,
  TOO_MANY,
  verifySignInCode,
} from './accounts.server';

const requestWith = (cookie = '', ip = '203.0.113.9') =>
  new Request('http://localhost:3000/profile', { headers: { cookie, 'x-forwarded-for': ip } });

beforeEach(() => rmSync(outboxDir(), { recursive: true, force: true }));

function outboxLinks(email: string): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(outboxDir());
  } catch {
    return [];
  }
  return files
    .map((f) =>
      readFileSync(path.join(outboxDir(), f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .filter((m) => m.includes(`To: ${email}`))
    .map((m) => m.match(/token=([\w.-]+)/)![1]!);
}

describe('register', () => {
  it('creates a customer with the name, signed in, and refuses a taken e-mail with its message', async () => {
    const session = await register({
      email: 'lee@example.com',
      name: 'Lee Mei Ling',
      password: 'correct horse battery',
    });
    // The answer carries the new account's session: no second sign-in needed.
    const fresh = session
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(await getUser(requestWith(fresh))).toMatchObject({ name: 'Lee Mei Ling' });
    const cookie = await signInOverHttp('lee@example.com', 'correct horse battery');
    expect(await getUser(requestWith(cookie))).toMatchObject({
      name: 'Lee Mei Ling',
      role: 'customer',
    });
    const error = await register({
      email: 'lee@example.com',
      name: 'Other',
      password: 'another password',
    }).catch((e) => e);
    expect(error).toBeInstanceOf(UserError);
    expect(error.message).toBe('Email is already taken');
  });

  it('stores the name as one line without control or direction characters', async () => {
    await register({
      email: 'tan-forged@example.com',
      name: 'Tan\r\nBcc: evil@example.com\u202Efdp.exe\u0007',
      password: 'correct horse battery',
    });
    const cookie = await signInOverHttp('tan-forged@example.com', 'correct horse battery');
    expect((await getUser(requestWith(cookie)))!.name).toBe('Tan Bcc: evil@example.comfdp.exe');
    const invisible = await register({
      email: 'nobody-visible@example.com',
      name: '\u202e\u200b',
      password: 'correct horse battery',
    }).catch((e) => e);
    expect(invisible.message).toBe('This field cannot be left blank');
  });
});

describe('limitAccountAction', () => {
  it('refuses a client past AUTH_RATE_LIMIT_MAX attempts a minute, and not another client', async () => {
    const max = 10; // the default of AUTH_RATE_LIMIT_MAX
    for (let i = 0; i < max; i++) await limitAccountAction('198.51.100.1', 'sign-in');
    await expect(limitAccountAction('198.51.100.1', 'sign-in')).rejects.toMatchObject({
      message: TOO_MANY,
      status: 429,
    });
    await expect(limitAccountAction('198.51.100.2', 'sign-in')).resolves.toBeUndefined();
    await expect(limitAccountAction('198.51.100.1', 'reset')).resolves.toBeUndefined();
  });
});

describe('password reset', () => {
  it('mails a one-use link for a known account and nothing for an unknown one, answering the same', async () => {
    const customer = await createCustomer();
    await expect(requestPasswordReset('nobody@example.com')).resolves.toBeUndefined();
    await requestPasswordReset(customer.email);
    await mailSettled(); // sent in the background: the answer does not wait for it
    expect(outboxLinks('nobody@example.com')).toEqual([]);
    const [token] = outboxLinks(customer.email);
    expect(token).toBeTruthy();
    // An HTML part too, with the link as a link.
    const mail = readdirSync(outboxDir())
      .map((f) => readFileSync(path.join(outboxDir(), f), 'utf8').replace(/=\r?\n/g, ''))
      .find((m) => m.includes(`To: ${customer.email}`))!;
    expect(mail).toContain('Content-Type: text/html');
    expect(mail.replace(/=3D/g, '=')).toContain(
      `/reset-password?token=${token}">Choose a new password</a>`,
    );
    await resetPassword(token!, 'a brand new password');
    await expect(resetPassword(token!, 'yet another password')).rejects.toBeInstanceOf(UserError);
    await expect(signInOverHttp(customer.email, customer.password)).rejects.toThrow();
    await expect(signInOverHttp(customer.email, 'a brand new password')).resolves.toBeTruthy();
    // The session from before the reset is gone.
    expect(await getUser(requestWith(customer.cookie))).toBeNull();
  });
});

describe('isResetTokenValid', () => {
  it('accepts a fresh link and refuses a bogus, an expired and a used one', async () => {
    const customer = await createCustomer();
    await requestPasswordReset(customer.email);
    await mailSettled();
    const [token] = outboxLinks(customer.email);
    expect(await isResetTokenValid(token!)).toBe(true);
    expect(await isResetTokenValid(`${token!}x`)).toBe(false);
    expect(await isResetTokenValid('')).toBe(false);
    expect(await isResetTokenValid('x'.repeat(5000))).toBe(false);
    await resetPassword(token!, 'a brand new password');
    expect(await isResetTokenValid(token!)).toBe(false);

    rmSync(outboxDir(), { recursive: true, force: true });
    await requestPasswordReset(customer.email);
    await mailSettled();
    const [late] = outboxLinks(customer.email);
    expect(await isResetTokenValid(late!)).toBe(true);
    await db()
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `reset-password:${late!}`));
    expect(await isResetTokenValid(late!)).toBe(false);
  });
});

describe('changePassword', () => {
  it('needs the current password and ends the other sessions', async () => {
    const customer = await createCustomer();
    const other = await signInOverHttp(customer.email, customer.password);
    await expect(
      changePassword(requestWith(customer.cookie), 'wrong password', 'new password 123'),
    ).rejects.toBeInstanceOf(UserError);
    const headers = await changePassword(
      requestWith(customer.cookie),
      customer.password,
      'new password 123',
    );
    expect(headers.getSetCookie().length).toBeGreaterThan(0);
    expect(await getUser(requestWith(other))).toBeNull();
    const renewed = cookieHeader(headers);
    expect(await getUser(requestWith(renewed))).toMatchObject({ email: customer.email });
  });

  it('says a too common new password about the new password, not the current one', async () => {
    const customer = await createCustomer();
    await expect(
      changePassword(requestWith(customer.cookie), customer.password, 'password123'),
    ).rejects.toMatchObject({ message: PASSWORD_TOO_WEAK, status: 400, field: 'password' });
  });
});

/** Patterns a guesser tries first (password-policy.server.test.ts has more). */
const GUESSABLE = ['00000000', '12341234', 'aaaaaaaa', 'abcdefgh', 'Passw0rd!'];

/** Whether this password signs in (through the app's sign-in, not the HTTP budget). */
const signsIn = (email: string, password: string) =>
  signIn(requestWith(), email, password).then(
    () => true,
    () => false,
  );

/** An account signed in through the app's sign-in (no HTTP, so no per-minute budget). */
async function newAccount(email: string, name = 'Mdm Tan') {
  const password = 'correct horse battery';
  await register({ email, name, password });
  const cookie = cookieHeader((await signIn(requestWith(), email, password)).headers);
  return { email, password, cookie };
}

describe('a new password that is easy to guess', () => {
  const weak = { message: PASSWORD_TOO_WEAK, status: 400, field: 'password' };

  it('is refused at registration, about the password field; a passphrase is taken', async () => {
    for (const password of GUESSABLE) {
      const email = `guessable-${GUESSABLE.indexOf(password)}@example.com`;
      await expect(register({ email, name: 'Mdm Tan', password }), password).rejects.toMatchObject(
        weak,
      );
    }
    await expect(
      register({ email: 'lim-wei@example.com', name: 'Lim Wei', password: 'limwei2026' }),
    ).rejects.toMatchObject(weak);
    await register({ email: 'ok@example.com', name: 'Mdm Tan', password: 'quiet otter lantern' });
    expect(await signsIn('ok@example.com', 'quiet otter lantern')).toBe(true);
  });

  it('is refused by a reset link, which stays usable for a passphrase', async () => {
    // Accounts made without the HTTP sign-in, whose per-minute budget this file's other tests use.
    const customer = await newAccount('reset-guessable@example.com');
    await requestPasswordReset(customer.email);
    await mailSettled();
    const [token] = outboxLinks(customer.email);
    for (const password of GUESSABLE)
      await expect(resetPassword(token!, password), password).rejects.toMatchObject(weak);
    expect(await isResetTokenValid(token!)).toBe(true);
    await resetPassword(token!, 'quiet otter lantern');
    expect(await signsIn(customer.email, 'quiet otter lantern')).toBe(true);
  });

  it('is refused when changing the password on the profile, which keeps the old one', async () => {
    const customer = await newAccount('ong@example.com', 'Ong Bee Hoon');
    for (const password of [...GUESSABLE, 'ongbeehoon1'])
      await expect(
        changePassword(requestWith(customer.cookie), customer.password, password),
        password,
      ).rejects.toMatchObject(weak);
    expect(await signsIn(customer.email, customer.password)).toBe(true);
    await changePassword(requestWith(customer.cookie), customer.password, 'quiet otter lantern');
    expect(await signsIn(customer.email, 'quiet otter lantern')).toBe(true);
  });
});

const codeFor = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at,
  });

describe('two-factor sign-in', () => {
  it('turns on only with the password and a first code, then asks every sign-in for a code', async () => {
    const user = await createCustomer();
    // Longer than any password may be: wrong, not a failure of the server.
    await expect(startTwoFactor(requestWith(user.cookie), 'x'.repeat(200))).rejects.toMatchObject({
      message: 'The password is not correct.',
      status: 400,
    });
    await expect(startTwoFactor(requestWith(user.cookie), 'wrong password')).rejects.toMatchObject({
      message: 'The password is not correct.',
    });
    const setup = await startTwoFactor(requestWith(user.cookie), user.password);
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(setup.backupCodes).toHaveLength(10);

    // Not confirmed yet: sign-in still needs the password only.
    expect((await signIn(requestWith(), user.email, user.password)).twoFactor).toBe(false);

    await expect(confirmTwoFactor(requestWith(user.cookie), '000000')).rejects.toBeInstanceOf(
      UserError,
    );
    const renewed = cookieHeader(
      await confirmTwoFactor(requestWith(user.cookie), codeFor(setup.secret)),
    );
    expect(await getUser(requestWith(renewed))).toMatchObject({ twoFactorEnabled: true });

    const first = await signIn(requestWith(), user.email, user.password);
    expect(first.twoFactor).toBe(true);
    const pending = cookieHeader(first.headers);
    expect(await getUser(requestWith(pending))).toBeNull();
    await expect(verifySignInCode(requestWith(pending), '123456')).rejects.toMatchObject({
      message: 'That code is not correct. Please try again.',
    });
    // The next period's code, so this is not the code that confirmed the setup.
    const done = await verifySignInCode(
      requestWith(pending),
      codeFor(setup.secret, Date.now() + 30_000),
    );
    expect(await getUser(requestWith(cookieHeader(done.headers)))).toMatchObject({
      email: user.email,
    });

    // A backup code works once.
    const backup = setup.backupCodes[0]!;
    const second = cookieHeader((await signIn(requestWith(), user.email, user.password)).headers);
    const viaBackup = await verifySignInCode(requestWith(second), backup);
    expect(await getUser(requestWith(cookieHeader(viaBackup.headers)))).not.toBeNull();
    const third = cookieHeader((await signIn(requestWith(), user.email, user.password)).headers);
    await expect(verifySignInCode(requestWith(third), backup)).rejects.toBeInstanceOf(UserError);

    // Five wrong codes end the attempt: the sixth try is refused even with the right code.
    const guessing = cookieHeader((await signIn(requestWith(), user.email, user.password)).headers);
    for (let i = 0; i < 5; i++)
      await expect(verifySignInCode(requestWith(guessing), '000000')).rejects.toMatchObject({
        message: 'That code is not correct. Please try again.',
      });
    await expect(
      verifySignInCode(requestWith(guessing), codeFor(setup.secret)),
    ).rejects.toMatchObject({
      message: 'Too many wrong codes. Please sign in again.',
      status: 429,
    });

    // A code is no good without the first step's cookie.
    await expect(verifySignInCode(requestWith(), codeFor(setup.secret))).rejects.toMatchObject({
      message: 'This sign-in has expired. Please sign in again.',
    });

    // Off again with the password.
    const session = cookieHeader(viaBackup.headers);
    await expect(disableTwoFactor(requestWith(session), 'wrong password')).rejects.toBeInstanceOf(
      UserError,
    );
    await disableTwoFactor(requestWith(session), user.password);
    expect((await signIn(requestWith(), user.email, user.password)).twoFactor).toBe(false);
  });
});
