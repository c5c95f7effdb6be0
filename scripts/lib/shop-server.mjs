// The built shop on a temporary data folder with the demo catalogue, for the scripts that look at
// it from outside (Lighthouse, screenshots): builds first when the build is missing or stale, starts
// `scripts/start.mjs` in production mode and waits for /healthz.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureFreshBuild } from './build.mjs';

/** Starts the shop on `port` (its data folder in `dataDir`); `stop()` ends it and removes the folder. */
export async function startShop({ port, env = {} }) {
  ensureFreshBuild();
  const base = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fieldhouse-shop-'));
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      SEED_DEMO: '1',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; ; i++) {
      if (server.exitCode !== null) throw new Error('the shop exited while starting');
      if (i === 600) throw new Error('the shop did not start within two minutes');
      try {
        if ((await fetch(`${base}/healthz`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, dataDir, stop };
}
