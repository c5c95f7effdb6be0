import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, lockHolder } from './data-lock.server';

describe('data folder lock', () => {
  it('refuses a folder held by a live process, naming it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fh-lock-'));
    const other = spawn('sleep', ['30']);
    try {
      writeFileSync(path.join(dir, '.lock'), String(other.pid));
      expect(lockHolder(dir)).toBe(other.pid);
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/in use by another Fieldhouse process/);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a dead process and releases it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fh-lock-'));
    const dead = spawn('true');
    await new Promise((r) => dead.once('exit', r));
    writeFileSync(path.join(dir, '.lock'), String(dead.pid));
    expect(lockHolder(dir)).toBeNull();
    const release = lockDataDir(dir);
    expect(existsSync(path.join(dir, '.lock'))).toBe(true);
    release();
    expect(existsSync(path.join(dir, '.lock'))).toBe(false);
  });
});
