// The production build of the shop as a child process (scripts/start.mjs), for tests that talk
// to it over HTTP, stop it, kill it or take its database away.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureFreshBuild } from '../../scripts/lib/build.mjs';

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** The lines of a JSON log at level error (50) or above; other lines (not JSON) are left out. */
function errorLines(log: string): string {
  return log
    .split('\n')
    .filter((line) => {
      try {
        return (JSON.parse(line) as { level?: number }).level! >= 50;
      } catch {
        return false;
      }
    })
    .join('\n');
}

/** Builds the shop when there is no build or a source changed since (scripts/lib/build.mjs). */
export function ensureBuild(): void {
  ensureFreshBuild();
}

export interface BuiltServer {
  base: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** What the server wrote to stderr so far. */
  stderr: () => string;
  /** What the server wrote to stdout so far: its log, a JSON line per event. */
  stdout: () => string;
  /** The log's lines of level error and above so far, and anything written to stderr. */
  errors: () => string;
  /** SIGTERM and wait (no-op when it has exited). */
  stop: () => Promise<void>;
  /** SIGKILL and wait. */
  kill: () => Promise<void>;
}

/**
 * Starts the built shop with `env` on a free port (or `port`) and waits until /healthz answers
 * 200. Defaults: a fresh data folder, no demo data, PUBLIC_URL = its own address.
 */
export async function startBuiltServer(
  env: Record<string, string> = {},
  options: {
    port?: number;
    dataDir?: string;
    timeoutMs?: number;
    /**
     * The port held by a stand-in for systemd's socket activation (socket-holder.pl), which
     * starts the server again each time it exits; `child` is then the holder.
     */
    socketActivation?: boolean;
  } = {},
): Promise<BuiltServer> {
  ensureBuild();
  const port = options.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'fieldhouse-server-'));
  const command = options.socketActivation
    ? ['perl', 'tests/setup/socket-holder.pl', String(port), process.execPath, 'scripts/start.mjs']
    : [process.execPath, 'scripts/start.mjs'];
  const child = spawn(command[0]!, command.slice(1), {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: '0',
      PUBLIC_URL: base,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const end = async (signal: NodeJS.Signals) => {
    if (exited()) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await gone;
  };
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    // Its log (stdout) says why, a configuration error included.
    if (exited()) throw new Error(`the server exited while starting:\n${errors}${output}`);
    if (Date.now() > deadline) {
      await end('SIGKILL');
      throw new Error(`the server did not start:\n${errors}${output}`);
    }
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    base,
    port,
    dataDir,
    child,
    stderr: () => errors,
    stdout: () => output,
    errors: () => errors + errorLines(output),
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
  };
}
