// The built server as an operator runs it: its JSON log (no personal data: a full guest enquiry's
// name, e-mail, phone and link token never reach it; every request has its line and id), health
// and readiness, /metrics behind its token, and OpenTelemetry loaded only when asked for.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort, startBuiltServer, type BuiltServer } from '../setup/built-server';
import { newDataDir, prepareCatalogue, serverEnv } from '../setup/enquiry-server';

const BUYER = {
  name: 'Tan Wei Ming Quokka',
  email: 'wei.ming.quokka@school-logs.example',
  phone: '+65 9876 5432',
  organisation: 'Quokka Primary School',
};

/** A full guest enquiry as the cart page sends it with JavaScript, with its own request id. */
async function enquire(base: string, productIds: number[], requestId: string) {
  const response = await fetch(`${base}/cart.data`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: base,
      'x-request-id': requestId,
    },
    body: new URLSearchParams({
      intent: 'enquire',
      idempotencyKey: randomUUID(),
      message: `Please quote two goals for ${BUYER.organisation}. Call ${BUYER.name} on ${BUYER.phone}.`,
      email: BUYER.email,
      name: BUYER.name,
      phone: BUYER.phone,
      organisation: BUYER.organisation,
      poReference: 'PO-QUOKKA-1',
      items: JSON.stringify(
        productIds.slice(0, 2).map((productId) => ({ productId, quantity: 2 })),
      ),
    }),
    redirect: 'manual',
  });
  const body = await response.text();
  return { status: response.status, token: /\/enquiries\/([\w-]{43})/.exec(body)?.[1] };
}

/** The server's JSON lines (each must parse). */
const linesOf = (server: BuiltServer) =>
  server
    .stdout()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

const preload = path.resolve('tests/setup/loaded-modules.mjs');
const withPreload = (file: string) => ({
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${preload}`.trim(),
  LOADED_MODULES_FILE: file,
});

describe('without METRICS_TOKEN and OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  let server: BuiltServer;
  let dataDir: string;
  let productIds: number[];

  beforeAll(async () => {
    dataDir = newDataDir('operations');
    productIds = await prepareCatalogue(dataDir);
    server = await startBuiltServer(
      { ...serverEnv(10), ...withPreload(path.join(dataDir, 'modules.txt')) },
      { dataDir },
    );
  }, 180_000);
  afterAll(() => server?.stop());

  it('answers /healthz and /readyz, and has no /metrics', async () => {
    const health = await fetch(`${server.base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${server.base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', storage: 'ok' },
    });
    for (const authorization of [undefined, 'Bearer anything-at-all-here']) {
      const metrics = await fetch(`${server.base}/metrics`, {
        headers: authorization ? { authorization } : {},
      });
      expect(metrics.status).toBe(404);
      expect(await metrics.text()).not.toContain('http_requests_total');
    }
  });

  it("logs a full guest enquiry by its request id, without the buyer's name, e-mail, phone or link", async () => {
    const requestId = `enquiry-${randomUUID().slice(0, 8)}`;
    const { status, token } = await enquire(server.base, productIds, requestId);
    expect(status).toBe(202);
    expect(token).toBeDefined();
    // The guest's link, as the buyer opens it, and a reset link with a token in its query.
    const page = await fetch(`${server.base}/enquiries/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    await page.text();
    await (await fetch(`${server.base}/reset-password?token=${token}`)).text();
    // The acknowledgement and the staff's copy are sent (to the outbox) and logged by their ids.
    await vi.waitFor(
      () => expect(server.stdout().match(/"msg":"Mail sent"/g)?.length).toBeGreaterThanOrEqual(2),
      { timeout: 20_000, interval: 200 },
    );
    await server.stop();

    const log = server.stdout() + server.stderr();
    expect(log).not.toContain(BUYER.email);
    expect(log).not.toContain('wei.ming.quokka');
    expect(log).not.toContain('Quokka');
    expect(log).not.toContain('9876');
    expect(log).not.toContain(token);
    const lines = linesOf(server);
    const enquiryLine = lines.find((line) => line.reqId === requestId && line.msg === 'request');
    expect(enquiryLine).toMatchObject({
      method: 'POST',
      route: '/cart.data',
      status: 202,
      level: 30,
    });
    expect(enquiryLine!.ms).toBeGreaterThan(0);
    expect(enquiryLine!.bytes).toBeGreaterThan(0);
    const pageLine = lines.find(
      (line) => line.reqId === page.headers.get('x-request-id') && line.msg === 'request',
    );
    expect(pageLine).toMatchObject({ method: 'GET', route: '/enquiries/:token', status: 200 });
    // Every request has its line: the three above and the health checks before them.
    expect(lines.filter((line) => line.msg === 'request').length).toBeGreaterThanOrEqual(3);
    const sent = lines.filter((line) => line.msg === 'Mail sent');
    expect(sent.every((line) => line.mailId)).toBe(true);
    // Logged while the enquiry was handled (its mail goes out after its commit): the same id.
    expect(sent.some((line) => line.reqId === requestId)).toBe(true);
  }, 60_000);

  it("loaded none of OpenTelemetry's SDK, exporters or instrumentations, nor the S3 client", () => {
    const modules = readFileSync(path.join(dataDir, 'modules.txt'), 'utf8').split('\n');
    // The list is real: the logger's package is in it.
    expect(modules.some((file) => file.includes('/node_modules/pino/'))).toBe(true);
    // Better Auth imports the API (a no-op without an SDK) by itself when it is installed.
    expect(modules.filter((file) => /\/@opentelemetry\/(?!api\/)/.test(file))).toEqual([]);
    // Nor, without S3_BUCKET, the S3 client (loaded on the bucket's first use).
    expect(modules.filter((file) => file.includes('/@aws-sdk/'))).toEqual([]);
  });
});

describe('with METRICS_TOKEN and OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  const TOKEN = `metrics-${randomUUID()}`;
  let server: BuiltServer;
  let dataDir: string;
  let productIds: number[];
  let collector: Server;
  const exported: { url: string; body: Buffer }[] = [];

  beforeAll(async () => {
    // An OTLP endpoint that keeps what it is sent.
    collector = createServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        exported.push({ url: req.url ?? '', body: Buffer.concat(chunks) });
        res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    dataDir = newDataDir('operations-metrics');
    productIds = await prepareCatalogue(dataDir);
    server = await startBuiltServer(
      {
        ...serverEnv(10),
        ...withPreload(path.join(dataDir, 'modules.txt')),
        METRICS_TOKEN: TOKEN,
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
        OTEL_BSP_SCHEDULE_DELAY: '200',
        // Nothing listens there: every send fails and stays queued.
        SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
      },
      { dataDir },
    );
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    collector?.close();
  });

  const scrape = (authorization?: string) =>
    fetch(`${server.base}/metrics`, { headers: authorization ? { authorization } : {} });

  it('answers /metrics only with its bearer token', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).status).toBe(401);
    expect((await scrape(TOKEN)).status).toBe(401);
    const ok = await scrape(`Bearer ${TOKEN}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toContain('text/plain');
  });

  it('counts requests by route pattern, the mail queue, its failures, jobs and the process', async () => {
    for (const url of [
      '/shop?q=zebra-crossing',
      '/shop?q=zebra-crossing',
      `/products/${productIds[0]}?utm_source=newsletter`,
      '/no-such-page',
    ])
      await (await fetch(`${server.base}${url}`)).text();
    const { status } = await enquire(server.base, productIds, 'metrics-enquiry');
    expect(status).toBe(202);
    let text = '';
    await vi.waitFor(
      async () => {
        text = await (await scrape(`Bearer ${TOKEN}`)).text();
        expect(text).toMatch(/^mail_send_failures_total [1-9]/m);
      },
      { timeout: 20_000, interval: 300 },
    );
    expect(text).toMatch(/^http_requests_total\{route="\/shop",method="GET",status="200"\} 2$/m);
    expect(text).toMatch(
      /^http_requests_total\{route="\/products\/:productId",method="GET",status="200"\} 1$/m,
    );
    expect(text).toMatch(/^http_requests_total\{route="\/\*",method="GET",status="404"\} 1$/m);
    expect(text).toMatch(
      /^http_requests_total\{route="\/cart.data",method="POST",status="202"\} 1$/m,
    );
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0.5",route="\/shop"\} \d/m);
    // Labels are patterns: nothing of the URLs asked for.
    expect(text).not.toMatch(/zebra|utm_source|no-such-page/);
    expect(text).toMatch(/^page_cache_requests_total\{outcome="hit"\} 1$/m);
    expect(text).toMatch(/^mail_queue_depth [1-9]/m);
    expect(text).toMatch(/^mail_queue_oldest_unsent_age_seconds \d/m);
    expect(text).toMatch(/^mail_sent_total 0$/m);
    expect(text).toMatch(/^job_lag_seconds\{job="quotation-reminders"\} 0$/m);
    expect(text).toMatch(/^job_runs_total\{job="quotation-reminders",outcome="ok"\} [1-9]/m);
    for (const name of [
      'db_pool_connections_in_use',
      'db_pool_requests_waiting',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(text).toMatch(new RegExp(`^${name} \\d`, 'm'));
    // The failures are logged too, without the address they were for.
    expect(server.stdout()).toContain('Mail could not be sent');
    expect(server.stdout()).not.toContain(BUYER.email);
  }, 60_000);

  it('sends traces of requests to the OTLP endpoint, without the link tokens in their URLs', async () => {
    const { token } = await enquire(server.base, productIds, 'traced-enquiry');
    expect(token).toBeDefined();
    const page = await fetch(`${server.base}/enquiries/${token}`);
    expect(page.status).toBe(200);
    await page.text(); // its span ends with the response
    // Stopping sends the spans still buffered.
    await server.stop();
    const traces = () =>
      Buffer.concat(exported.filter((e) => e.url === '/v1/traces').map((e) => e.body));
    await vi.waitFor(() => expect(traces().includes('/enquiries/[token]')).toBe(true), {
      timeout: 5000,
    });
    expect(traces().includes('fieldhouse')).toBe(true);
    expect(traces().includes(token!)).toBe(false);
    const modulesFile = path.join(dataDir, 'modules.txt');
    expect(existsSync(modulesFile)).toBe(true);
    const modules = readFileSync(modulesFile, 'utf8');
    expect(modules).toContain('/@opentelemetry/sdk-node/');
    expect(modules).toContain('/@opentelemetry/instrumentation-pg/');
  }, 60_000);
});
