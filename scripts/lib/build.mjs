// The production build, made again whenever a source is newer than it: `npm start`, the tests
// that run the built server and the scripts that measure it must never serve yesterday's code.
// Several test files (each a process of its own) may ask at once, so one builds and the others
// wait for it (a lock file), rather than two builds emptying the same folder under each other.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  openSync,
  closeSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** What the build is made from: the sources, what they are served with, and the build's settings. */
export const BUILD_SOURCES = [
  'app',
  'server',
  'public',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'react-router.config.ts',
  'tsconfig.json',
];

/** The build's last file: the server bundle is written after the client's. */
export const BUILD_OUTPUT = 'build/server/index.js';

/** The newest modification time of `target` or of any file under it; 0 when it does not exist. */
function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/**
 * Whether the build in `root` is missing or older than one of its sources, and which source is
 * newer (for the message).
 */
export function buildStaleness(root = '.') {
  const output = path.join(root, BUILD_OUTPUT);
  if (!existsSync(output)) return { stale: true, reason: 'there is no build yet' };
  const built = statSync(output).mtimeMs;
  for (const source of BUILD_SOURCES) {
    if (newestMtime(path.join(root, source)) > built)
      return { stale: true, reason: `${source} changed since the last build` };
  }
  return { stale: false, reason: '' };
}

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** The lock file of the builds of `root`. */
export function buildLockPath(root = '.') {
  const key = createHash('sha256').update(path.resolve(root)).digest('hex').slice(0, 16);
  return path.join(tmpdir(), `fieldhouse-build-${key}.lock`);
}

/**
 * Runs `fn` while holding the build lock of `root`: a file outside the build folder (the build
 * empties that folder) holding the builder's process id, so a lock left by a killed build is taken
 * over instead of waited on for ever.
 */
function withBuildLock(root, fn) {
  const lock = buildLockPath(root);
  for (;;) {
    try {
      const fd = openSync(lock, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      let holder = 0;
      try {
        holder = Number(readFileSync(lock, 'utf8'));
      } catch {
        continue; // released meanwhile
      }
      // No id yet: the holder is between open and write, unless it died there long ago.
      const abandoned = holder
        ? !alive(holder)
        : Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 10_000;
      if (abandoned) rmSync(lock, { force: true });
      else sleep(200);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { force: true });
  }
}

// Always the production build, whoever asks: under Vitest NODE_ENV is 'test', and Vite would then
// bundle React's development build (three times the bytes) into what the tests measure and serve.
const reactRouterBuild = (root) => {
  execFileSync(path.join('node_modules', '.bin', 'react-router'), ['build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
};

/**
 * Builds the shop in `root` when the build is missing or stale (see `buildStaleness`); when
 * another process is building it, waits for that build and uses it. Returns whether this call
 * built. `build` is the build itself (React Router's, in `root`).
 */
export function ensureFreshBuild({ root = '.', build = reactRouterBuild, log = console.log } = {}) {
  if (!buildStaleness(root).stale) return false;
  return withBuildLock(root, () => {
    // Another process may have built while this one waited for the lock.
    const { stale, reason } = buildStaleness(root);
    if (!stale) return false;
    log(`Building the shop: ${reason}…`);
    build(root);
    return true;
  });
}
