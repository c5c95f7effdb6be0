// The command-line scripts read .env from the working folder, and the environment wins over it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const loader = path.resolve('scripts/load-env.ts');
/** tsx's command, as npm installs it. */
const tsx = path.resolve('node_modules/.bin/tsx');

/** Runs load-env in `cwd` and returns the probe variables it leaves in process.env. */
function probe(cwd: string, env: Record<string, string> = {}) {
  // A module file (.mts), so top-level await works whatever the folder's package.json says.
  const file = path.join(cwd, 'probe.mts');
  writeFileSync(
    file,
    `await import(${JSON.stringify(loader)}); console.log(JSON.stringify({ a: process.env.FH_PROBE_A ?? null, b: process.env.FH_PROBE_B ?? null }));`,
  );
  const result = spawnSync(tsx, [file], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout.trim().split('\n').pop()!) as {
    a: string | null;
    b: string | null;
  };
}

describe('load-env', () => {
  it('reads .env when present; variables already set win', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fieldhouse-env-'));
    writeFileSync(path.join(dir, '.env'), 'FH_PROBE_A=from-file\nFH_PROBE_B=from-file\n');
    expect(probe(dir, { FH_PROBE_B: 'from-environment' })).toEqual({
      a: 'from-file',
      b: 'from-environment',
    });
  });

  it('runs without a .env', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fieldhouse-env-'));
    expect(probe(dir)).toEqual({ a: null, b: null });
  });
});
