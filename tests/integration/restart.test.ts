// Graceful restarts of the built server under a steady stream of page views and guest enquiries.
// SIGTERM (one process, PGlite or PostgreSQL): the requests in flight finish, a slow upload among
// them; /readyz says 503 at once; connections close as soon as they are idle; every enquiry
// acknowledged is in the database afterwards; the exit code is 0, or 1 when the time limit
// (SHUTDOWN_TIMEOUT_MS) cut a request; one process ignores SIGHUP. SIGHUP with WEB_CONCURRENCY=2
// (PostgreSQL): every process is replaced and not one request fails. With the port held by
// systemd (socket activation), a SIGTERM and the next process lose not one request either.
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enquiries } from '~/services/db/schema';
import { startBuiltServer, type BuiltServer } from '../setup/built-server';
import {
  newDataDir,
  onPostgres,
  prepareCatalogue,
  serverEnv,
  withServerDatabase,
} from '../setup/enquiry-server';
import { childrenOf } from '../setup/processes';

let server: BuiltServer | undefined;
afterEach(() => server?.stop());

const ACK = /\/enquiries\/[\w-]{43}\?sent=1/;

function enquiryBody(productIds: number[], key: string, label: string, message?: string) {
  return new URLSearchParams({
    intent: 'enquire',
    idempotencyKey: key,
    message: message ?? `Enquiry ${label}`,
    email: `buyer-${label}@school.example`,
    items: JSON.stringify(productIds.map((productId, n) => ({ productId, quantity: n + 1 }))),
  }).toString();
}

interface Answer {
  status: number;
  text: string;
}

/**
 * One request on a connection of its own (as a balancer or a browser opening a new one): the
 * error's code when it failed (ECONNREFUSED: the server was no longer accepting).
 */
function send(base: string, path: string, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      {
        method: body ? 'POST' : 'GET',
        agent: false,
        timeout: 20_000,
        headers: body
          ? {
              'content-type': 'application/x-www-form-urlencoded',
              origin: base,
              'content-length': Buffer.byteLength(body),
            }
          : {},
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', reject);
    req.end(body);
  });
}

interface Outcome {
  kind: 'page' | 'enquiry';
  /** 'ok', 'refused' (no connection: not accepted), or what went wrong. */
  result: string;
  /** When the request was sent and when its answer (or failure) came. */
  sent: number;
  at: number;
}

/**
 * Clients each sending, one after another, a catalogue page and a guest enquiry (the cart's
 * action, as the page posts it), until `stop()`. Every enquiry answered with its confirmation
 * link is in `acknowledged`.
 */
function stream(base: string, productIds: number[], clients = 3) {
  const outcomes: Outcome[] = [];
  const acknowledged: string[] = [];
  let stopping = false;
  const record = (kind: Outcome['kind'], result: string, sent: number) =>
    outcomes.push({ kind, result, sent, at: Date.now() });
  const client = async (id: number) => {
    for (let n = 0; !stopping; n++) {
      let sent = Date.now();
      try {
        const page = await send(base, n % 2 ? `/products/${productIds[0]}` : '/shop');
        record('page', page.status === 200 ? 'ok' : `status ${page.status}`, sent);
      } catch (error) {
        record('page', errorCode(error), sent);
      }
      const key = randomUUID();
      sent = Date.now();
      try {
        const answer = await send(base, '/cart.data', enquiryBody(productIds, key, `${id}-${n}`));
        const ok = answer.status === 202 && ACK.test(answer.text);
        if (ok) acknowledged.push(key);
        record('enquiry', ok ? 'ok' : `status ${answer.status}`, sent);
      } catch (error) {
        record('enquiry', errorCode(error), sent);
      }
      if (outcomes.at(-1)?.result === 'refused') await new Promise((r) => setTimeout(r, 50));
    }
  };
  const running = Array.from({ length: clients }, (_, i) => client(i));
  return {
    outcomes,
    acknowledged,
    stop: async () => {
      stopping = true;
      await Promise.all(running);
    },
  };
}

function errorCode(error: unknown): string {
  const code = (error as { code?: string }).code;
  return code === 'ECONNREFUSED' ? 'refused' : (code ?? String(error));
}

/**
 * A guest enquiry whose form (a 4,000-character message) arrives in 20 pieces over `ms`, on a
 * keep-alive connection, with a GET /readyz sent right behind it on the same connection.
 * Resolves with everything the server sent until it closed the connection, when it closed, and
 * when the last bytes came.
 */
function slowEnquiry(base: string, productIds: number[], key: string, ms: number) {
  const url = new URL(base);
  const body = Buffer.from(enquiryBody(productIds, key, 'slow', 'Site survey notes. '.repeat(210)));
  const socket: Socket = connect(Number(url.port), url.hostname);
  let received = '';
  let lastData = 0;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
    lastData = Date.now();
  });
  const closed = new Promise<{ received: string; at: number; lastData: number }>((resolve) => {
    socket.on('close', () => resolve({ received, at: Date.now(), lastData }));
    socket.on('error', () => undefined);
  });
  const sent = (async () => {
    await new Promise((r) => socket.once('connect', r));
    socket.write(
      `POST /cart.data HTTP/1.1\r\nHost: ${url.host}\r\nOrigin: ${base}\r\n` +
        'Content-Type: application/x-www-form-urlencoded\r\n' +
        `Content-Length: ${body.length}\r\n\r\n`,
    );
    const pieces = 20;
    const size = Math.ceil(body.length / pieces);
    for (let i = 0; i < pieces; i++) {
      await new Promise((r) => setTimeout(r, ms / pieces));
      if (socket.destroyed) return;
      const piece = body.subarray(i * size, (i + 1) * size);
      // The last piece carries the next request: a client that already sends its next one.
      socket.write(
        i < pieces - 1
          ? piece
          : Buffer.concat([
              piece,
              Buffer.from(`GET /readyz HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`),
            ]),
      );
    }
  })();
  return { sent, closed };
}

/**
 * An idle keep-alive connection (one GET /healthz answered); `closed` resolves when the server
 * closes it. (In an object: an async function returning the promise itself would wait for it.)
 */
async function idleConnection(base: string): Promise<{ closed: Promise<number> }> {
  const url = new URL(base);
  const socket = connect(Number(url.port), url.hostname);
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
  socket.on('error', () => undefined);
  await new Promise((r) => socket.once('connect', r));
  const answered = new Promise((r) => socket.once('data', r));
  socket.write(`GET /healthz HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`);
  await answered;
  socket.resume();
  return { closed };
}

function exited(target: BuiltServer): Promise<{ code: number | null; at: number }> {
  if (target.child.exitCode !== null)
    return Promise.resolve({ code: target.child.exitCode, at: 0 });
  return new Promise((resolve) =>
    target.child.once('exit', (code) => resolve({ code, at: Date.now() })),
  );
}

function logLines(target: BuiltServer): { msg: string; [key: string]: unknown }[] {
  return target
    .stdout()
    .split('\n')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as { msg: string }];
      } catch {
        return [];
      }
    });
}

async function stored(dataDir: string, keys: string[]): Promise<string[]> {
  if (!keys.length) return [];
  const rows = await withServerDatabase(dataDir, (target) =>
    target
      .select({ key: enquiries.idempotencyKey })
      .from(enquiries)
      .where(inArray(enquiries.idempotencyKey, keys)),
  );
  return rows.map((r) => r.key!);
}

/** Waits until the stream has had `n` more enquiries acknowledged. */
async function afterAcknowledged(flow: ReturnType<typeof stream>, n: number) {
  const target = flow.acknowledged.length + n;
  await vi.waitFor(() => expect(flow.acknowledged.length).toBeGreaterThanOrEqual(target), {
    timeout: 30_000,
    interval: 20,
  });
}

describe('SIGTERM', () => {
  it('finishes the requests in flight, loses no acknowledged enquiry and exits 0', async () => {
    const dataDir = newDataDir('restart');
    const productIds = await prepareCatalogue(dataDir);
    const shop = (server = await startBuiltServer(serverEnv(5000), { dataDir }));
    const flow = stream(shop.base, productIds);
    await afterAcknowledged(flow, 5);
    // One process has no other to hand its port to: SIGHUP is ignored, not its default (the end).
    shop.child.kill('SIGHUP');
    await vi.waitFor(() => expect(shop.stdout()).toContain('SIGHUP ignored'), { interval: 50 });
    await afterAcknowledged(flow, 2);

    const idle = await idleConnection(shop.base);
    const slowKey = randomUUID();
    const slow = slowEnquiry(shop.base, productIds, slowKey, 2000);
    await new Promise((r) => setTimeout(r, 400)); // its headers and the first pieces are in
    const gone = exited(shop);
    const signalled = Date.now();
    shop.child.kill('SIGTERM');

    const { received, at: slowClosed, lastData } = await slow.closed;
    const { code, at: exitAt } = await gone;
    await flow.stop();

    // The slow upload, still arriving when the signal came, was read to its end and answered;
    // the request sent behind it on the same connection heard that the server is stopping, and
    // the connection was closed at once after it, not left to its keep-alive timeout.
    expect(received).toMatch(/^HTTP\/1\.1 202 /);
    expect(received).toMatch(ACK);
    expect(received).toMatch(/HTTP\/1\.1 503 [\s\S]*"status":"stopping"/);
    expect(slowClosed - signalled).toBeGreaterThan(1000);
    expect(slowClosed - lastData).toBeLessThan(1000);
    expect(exitAt - slowClosed).toBeLessThan(3000);
    // An idle keep-alive connection was kept until the signal, then closed at once.
    const idleClosed = (await idle.closed) - signalled;
    expect(idleClosed).toBeGreaterThanOrEqual(0);
    expect(idleClosed).toBeLessThan(1000);
    expect(code).toBe(0);

    // Every request was answered in full, or found no server accepting connections, or was reset
    // unread: a connection still waiting to be accepted, or accepted but not yet read from,
    // when the port closed (the client cannot tell, so a balancer stops sending on the 503 first).
    const failed = flow.outcomes.filter(
      (o) => o.result !== 'ok' && o.result !== 'refused' && o.result !== 'ECONNRESET',
    );
    expect(failed).toEqual([]);
    // Unread: what the server answered, every client received. Its log has one line per request.
    const served = logLines(shop).filter((l) => l.msg.startsWith('request'));
    expect(served.filter((l) => l.msg !== 'request')).toEqual([]);
    const count = (list: { length: number }) => list.length;
    expect(
      count(served.filter((l) => l.route === '/cart.data' && l.status === 202)),
      'enquiries the server acknowledged',
    ).toBe(flow.acknowledged.length + 1);
    expect(
      count(served.filter((l) => /^\/(shop|products\/:productId)$/.test(String(l.route)))),
      'pages the server sent',
    ).toBe(count(flow.outcomes.filter((o) => o.kind === 'page' && o.result === 'ok')));
    const reset = count(flow.outcomes.filter((o) => o.result === 'ECONNRESET'));
    const answeredAfterSignal = flow.outcomes.filter(
      (o) => o.result === 'ok' && o.at > signalled,
    ).length;

    const log = logLines(shop);
    const lines = log.map((l) => l.msg);
    // By time, not by place: the last lines of a process are flushed at its exit, not in order.
    const when = (msg: string) => String(log.find((l) => l.msg === msg)?.time);
    const steps = [
      'Stopping: /readyz answers 503, no new connections are accepted',
      'Requests in flight finished',
      'Mail queue and scheduled jobs stopped',
      'Database closed',
      'Stopped',
    ];
    for (const step of steps) expect(lines).toContain(step);
    expect(when('Database closed') >= when('Requests in flight finished')).toBe(true);
    expect(when('Database closed') >= when('Mail queue and scheduled jobs stopped')).toBe(true);

    const acknowledged = [...flow.acknowledged, slowKey];
    const found = await stored(dataDir, acknowledged);
    expect(acknowledged.filter((key) => !found.includes(key))).toEqual([]);
    console.log(
      `restart (SIGTERM): ${flow.outcomes.length} requests, ${acknowledged.length} enquiries acknowledged and stored, ${answeredAfterSignal} answered after the signal, ${reset} reset unread, exit after ${exitAt - signalled} ms`,
    );
  }, 240_000);

  it('cuts what is still running at SHUTDOWN_TIMEOUT_MS and exits 1', async () => {
    const dataDir = newDataDir('restart-cut');
    const productIds = await prepareCatalogue(dataDir);
    const shop = (server = await startBuiltServer(
      { ...serverEnv(100), SHUTDOWN_TIMEOUT_MS: '500' },
      { dataDir },
    ));
    const slow = slowEnquiry(shop.base, productIds, randomUUID(), 3000);
    await new Promise((r) => setTimeout(r, 400));
    const gone = exited(shop);
    const signalled = Date.now();
    shop.child.kill('SIGTERM');
    const { received, at } = await slow.closed;
    expect(received).toBe('');
    expect(at - signalled).toBeLessThan(2500);
    expect((await gone).code).toBe(1);
    const cut = logLines(shop).find((l) => l.msg.startsWith('Shutdown time limit reached'));
    expect(cut).toMatchObject({ cutRequests: 1, timeoutMs: 500 });
  }, 240_000);
});

describe('SIGTERM with the port held by systemd (socket activation)', () => {
  it('restarts without one refused or failed request', async () => {
    const dataDir = newDataDir('socket');
    const productIds = await prepareCatalogue(dataDir);
    const shop = (server = await startBuiltServer(serverEnv(5000), {
      dataDir,
      socketActivation: true,
    }));
    const started = () =>
      [...shop.stderr().matchAll(/socket-holder: started (\d+)/g)].map((m) => Number(m[1]));
    const serving = () =>
      logLines(shop).filter((l) => l.msg === 'Fieldhouse is serving on the socket from systemd');
    expect(serving()).toHaveLength(1);

    const flow = stream(shop.base, productIds);
    await afterAcknowledged(flow, 5);
    const [first] = started();
    process.kill(first!, 'SIGTERM');
    // The new process boots (the embedded database waits for the old one to let go) while the
    // requests that arrive wait in the socket's queue.
    await vi.waitFor(() => expect(serving()).toHaveLength(2), { timeout: 60_000, interval: 100 });
    expect(started()).toHaveLength(2);
    await afterAcknowledged(flow, 5);
    await flow.stop();

    const failed = flow.outcomes.filter((o) => o.result !== 'ok');
    expect(failed).toEqual([]);
    // Some were sent after the old process stopped taking connections and answered by the new
    // one: they waited in the socket's queue meanwhile.
    const logged = (msg: RegExp, pid: number) =>
      Date.parse(String(logLines(shop).find((l) => msg.test(l.msg) && l.pid === pid)?.time));
    const [, second] = started();
    const closedAt = logged(/^Stopping: /, first!);
    const servingAt = logged(/^Fieldhouse is serving/, second!);
    const waited = flow.outcomes.filter((o) => o.sent > closedAt && o.at > servingAt);
    expect(waited.length).toBeGreaterThan(0);
    const found = await stored(dataDir, flow.acknowledged);
    expect(flow.acknowledged.filter((key) => !found.includes(key))).toEqual([]);
    console.log(
      `restart (socket activation): ${flow.outcomes.length} requests, all answered, ${waited.length} of them queued while no process served; ${flow.acknowledged.length} enquiries acknowledged and stored`,
    );
  }, 240_000);
});

describe.skipIf(!onPostgres)('SIGHUP with WEB_CONCURRENCY=2', () => {
  it('replaces every process one at a time without one failed request', async () => {
    const dataDir = newDataDir('reload');
    const productIds = await prepareCatalogue(dataDir);
    const shop = (server = await startBuiltServer(
      { ...serverEnv(5000), WEB_CONCURRENCY: '2', SHUTDOWN_TIMEOUT_MS: '3000' },
      { dataDir, timeoutMs: 120_000 },
    ));
    await vi.waitFor(() => expect(shop.stdout()).toContain('(2 processes)'), {
      timeout: 60_000,
      interval: 100,
    });
    const before = childrenOf(shop.child.pid!);
    expect(before).toHaveLength(2);

    const flow = stream(shop.base, productIds, 4);
    await afterAcknowledged(flow, 5);
    // Slow uploads on both processes (each new connection goes to the next), as SIGHUP comes.
    const slowKeys = [randomUUID(), randomUUID()];
    const slow = slowKeys.map((key) => slowEnquiry(shop.base, productIds, key, 2000));
    await new Promise((r) => setTimeout(r, 300));
    shop.child.kill('SIGHUP');
    await vi.waitFor(() => expect(shop.stdout()).toContain('Restart done'), {
      timeout: 120_000,
      interval: 100,
    });
    await afterAcknowledged(flow, 5);
    await flow.stop();
    const uploads = await Promise.all(slow.map((s) => s.closed));

    const after = childrenOf(shop.child.pid!);
    expect(after).toHaveLength(2);
    expect(after.filter((pid) => before.includes(pid))).toEqual([]);
    expect(flow.outcomes.filter((o) => o.result !== 'ok')).toEqual([]);
    for (const { received } of uploads) {
      expect(received).toMatch(/^HTTP\/1\.1 202 /);
      expect(received).toMatch(ACK);
    }
    const replaced = logLines(shop).filter((l) =>
      /^Server process \d+ replaced by \d+ \(exit code 0\)/.test(l.msg),
    );
    const stopLines = logLines(shop)
      .filter((l) => /^(Stopping|Shutdown|Stopped|Server process|Mail queue|Requests)/.test(l.msg))
      .map((l) => JSON.stringify(l))
      .join('\n');
    expect(replaced, stopLines).toHaveLength(2);

    // SIGTERM while an upload needs longer than SHUTDOWN_TIMEOUT_MS: the process serving it cuts
    // it, and the server's exit code says so to its supervisor.
    const tooSlow = slowEnquiry(shop.base, productIds, randomUUID(), 8000);
    await new Promise((r) => setTimeout(r, 300));
    const gone = exited(shop);
    shop.child.kill('SIGTERM');
    expect((await tooSlow.closed).received).toBe('');
    expect((await gone).code).toBe(1);
    expect(
      logLines(shop).find((l) => l.msg === 'Stopped' && l.pid === shop.child.pid),
    ).toMatchObject({ exitCode: 1 });
    const acknowledged = [...flow.acknowledged, ...slowKeys];
    const found = await stored(dataDir, acknowledged);
    expect(acknowledged.filter((key) => !found.includes(key))).toEqual([]);
    console.log(
      `restart (SIGHUP): ${flow.outcomes.length} requests, all answered; ${acknowledged.length} enquiries acknowledged and stored`,
    );
  }, 300_000);
});
