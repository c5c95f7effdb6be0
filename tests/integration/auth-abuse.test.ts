// Brute force, sign-up through the API, weak passwords, mail aimed at a victim and malformed
// input, against the built server (in-memory database; TRUST_PROXY=1 so each test can act from
// addresses of its own through X-Forwarded-For).
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, type BuiltServer } from '../setup/built-server';

const MAX = 4;
let server: BuiltServer;
let nextAddress = 1;

beforeAll(async () => {
  server = await startBuiltServer({
    DATABASE_URL: 'memory://',
    TRUST_PROXY: '1',
    AUTH_RATE_LIMIT_MAX: String(MAX),
  });
}, 180_000);
afterAll(() => server?.stop());

/** A fresh client address for each call: only per-account limits can then refuse. */
const address = () => `198.51.100.${nextAddress++ % 250}`;

interface Call {
  ip?: string;
  cookie?: string;
  type?: string;
}

async function post(path: string, body: string | object, call: Call = {}) {
  const json = typeof body === 'object';
  const res = await fetch(`${server.base}${path}`, {
    method: 'POST',
    headers: {
      origin: server.base,
      'content-type':
        call.type ?? (json ? 'application/json' : 'application/x-www-form-urlencoded'),
      'x-forwarded-for': call.ip ?? address(),
      ...(call.cookie ? { cookie: call.cookie } : {}),
    },
    body: json ? JSON.stringify(body) : body,
    redirect: 'manual',
  });
  const text = await res.text();
  return {
    status: res.status,
    text,
    cookie: res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const GOOD = 'correct horse battery';

async function signUp(email: string, password = GOOD) {
  const res = await post('/api/auth/sign-up/email', { email, password, name: 'Mdm Tan' });
  expect(res.status, res.text).toBe(200);
  return res;
}

describe('sign-in budget per address', () => {
  it('is one budget for /login and /api/auth/sign-in/email', async () => {
    const ip = address();
    const statuses: number[] = [];
    for (let i = 0; i < MAX; i++) {
      const email = `nobody${i}@school.example`;
      const res =
        i % 2
          ? await post('/api/auth/sign-in/email', { email, password: 'wrong password' }, { ip })
          : await post('/login', form({ email, password: 'wrong password' }), { ip });
      statuses.push(res.status);
    }
    expect(statuses.every((s) => s === 401)).toBe(true);
    expect(
      (await post('/login', form({ email: 'x@school.example', password: 'x' }), { ip })).status,
    ).toBe(429);
    expect(
      (await post('/api/auth/sign-in/email', { email: 'y@school.example', password: 'x' }, { ip }))
        .status,
    ).toBe(429);
  });
});

describe('per account', () => {
  it('locks an account for a short time after five wrong passwords from any addresses', async () => {
    const email = 'locked@school.example';
    await signUp(email);
    for (let i = 0; i < 5; i++) {
      const res =
        i % 2
          ? await post('/api/auth/sign-in/email', { email, password: 'wrong password' })
          : await post('/login', form({ email, password: 'wrong password' }));
      expect(res.status).toBe(401);
    }
    // Even the right password waits now, on both doors.
    const api = await post('/api/auth/sign-in/email', { email, password: GOOD });
    expect(api.status).toBe(429);
    expect(api.text).toContain('Too many wrong passwords for this account');
    const page = await post('/login', form({ email, password: GOOD }));
    expect(page.status).toBe(429);
    // Another account is not affected.
    await signUp('other@school.example');
    expect(
      (await post('/api/auth/sign-in/email', { email: 'other@school.example', password: GOOD }))
        .status,
    ).toBe(200);
  });

  it('limits the signed-in password checks too (a stolen session cannot find the password)', async () => {
    const email = 'stolen@school.example';
    const { cookie } = await signUp(email);
    for (let i = 0; i < 5; i++) {
      const res = await post(
        '/api/auth/change-password',
        { currentPassword: `guess ${i} guess`, newPassword: 'a new long passphrase' },
        { cookie },
      );
      expect(res.status).toBe(400);
    }
    const res = await post('/api/auth/two-factor/enable', { password: GOOD }, { cookie });
    expect(res.status).toBe(429);
  });

  it('counts and locks the two-factor calls that check the password (the secret, backup codes)', async () => {
    const { cookie } = await signUp('totp-guess@school.example');
    // The right password starts two-factor set-up: the account has a secret from then on.
    expect((await post('/api/auth/two-factor/enable', { password: GOOD }, { cookie })).status).toBe(
      200,
    );
    for (let i = 0; i < 5; i++) {
      const res = await post(
        '/api/auth/two-factor/get-totp-uri',
        { password: `guess ${i} guess` },
        { cookie },
      );
      expect(res.status).toBe(400);
    }
    for (const call of ['get-totp-uri', 'generate-backup-codes']) {
      const res = await post(`/api/auth/two-factor/${call}`, { password: GOOD }, { cookie });
      expect(res.status, call).toBe(429);
      expect(res.text, call).not.toContain('otpauth');
    }
  });

  it("counts the profile page's password checks in the address's budget", async () => {
    const ip = address();
    const { cookie } = await signUp('profile-guess@school.example');
    const statuses: number[] = [];
    for (let i = 0; i <= MAX; i++) {
      const res = await post(
        '/profile',
        form({ intent: '2fa-disable', current: `guess ${i} guess` }),
        { ip, cookie },
      );
      statuses.push(res.status);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('sign-up and profile through /api/auth', () => {
  it('applies the forms’ rules', async () => {
    const cases: object[] = [
      { email: 'long@school.example', password: GOOD, name: 'x'.repeat(46) },
      { email: 'long@school.example', password: GOOD, name: 'x'.repeat(5_000) },
      { email: 'not-an-email', password: GOOD, name: 'Mdm Tan' },
      { email: 'phone@school.example', password: GOOD, name: 'Mdm Tan', phone: 'call me maybe' },
      { email: 'nul@school.example', password: GOOD, name: 'Mdm\u0000Tan' },
    ];
    for (const body of cases) {
      const res = await post('/api/auth/sign-up/email', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const { cookie } = await signUp('profile@school.example');
    for (const body of [
      { name: 'y'.repeat(46) },
      { phone: 'not a phone' },
      { image: 'x'.repeat(1000) },
    ]) {
      const res = await post('/api/auth/update-user', body, { cookie });
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect((await post('/api/auth/update-user', { name: 'Mdm Lim' }, { cookie })).status).toBe(200);
    // Stored as the forms store it: trimmed, not with the padding that passed the check.
    const padded = { name: `  Mdm Lim${' '.repeat(5_000)}`, phone: ` +65 6123 4567 ` };
    expect((await post('/api/auth/update-user', padded, { cookie })).status).toBe(200);
    const session = await fetch(`${server.base}/api/auth/get-session`, { headers: { cookie } });
    expect((await session.json()).user).toMatchObject({ name: 'Mdm Lim', phone: '+65 6123 4567' });
  });

  it('counts API sign-ups in /register’s budget', async () => {
    const ip = address();
    for (let i = 0; i < MAX - 1; i++) {
      const res = await post(
        '/register',
        form({ email: `reg${i}@school.example`, name: 'Mdm Tan', password: GOOD, confirm: GOOD }),
        { ip },
      );
      expect(res.status).toBeLessThan(400);
    }
    expect(
      (
        await post(
          '/api/auth/sign-up/email',
          { email: 'api1@school.example', password: GOOD, name: 'A' },
          { ip },
        )
      ).status,
    ).toBe(200);
    const over = await post(
      '/api/auth/sign-up/email',
      { email: 'api2@school.example', password: GOOD, name: 'A' },
      { ip },
    );
    expect(over.status).toBe(429);
  });
});

describe('weak passwords', () => {
  it('are refused at sign-up with the reason', async () => {
    const guessable = ['00000000', '12341234', 'aaaaaaaa', 'abcdefgh', 'Passw0rd!'];
    for (const password of ['password', '12345678', 'iloveyou', 'Password1', ...guessable]) {
      const res = await post('/api/auth/sign-up/email', {
        email: `weak-${guessable.indexOf(password)}-${password.length}@school.example`,
        password,
        name: 'Mdm Tan',
      });
      expect(res.status, password).toBe(400);
      expect(res.text).toContain('This password is too easy to guess.');
    }
    const page = await post(
      '/register',
      form({
        email: 'weak@school.example',
        name: 'Mdm Tan',
        password: 'password',
        confirm: 'password',
      }),
    );
    expect(page.status).toBe(400);
    expect(page.text).toContain('too easy to guess');
    const short = await post('/api/auth/sign-up/email', {
      email: 's@school.example',
      password: 'Ab1!',
      name: 'A',
    });
    expect(short.status).toBe(400);
    expect(short.text).toContain('Password cannot be less than 8 characters');
  });

  it('are refused when changing the password', async () => {
    const { cookie } = await signUp('changer@school.example');
    const res = await post(
      '/api/auth/change-password',
      { currentPassword: GOOD, newPassword: 'qwertyuiop' },
      { cookie },
    );
    expect(res.status).toBe(400);
    expect(res.text).toContain('too easy to guess');
  });
});

describe('mail aimed at one inbox', () => {
  it('sends at most three reset mails an hour to one address, answering the same', async () => {
    const email = 'victim@school.example';
    await signUp(email);
    for (let i = 0; i < 6; i++) {
      const res = await post('/api/auth/request-password-reset', {
        email,
        redirectTo: '/reset-password',
      });
      expect(res.status).toBe(200);
    }
    const outbox = path.join(server.dataDir, 'outbox');
    const count = () => {
      try {
        return readdirSync(outbox).filter((f) =>
          readFileSync(path.join(outbox, f), 'utf8').includes(`To: ${email}`),
        ).length;
      } catch {
        return 0;
      }
    };
    await new Promise((r) => setTimeout(r, 1500));
    expect(count()).toBe(3);
  });
});

describe('what /api/auth serves over HTTP', () => {
  it('only the endpoints the shop uses, none of them for a cache', async () => {
    const email = 'surface@school.example';
    const { cookie } = await signUp(email);
    // A password check without the sign-in's lock, every session's token, the admin plugin.
    for (const [path, body] of [
      ['/api/auth/verify-password', { password: GOOD }],
      ['/api/auth/list-sessions', null],
      ['/api/auth/list-accounts', null],
      ['/api/auth/revoke-other-sessions', {}],
      ['/api/auth/admin/list-users', null],
      ['/api/auth/admin/set-role', { userId: 'x', role: 'admin' }],
    ] as const) {
      const res = body
        ? await post(path, body, { cookie })
        : await fetch(`${server.base}${path}`, { headers: { cookie } });
      expect(res.status, path).toBe(404);
    }
    const session = await fetch(`${server.base}/api/auth/get-session`, { headers: { cookie } });
    expect(session.status).toBe(200);
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe(email);
    expect(session.headers.get('cache-control')).toBe('no-store');
    const refused = await fetch(`${server.base}/api/auth/list-sessions`, { headers: { cookie } });
    expect(refused.headers.get('cache-control')).toBe('no-store');

    // Nor through a listed prefix and dot segments, which a URL parser resolves (fetch would
    // resolve them before sending: sent as written, over node:http).
    for (const path of [
      '/api/auth/two-factor/%2e%2e/verify-password',
      '/api/auth/sign-in/%2E%2E/%2e%2e/list-sessions',
      '/api/auth/two-factor/..%2f..%2flist-sessions',
    ]) {
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          `${server.base}${path}`,
          {
            method: path.includes('verify-password') ? 'POST' : 'GET',
            headers: { cookie, origin: server.base, 'content-type': 'application/json' },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end(path.includes('verify-password') ? JSON.stringify({ password: GOOD }) : undefined);
      });
      expect(status, path).toBe(404);
    }
  });
});

describe('password reset links', () => {
  const outbox = () => path.join(server.dataDir, 'outbox');
  /** The tokens of the reset links mailed to `email`, oldest first. */
  const resetTokens = async (email: string, expected: number) => {
    for (let i = 0; i < 50; i++) {
      let files: string[] = [];
      try {
        files = readdirSync(outbox()).sort();
      } catch {
        // no mail yet
      }
      const tokens = files
        .map((f) =>
          readFileSync(path.join(outbox(), f), 'utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '='),
        )
        .filter((mail) => mail.includes(`To: ${email}`))
        .map((mail) => /\/reset-password\?token=([\w.-]+)/.exec(mail)?.[1] ?? '');
      if (tokens.length >= expected) return tokens;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no ${expected} reset mails for ${email}`);
  };
  const requestReset = (email: string) =>
    post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
  const reset = (token: string, newPassword: string) =>
    post('/api/auth/reset-password', { token, newPassword });

  it('end together: a reset with one link ends the others', async () => {
    const email = 'two-links@school.example';
    await signUp(email);
    await requestReset(email);
    await new Promise((r) => setTimeout(r, 20));
    await requestReset(email);
    const [older, newer] = await resetTokens(email, 2);
    expect(older).not.toBe(newer);
    expect((await reset(newer!, 'owner chose this one')).status).toBe(200);
    const late = await reset(older!, 'someone else took it');
    expect(late.status).toBe(400);
    expect(late.text).toContain('INVALID_TOKEN');
    const signIn = await post('/api/auth/sign-in/email', {
      email,
      password: 'owner chose this one',
    });
    expect(signIn.status).toBe(200);
  });

  it('end when the password is changed', async () => {
    const email = 'changed@school.example';
    const { cookie } = await signUp(email);
    await requestReset(email);
    const [token] = await resetTokens(email, 1);
    const changed = await post(
      '/api/auth/change-password',
      { currentPassword: GOOD, newPassword: 'a new one entirely' },
      { cookie },
    );
    expect(changed.status, changed.text).toBe(200);
    expect((await reset(token!, 'someone else took it')).status).toBe(400);
  });
});

describe('a very long e-mail address', () => {
  // 3,200 characters that do not compress: as a key of the account lock, the index refused them.
  const long = `${randomBytes(1600).toString('hex')}@school.example`;

  it('is a wrong sign-in (401) or a refused form (400), never a 500', async () => {
    const api = await post('/api/auth/sign-in/email', { email: long, password: 'wrong password' });
    expect(api.status).toBe(401);
    const page = await post('/login', form({ email: long, password: 'wrong password' }));
    expect(page.status).toBe(400);
    expect(page.text).toContain('Please enter a valid email address.');
  });

  it('is refused at registration with the form’s message, not as taken', async () => {
    const res = await post(
      '/register',
      form({ email: long, name: 'Mdm Tan', password: GOOD, confirm: GOOD }),
    );
    expect(res.status).toBe(400);
    expect(res.text).toContain('Please enter a valid email address.');
    expect(res.text).not.toContain('Email is already taken');
  });
});

describe('malformed input', () => {
  it('answers 400, never 500', async () => {
    const get = async (p: string) => (await fetch(`${server.base}${p}`)).status;
    expect(await get('/shop?q=%00')).toBe(400);
    expect(await get('/api/v1/products?q=a%00b')).toBe(400);
    // A browser is told in a page with the way back to the shop.
    const page = await fetch(`${server.base}/products/%00`, {
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(page.status).toBe(400);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<h1>Address not understood</h1>');
    expect(html).toContain('<a href="/">Back to the shop</a>');
    expect(await get('/api/v1/products/%')).toBe(400);
    // A malformed escape where a Brotli script is looked up: not a file, so 404, not a 500.
    const asset = await fetch(`${server.base}/assets/%E0%A4%A.js`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.status).toBe(404);
    expect(await get('/products/99999999999')).toBeGreaterThanOrEqual(400);
    expect(await get('/products/99999999999')).toBeLessThan(500);
    const name = await post(
      '/register',
      form({ email: 'n@school.example', name: 'Mdm\u0000Tan', password: GOOD, confirm: GOOD }),
    );
    expect(name.status).toBe(400);
    expect((await post('/login', 'email=a', { type: 'text/plain' })).status).toBe(400);
    expect((await post('/login', '{"email":"a"}', { type: 'application/json' })).status).toBe(400);
    expect(
      (await post('/login', '--x\r\nbroken', { type: 'multipart/form-data; boundary=x' })).status,
    ).toBe(400);
    expect((await post('/login', 'whatever', { type: 'multipart/form-data' })).status).toBe(400);
    expect(server.errors()).not.toMatch(/TypeError/);
  });
});
