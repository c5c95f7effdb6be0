// The build staleness check and the build lock, on temporary folders laid out like the project,
// with a stand-in for the build so that nothing here runs Vite.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BUILD_OUTPUT,
  BUILD_SOURCES,
  buildLockPath,
  buildStaleness,
  ensureFreshBuild,
} from './build.mjs';

const HOUR = 3600;
const now = Math.floor(Date.now() / 1000);

/** Writes `file` under `root` with the modification time `at` (seconds). */
function put(root: string, file: string, at: number) {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, file);
  utimesSync(full, at, at);
}

const roots: string[] = [];
function tempRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'fieldhouse-build-test-'));
  roots.push(root);
  return root;
}
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** A project whose sources were all written two hours ago and built an hour ago. */
function project(): string {
  const root = tempRoot();
  for (const file of [
    'app/routes/shop.tsx',
    'app/lib/deep/nested/money.ts',
    'server/app.ts',
    'public/favicon.svg',
    'package.json',
    'package-lock.json',
    'vite.config.ts',
    'react-router.config.ts',
    'tsconfig.json',
    'docs/notes.md',
    'tests/e2e/shop.spec.ts',
  ])
    put(root, file, now - 2 * HOUR);
  put(root, BUILD_OUTPUT, now - HOUR);
  return root;
}

describe('buildStaleness', () => {
  it('is fresh when every source is older than the build', () => {
    expect(buildStaleness(project())).toEqual({ stale: false, reason: '' });
  });

  it('is stale when there is no build', () => {
    const root = tempRoot();
    put(root, 'app/root.tsx', now - HOUR);
    expect(buildStaleness(root)).toEqual({ stale: true, reason: 'there is no build yet' });
  });

  it.each([
    ['app/lib/deep/nested/money.ts', 'app'],
    ['app/routes/new-page.tsx', 'app'],
    ['server/app.ts', 'server'],
    ['public/favicon.svg', 'public'],
    ['vite.config.ts', 'vite.config.ts'],
    ['react-router.config.ts', 'react-router.config.ts'],
    ['tsconfig.json', 'tsconfig.json'],
    ['package.json', 'package.json'],
    ['package-lock.json', 'package-lock.json'],
  ])('is stale when %s changed after the build', (file, source) => {
    const root = project();
    put(root, file, now);
    expect(buildStaleness(root)).toEqual({
      stale: true,
      reason: `${source} changed since the last build`,
    });
  });

  it('ignores files the build is not made from', () => {
    const root = project();
    put(root, 'docs/notes.md', now);
    put(root, 'tests/e2e/shop.spec.ts', now);
    put(root, 'README.md', now);
    expect(buildStaleness(root).stale).toBe(false);
  });

  it('lists every folder and settings file the build reads', () => {
    expect([...BUILD_SOURCES].sort()).toEqual(
      [
        'app',
        'package-lock.json',
        'package.json',
        'public',
        'react-router.config.ts',
        'server',
        'tsconfig.json',
        'vite.config.ts',
      ].sort(),
    );
  });
});

describe('ensureFreshBuild', () => {
  const stampBuild = (root: string) => put(root, BUILD_OUTPUT, Math.floor(Date.now() / 1000) + 1);

  it('builds a stale build once, then leaves the fresh one alone', () => {
    const root = project();
    put(root, 'app/routes/shop.tsx', now);
    const builds: string[] = [];
    const messages: string[] = [];
    const build = (dir: string) => {
      builds.push(dir);
      stampBuild(dir);
    };
    expect(ensureFreshBuild({ root, build, log: (m) => messages.push(m) })).toBe(true);
    expect(builds).toEqual([root]);
    expect(messages).toEqual(['Building the shop: app changed since the last build…']);
    expect(ensureFreshBuild({ root, build, log: (m) => messages.push(m) })).toBe(false);
    expect(builds).toEqual([root]);
  });

  it('does not build a fresh build', () => {
    const root = project();
    let built = false;
    const result = ensureFreshBuild({ root, build: () => (built = true), log: () => {} });
    expect(result).toBe(false);
    expect(built).toBe(false);
  });

  /** A process that calls ensureFreshBuild on `root` with a build that takes a second. */
  function builder(root: string, log: string) {
    const script = `
      import { appendFileSync, utimesSync, writeFileSync } from 'node:fs';
      import path from 'node:path';
      import { ensureFreshBuild } from ${JSON.stringify(path.resolve('scripts/lib/build.mjs'))};
      ensureFreshBuild({
        root: process.argv[1],
        log: () => {},
        build: (root) => {
          appendFileSync(process.argv[2], 'build ' + process.pid + '\\n');
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
          const out = path.join(root, ${JSON.stringify(BUILD_OUTPUT)});
          writeFileSync(out, 'built');
          const later = Date.now() / 1000 + 1;
          utimesSync(out, later, later);
        },
      });
      appendFileSync(process.argv[2], 'done ' + process.pid + '\\n');
    `;
    return spawn(process.execPath, ['--input-type=module', '-e', script, root, log], {
      stdio: 'inherit',
    });
  }

  it('builds once when several processes ask at the same time; the others wait for it', async () => {
    const root = project();
    put(root, 'server/app.ts', now);
    const log = path.join(root, 'log.txt');
    writeFileSync(log, '');
    const children = [builder(root, log), builder(root, log), builder(root, log)];
    const codes = await Promise.all(
      children.map((child) => new Promise((resolve) => child.once('exit', resolve))),
    );
    expect(codes).toEqual([0, 0, 0]);
    const lines = readFileSync(log, 'utf8').trim().split('\n');
    expect(lines.filter((l) => l.startsWith('build'))).toHaveLength(1);
    // Nobody went on before the build was written.
    expect(lines[0]).toMatch(/^build /);
    expect(lines.filter((l) => l.startsWith('done'))).toHaveLength(3);
    expect(buildStaleness(root).stale).toBe(false);
  });

  it('takes over a lock its holder died before writing its id into', () => {
    const root = project();
    put(root, 'app/routes/shop.tsx', now);
    writeFileSync(buildLockPath(root), '');
    utimesSync(buildLockPath(root), now - 60, now - 60);
    let built = 0;
    ensureFreshBuild({
      root,
      log: () => {},
      build: (dir) => {
        built++;
        stampBuild(dir);
      },
    });
    expect(built).toBe(1);
  });

  it('takes over the lock of a build that was killed', () => {
    const root = project();
    put(root, 'app/routes/shop.tsx', now);
    // The process id of a process that has ended.
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    writeFileSync(buildLockPath(root), String(gone));
    let built = 0;
    const started = Date.now();
    ensureFreshBuild({
      root,
      log: () => {},
      build: (dir) => {
        built++;
        stampBuild(dir);
      },
    });
    expect(built).toBe(1);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
