// WEB_CONCURRENCY: several server processes on one port (scripts/start.mjs's cluster). Refused on
// the embedded database; on PostgreSQL (TEST_DB=postgres) the processes boot once, all serve,
// one that dies is replaced while the others answer, and SIGTERM stops them all.
import { existsSync } from 'node:fs';
import { get } from 'node:http';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startBuiltServer, type BuiltServer } from '../setup/built-server';
import { childrenOf, cpuTicks } from '../setup/processes';

const postgres = process.env.TEST_DB === 'postgres';

/**
 * A GET on a connection of its own (the cluster hands out connections, not requests); -1 when no
 * answer came within 3 s.
 */
function getStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false, timeout: 3000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    })
      .on('timeout', function (this: { destroy: () => void }) {
        resolve(-1);
        this.destroy();
      })
      .on('error', reject);
  });
}

it('refuses several processes on the embedded database, with one message', async () => {
  const error = await startBuiltServer(
    { WEB_CONCURRENCY: '2', DATABASE_URL: '' },
    { timeoutMs: 60_000 },
  ).then(
    () => new Error('the server started'),
    (e: Error) => e,
  );
  expect(error.message).toMatch(/the server exited while starting/);
  expect(error.message.match(/WEB_CONCURRENCY: above 1 needs DATABASE_URL/g)).toHaveLength(1);
}, 90_000);

describe.skipIf(!postgres)('two processes on PostgreSQL', () => {
  let server: BuiltServer;
  afterAll(() => server?.stop());

  it('boot once, both serve, a dead one is replaced and SIGTERM stops them all', async () => {
    server = await startBuiltServer(
      {
        WEB_CONCURRENCY: '2',
        DATABASE_URL: process.env.DATABASE_URL!,
        AUTH_SECRET: 'p'.repeat(40),
        ADMIN_EMAIL: 'cluster-admin@example.com',
        ADMIN_PASSWORD: 'cluster admin password',
        METRICS_TOKEN: 'cluster-metrics-token',
      },
      { timeoutMs: 120_000 },
    );
    await vi.waitFor(() => expect(server.stdout()).toContain('(2 processes)'), {
      timeout: 60_000,
      interval: 100,
    });
    // The first process created the admin; the second found it.
    expect(server.stdout().match(/Admin created from ADMIN_EMAIL/g)).toHaveLength(1);
    const workers = childrenOf(server.child.pid!);
    expect(workers).toHaveLength(2);

    // Each connection goes to the next process: both do work.
    const before = workers.map(cpuTicks);
    for (let i = 0; i < 40; i++)
      expect(await getStatus(`${server.base}/shop?q=goalpost${i}`)).toBe(200);
    const after = workers.map(cpuTicks);
    expect(after[0]).toBeGreaterThan(before[0]);
    expect(after[1]).toBeGreaterThan(before[1]);
    // Each process answered about half of them; a scrape, whichever process it reaches, counts
    // the requests of both.
    const metrics = await fetch(`${server.base}/metrics`, {
      headers: { authorization: 'Bearer cluster-metrics-token' },
    });
    expect(await metrics.text()).toMatch(
      /^http_requests_total\{route="\/shop",method="GET",status="200"\} 40$/m,
    );

    // One dies. Once the primary has seen it (a connection handed to it in the milliseconds before
    // is lost: Node's cluster does not take it back), the other answers every request while a new
    // one starts, which then serves too.
    process.kill(workers[0], 'SIGKILL');
    await vi.waitFor(() => expect(server.stdout()).toContain('A server process ended (SIGKILL)'), {
      timeout: 10_000,
      interval: 100,
    });
    const statuses: number[] = [];
    const deadline = Date.now() + 30_000;
    while (!server.stdout().includes('A new server process is serving.')) {
      if (Date.now() > deadline) throw new Error(`no replacement:\n${server.stderr()}`);
      statuses.push(await getStatus(`${server.base}/healthz`));
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(server.stdout()).toContain('A server process ended (SIGKILL); starting another.');
    const replaced = childrenOf(server.child.pid!);
    expect(replaced).toHaveLength(2);
    expect(replaced).toContain(workers[1]);
    const newcomer = replaced.find((pid) => pid !== workers[1])!;
    const idle = cpuTicks(newcomer);
    for (let i = 0; i < 40; i++)
      expect(await getStatus(`${server.base}/shop?q=netball${i}`)).toBe(200);
    expect(cpuTicks(newcomer)).toBeGreaterThan(idle);

    // SIGTERM to the primary ends every process, cleanly.
    await server.stop();
    expect(server.child.exitCode).toBe(0);
    for (const pid of replaced) expect(existsSync(`/proc/${pid}`), String(pid)).toBe(false);
  }, 180_000);
});
