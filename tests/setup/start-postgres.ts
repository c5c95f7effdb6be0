// A throwaway PostgreSQL server (Debian's postgresql: initdb into a temp folder, loopback, a free
// port, durability off), for the test suite and the benchmark.
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

function findBin(name: string): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = path.join(root, v, 'bin', name);
    if (existsSync(bin)) return bin;
  }
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface PostgresServer {
  url: string;
  /** Stops the server for good and removes its files. */
  stop: () => void;
  /** Stops the server (fast shutdown: connections are ended), keeping its files. */
  halt: () => void;
  /** Starts it again on the same port after `halt`, and waits until it answers. */
  resume: () => Promise<void>;
}

export async function startPostgres(): Promise<PostgresServer> {
  const initdb = findBin('initdb');
  const postgres = findBin('postgres');
  if (!initdb || !postgres)
    throw new Error('PostgreSQL is not installed (apt-get install -y postgresql)');
  const dir = mkdtempSync(path.join(tmpdir(), 'fieldhouse-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' })
      : execFileSync(cmd, args, { stdio: 'pipe' });
  if (asRoot)
    chownSync(
      dir,
      Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
      Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
    );
  const data = path.join(dir, 'data');
  run(initdb, ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
  const port = await freePort();
  const args = [
    '-D',
    data,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `unix_socket_directories=${dir}`,
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=200',
  ];
  const launch = () =>
    asRoot
      ? spawn('runuser', ['-u', 'postgres', '--', postgres, ...args], { stdio: 'ignore' })
      : spawn(postgres, args, { stdio: 'ignore' });
  let child = launch();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const pg = await import('pg');
  const waitUntilUp = async () => {
    for (let i = 0; ; i++) {
      const client = new pg.default.Client({ connectionString: url });
      try {
        await client.connect();
        await client.end();
        break;
      } catch (error) {
        await client.end().catch(() => {});
        if (i > 300) throw new Error(`PostgreSQL did not start: ${String(error)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  };
  await waitUntilUp();
  // Stop the server itself (runuser does not forward signals) and wait for it.
  const pgCtlStop = (mode: 'fast' | 'immediate') => {
    const pgCtl = findBin('pg_ctl');
    if (pgCtl) {
      try {
        run(pgCtl, ['-D', data, '-m', mode, '-w', 'stop']);
      } catch {
        // already gone
      }
    }
    child.kill('SIGKILL');
  };
  const stop = () => {
    pgCtlStop('immediate');
    rmSync(dir, { recursive: true, force: true });
  };
  const halt = () => pgCtlStop('fast');
  const resume = async () => {
    child = launch();
    await waitUntilUp();
  };
  return { url, stop, halt, resume };
}
