// Request limits, browser headers and proxy handling of the built server, over real HTTP. The
// server runs on its own in-memory database (the engine does not matter here), as if behind one
// TLS-terminating proxy: PUBLIC_URL is https and TRUST_PROXY=1.
import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, type BuiltServer } from '../setup/built-server';

const PUBLIC = 'https://shop.example';
let server: BuiltServer;

beforeAll(async () => {
  server = await startBuiltServer({
    DATABASE_URL: 'memory://',
    PUBLIC_URL: PUBLIC,
    TRUST_PROXY: '1',
    AUTH_RATE_LIMIT_MAX: '3',
    // Google sign-in configured (never contacted: starting it only builds Google's address).
    GOOGLE_CLIENT_ID: 'test-client.apps.googleusercontent.com',
    GOOGLE_CLIENT_SECRET: 'test-secret',
  });
}, 180_000);
afterAll(() => server?.stop());

// What a TLS-terminating proxy in front of the shop passes on (Host kept, protocol forwarded).
const VIA_PROXY = { host: 'shop.example', origin: PUBLIC, 'x-forwarded-proto': 'https' };

/**
 * A request over node:http (fetch cannot set Host or send TRACE): `body` as a string, or
 * `streamBytes` sent in chunks without a Content-Length, or only `declaredLength` announced.
 * Resolves with the status as soon as the answer's headers arrive.
 */
function send(
  path: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    streamBytes?: number;
    declaredLength?: number;
  } = {},
): Promise<{ status: number; ms: number; headers: Record<string, unknown> }> {
  const started = Date.now();
  const headers: Record<string, string> = { ...VIA_PROXY, ...options.headers };
  if (options.declaredLength !== undefined)
    headers['content-length'] = String(options.declaredLength);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest(
      `${server.base}${path}`,
      { method: options.method ?? 'POST', headers, agent: false },
      (res) => {
        answered = true;
        res.resume();
        resolve({ status: res.statusCode ?? 0, ms: Date.now() - started, headers: res.headers });
      },
    );
    // The server closes the connection after refusing a body it will not read.
    req.on('error', (error) => (answered ? undefined : reject(error)));
    if (options.body !== undefined) return void req.end(options.body);
    if (options.declaredLength !== undefined) return void req.write('email=a%40b.example&');
    if (options.streamBytes === undefined) return void req.end();
    const chunk = Buffer.alloc(16 * 1024, 'a');
    let sent = 0;
    // One chunk per turn of the event loop, so the server's early answer is read as soon as it
    // arrives: writing on and on would meet the closed connection (EPIPE) before reading it.
    const pump = () => {
      if (answered) return;
      if (sent >= options.streamBytes!) return void req.end();
      sent += chunk.length;
      if (req.write(chunk)) setImmediate(pump);
      else req.once('drain', pump);
    };
    pump();
  });
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const MULTIPART = { 'content-type': 'multipart/form-data; boundary=x' };

describe('body limits', () => {
  it('answers a 100 MB POST to /login with 413 at once, from its Content-Length', async () => {
    const { status, ms } = await send('/login', {
      headers: FORM,
      declaredLength: 100 * 1024 * 1024,
    });
    expect(status).toBe(413);
    expect(ms).toBeLessThan(10_000);
  });

  it('counts a body sent without a length and stops it at the limit, /api/auth included', async () => {
    const mb = 1024 * 1024;
    expect((await send('/login', { headers: FORM, streamBytes: mb })).status).toBe(413);
    const json = { 'content-type': 'application/json' };
    expect((await send('/api/auth/sign-in/email', { headers: json, streamBytes: mb })).status).toBe(
      413,
    );
    expect((await send('/register', { headers: MULTIPART, streamBytes: mb })).status).toBe(413);
  });

  it('keeps reading a refused body for a moment, so a client still sending gets its 413', async () => {
    // A client that asks to close (agent: false sends Connection: close) and goes on sending 2 MB
    // after the 64 KiB limit: the server answers, then throws away what still arrives for a
    // moment (a lingering close). Closing at once would reset the connection under the client's
    // writes (EPIPE), often before it read the answer.
    for (const path of ['/login', '/api/auth/sign-in/email']) {
      const outcome = await new Promise<{ status?: number; error?: string }>((resolve) => {
        let status: number | undefined;
        // Done when everything was sent and the whole answer read, however long a busy machine
        // takes to answer; an error (the reset) on the way settles it first.
        let sentAll = false;
        let answered = false;
        const settle = () => {
          if (sentAll && answered) resolve({ status });
        };
        const req = httpRequest(
          `${server.base}${path}`,
          { method: 'POST', headers: { ...VIA_PROXY, ...FORM }, agent: false },
          (res) => {
            status = res.statusCode;
            res.on('end', () => {
              answered = true;
              settle();
            });
            res.resume();
          },
        );
        req.on('error', (error: NodeJS.ErrnoException) => resolve({ status, error: error.code }));
        const chunk = Buffer.alloc(16 * 1024, 'a');
        let sent = 0;
        const pump = () => {
          if (sent >= 2 * 1024 * 1024)
            return void req.end(() => {
              sentAll = true;
              settle();
            });
          sent += chunk.length;
          if (req.write(chunk)) setImmediate(pump);
          else req.once('drain', pump);
        };
        pump();
      });
      expect(outcome).toEqual({ status: 413 });
    }
  });

  it('keeps an idle connection open longer than a proxy keeps one for reuse', async () => {
    // Closed first by the server, a connection may be reset under a request just sent on it (a
    // POST is not retried): the server must outlast Caddy's two idle minutes, and says so.
    const agent = new Agent({ keepAlive: true });
    try {
      const header = await new Promise<unknown>((resolve, reject) =>
        httpRequest(`${server.base}/healthz`, { agent }, (res) => {
          res.resume();
          resolve(res.headers['keep-alive']);
        })
          .on('error', reject)
          .end(),
      );
      expect(Number(/timeout=(\d+)/.exec(String(header))?.[1])).toBeGreaterThan(120);
    } finally {
      agent.destroy();
    }
  });

  it('closes the connection a 413 answers, saying so (Connection: close)', async () => {
    // Keep-alive is HTTP/1.1's default: without the close, the client would send its next request
    // on a connection whose unread body the server is still throwing away.
    const refusals = [
      // Refused from its Content-Length, nothing of the body sent.
      [
        'POST /login HTTP/1.1',
        'Content-Type: application/x-www-form-urlencoded',
        'Content-Length: 104857600',
      ],
      [
        'POST /api/auth/sign-in/email HTTP/1.1',
        'Content-Type: application/json',
        'Content-Length: 104857600',
      ],
      // Counted as it arrives: 1 MB in chunks, past the 64 KiB limit.
      [
        'POST /register HTTP/1.1',
        'Content-Type: application/x-www-form-urlencoded',
        'Transfer-Encoding: chunked',
      ],
    ];
    for (const head of refusals) {
      const outcome = await new Promise<{ head: string; closed: boolean }>((resolve, reject) => {
        const socket = connect(Number(new URL(server.base).port), '127.0.0.1');
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
        // The server's FIN: the connection is over (what is still sent is thrown away).
        socket.on('end', () => {
          resolve({ head: answer.split('\r\n\r\n')[0]!, closed: true });
          socket.destroy();
        });
        socket.on('error', (error: NodeJS.ErrnoException) => (answer ? undefined : reject(error)));
        setTimeout(() => {
          resolve({ head: answer.split('\r\n\r\n')[0]!, closed: false });
          socket.destroy();
        }, 8000).unref();
        socket.write(
          `${[...head, ...Object.entries(VIA_PROXY).map(([k, v]) => `${k}: ${v}`)].join('\r\n')}\r\n\r\n`,
        );
        if (head.some((h) => h.startsWith('Transfer-Encoding'))) {
          const chunk = `4000\r\n${'a'.repeat(0x4000)}\r\n`;
          for (let i = 0; i < 64 && !socket.destroyed; i++) socket.write(chunk);
        }
      });
      expect(outcome.head, head[0]).toMatch(/^HTTP\/1\.1 413 /);
      expect(outcome.head, head[0]).toMatch(/^connection: close$/im);
      expect(outcome.closed, head[0]).toBe(true);
    }
  });

  it('allows the product image forms more, but not without bound', async () => {
    const big = await send('/admin/create', {
      headers: MULTIPART,
      declaredLength: 40 * 1024 * 1024,
    });
    expect(big.status).toBe(413);
    // 1 MB is over the small limit but within the upload limit: it passes the size check and
    // reaches the route (a guest is refused), not a 413.
    const { status } = await send('/admin/edit/1', {
      headers: MULTIPART,
      streamBytes: 1024 * 1024,
    });
    expect(status).not.toBe(413);
    expect(status).toBeLessThan(500);
  });

  it("lets the enquiry and a staff reply carry their files; the cart's plain forms are still read for NUL bytes", async () => {
    for (const path of ['/cart', '/cart.data', '/admin/enquiries/1']) {
      const big = await send(path, { headers: MULTIPART, declaredLength: 40 * 1024 * 1024 });
      expect(big.status, path).toBe(413);
      // 1 MB of files is over the small limit but within the upload limit: it reaches the route
      // (a broken multipart body, or a guest sent to sign in), not a 413.
      const { status } = await send(path, { headers: MULTIPART, streamBytes: 1024 * 1024 });
      expect(status, path).not.toBe(413);
      expect(status, path).toBeLessThan(500);
    }
    // The cart's plain forms are text: a NUL byte is refused before any route sees it.
    const nul = await send('/cart', { headers: FORM, body: 'intent=add&productId=1%00' });
    expect(nul.status).toBe(400);
  });

  it('lets the client read an answer given before its body was read, every time', async () => {
    // A guest's product form is redirected to sign in before its body is read. Closing the
    // connection then, with the client still sending, made the kernel reset it, and about one
    // such request in fifteen ended in EPIPE instead of the redirect. The rest is read and thrown
    // away for a while instead, as for a refused body.
    const outcomes = new Map<string, number>();
    for (let i = 0; i < 100; i++) {
      const outcome = await send('/admin/edit/1', {
        headers: MULTIPART,
        streamBytes: 1024 * 1024,
      }).then(
        ({ status }) => String(status),
        (error: NodeJS.ErrnoException) => error.code ?? String(error),
      );
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
    expect(Object.fromEntries(outcomes)).toEqual({ 302: 100 });
  });
});

describe('headers', () => {
  it('puts a fresh CSP nonce on every page and on each of its inline scripts', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${server.base}/`);
      expect(res.status).toBe(200);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      const nonce = /script-src 'self' 'nonce-([^']+)'(;|$)/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      nonces.add(nonce!);
      const html = await res.text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
      const executable = scripts.filter((attrs) => !/type="application\/ld\+json"/.test(attrs));
      expect(executable.length).toBeGreaterThan(0);
      for (const attrs of executable) expect(attrs).toContain(`nonce="${nonce}"`);
    }
    expect(nonces.size).toBe(2);
  });

  it('sends the other browser headers on pages, API answers and static files', async () => {
    for (const path of ['/shop', '/api/v1/sports', '/favicon.svg', '/no-such-page']) {
      const res = await fetch(`${server.base}${path}`);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      // PUBLIC_URL is https here.
      expect(res.headers.get('strict-transport-security'), path).toMatch(/max-age=\d+/);
    }
  });

  it('gives the JSON API a policy that allows nothing, without a nonce', async () => {
    for (const path of ['/api/v1/products?q=net', '/api/v1/no-such-thing']) {
      const res = await fetch(`${server.base}${path}`);
      expect(res.headers.get('content-security-policy'), path).toBe(
        "default-src 'none';frame-ancestors 'none'",
      );
      expect(res.headers.get('x-powered-by'), path).toBeNull();
    }
  });

  it('keeps private pages and their data requests out of every cache', async () => {
    for (const path of [
      '/profile',
      '/orders',
      '/orders/1',
      '/cart',
      '/admin/list',
      '/login/two-factor',
      '/profile.data',
      '/orders.data',
      '/cart.data',
      '/admin/list.data',
    ]) {
      const res = await fetch(`${server.base}${path}`, { redirect: 'manual' });
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      // A visitor's own page is private anyway: still the one value, nothing added to it.
      const visitor = await fetch(`${server.base}${path}`, {
        redirect: 'manual',
        headers: { cookie: 'fh_cart=1:1' },
      });
      expect(visitor.headers.get('cache-control'), path).toBe('no-store');
    }
    const shop = await fetch(`${server.base}/shop`);
    expect(shop.headers.get('cache-control') ?? '').not.toContain('no-store');
  });

  it('treats every spelling of a private page as private, as the routes match them', async () => {
    for (const path of ['/PROFILE', '/%70rofile', '/Admin/list', '/CART.data']) {
      const res = await fetch(`${server.base}${path}`, { redirect: 'manual' });
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('keeps a password reset link out of caches and Referers', async () => {
    const res = await fetch(`${server.base}/reset-password?token=secret-token-value`);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
  });

  it("lets no shared cache keep any page a visitor with a session or cart gets, but files' caching does not vary", async () => {
    const cookie = { cookie: 'better-auth.session_token=not-a-real-one' };
    for (const path of ['/about-us', '/terms', '/no-such-page', '/shop', '/products/1']) {
      const res = await fetch(`${server.base}${path}`, { headers: cookie });
      expect(res.headers.get('cache-control'), path).toBe('private, no-cache');
      expect(res.headers.get('vary') ?? '', path).toMatch(/cookie/i);
    }
    const page = await fetch(`${server.base}/`);
    const script = /href="(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
    expect(script).toBeTruthy();
    const file = await fetch(`${server.base}${script}`, { headers: cookie });
    expect(file.headers.get('cache-control')).toContain('immutable');
    expect(file.headers.get('vary') ?? '').not.toMatch(/cookie/i);
  });

  it("sends one Cache-Control, the stricter, when a route sets its own on top of the server's", async () => {
    // The sitemap says public for an hour; for a visitor with a cookie the server said private.
    const cart = { cookie: 'fh_cart=1:1' };
    for (const path of ['/sitemap.xml', '/robots.txt']) {
      const res = await fetch(`${server.base}${path}`, { headers: cart });
      expect(res.headers.get('cache-control'), path).toBe('private, no-cache');
      const guest = await fetch(`${server.base}${path}`);
      expect(guest.headers.get('cache-control'), path).toBe('public, max-age=3600');
    }
  });

  it('never puts a real nonce where a visitor typed the placeholder', async () => {
    const typed = '__FIELDHOUSE_CSP_NONCE__';
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${server.base}/shop?q=${typed}`);
      const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
      const html = await res.text();
      expect(html).toContain(`value="${typed}"`);
      expect(html.split(nonce!).length - 1).toBe(html.split(`nonce="${nonce}"`).length - 1);
    }
  });
});

describe('request targets that make no URL', () => {
  /** Sends raw HTTP/1.1 and resolves with the status line's code. */
  function raw(lines: string[]): Promise<number> {
    return new Promise((resolve, reject) => {
      const socket = connect(Number(new URL(server.base).port), '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk.toString('latin1');
        const status = /^HTTP\/1\.1 (\d{3})/.exec(answer);
        if (status) {
          resolve(Number(status[1]));
          socket.destroy();
        }
      });
      socket.on('error', reject);
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    });
  }

  it('answers 4xx for a port out of range in the target or the Host, and keeps serving', async () => {
    // The absolute target used to pass the page cache's path test and then end the process.
    const target = await raw(['GET http://x:99999/shop HTTP/1.1', 'Host: a', 'Connection: close']);
    const host = await raw(['GET /about-us HTTP/1.1', 'Host: x:99999', 'Connection: close']);
    for (const status of [target, host]) {
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
    }
    expect((await fetch(`${server.base}/shop`)).status).toBe(200);
  });

  it('serves an HTTP/1.0 request without a Host as one for this site (it was a 500)', async () => {
    for (const target of ['/login', '/cart', '/about-us.data'])
      expect(await raw([`GET ${target} HTTP/1.0`]), target).toBeLessThan(400);
    expect(server.errors()).not.toMatch(/TypeError/);
  });
});

describe('the icon', () => {
  it('sends /favicon.ico, which some clients ask for, to the SVG icon', async () => {
    const res = await fetch(`${server.base}/favicon.ico`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/favicon.svg');
    const icon = await fetch(`${server.base}/favicon.svg`);
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
  });
});

describe('methods', () => {
  it('refuses TRACE with a 4xx and a message', async () => {
    expect((await send('/', { method: 'TRACE' })).status).toBe(405);
  });

  it('answers OPTIONS with what a URL takes, without logging an error for it', async () => {
    for (const path of ['/cart', '/', '/api/v1/products', '/admin/list']) {
      const answer = await send(path, { method: 'OPTIONS' });
      expect([answer.status, answer.headers.allow], path).toEqual([204, 'GET, HEAD, POST']);
    }
    expect(server.errors()).not.toMatch(/OPTIONS/);
  });
});

describe('Google sign-in', () => {
  it("starts at Google's address for a form, and answers 400 for a body that is not one", async () => {
    const started = await send('/login/google', { headers: FORM, body: 'redirectTo=%2Fcart' });
    expect(started.status).toBe(302);
    expect(String(started.headers.location)).toMatch(/^https:\/\/accounts\.google\.com\//);
    const plain = await send('/login/google', {
      headers: { 'content-type': 'text/plain' },
      body: 'redirectTo=/cart',
    });
    expect(plain.status).toBe(400);
  });
});

describe('behind one proxy', () => {
  it('accepts a form posted over https through the proxy', async () => {
    const { status } = await send('/login', {
      headers: { ...FORM, 'x-forwarded-for': '198.51.100.77' },
      body: 'email=nobody%40school.example&password=wrong-password',
    });
    // A refused sign-in (wrong password), not a refused form (400 or 403).
    expect(status).toBe(401);
  });

  it('keys limits on the address the proxy saw, whatever the client puts in front of it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { status } = await send('/login', {
        // The proxy appends the real peer; the client wrote the first entry.
        headers: { ...FORM, 'x-forwarded-for': `10.0.0.${i}, 203.0.113.9` },
        body: `email=someone${i}%40school.example&password=x`,
      });
      statuses.push(status);
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('sessions over https', () => {
  it('reads the Secure session cookie on the next page', async () => {
    const email = `secure-${Date.now()}@school.example`;
    const signedUp = await send('/api/auth/sign-up/email', {
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.12' },
      body: JSON.stringify({ email, password: 'correct horse battery', name: 'Mdm Secure' }),
    });
    expect(signedUp.status).toBe(200);
    const cookies = (signedUp.headers['set-cookie'] as string[]).map((c) => c.split(';')[0]!);
    expect(cookies.some((c) => c.startsWith('__Secure-better-auth.session_token='))).toBe(true);
    const cookie = cookies.join('; ');
    // Signed in: the profile page, not a redirect to sign in.
    expect((await send('/profile', { method: 'GET', headers: { cookie } })).status).toBe(200);
    // The same token under the cookie's name without the prefix is not a session on https.
    const bare = cookie.replace('__Secure-better-auth', 'better-auth');
    expect((await send('/profile', { method: 'GET', headers: { cookie: bare } })).status).toBe(302);
  });
});
