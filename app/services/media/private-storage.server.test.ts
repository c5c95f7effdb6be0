import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localPrivateStorage } from './storage.server';

describe('private storage on the local disk', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'fieldhouse-private-'));
  const store = localPrivateStorage(() => root);

  it('keeps a file readable by the server only, reads it back and deletes it', async () => {
    await store.put('enquiries/1/a.pdf', Buffer.from('%PDF-1.4 test'), 'application/pdf');
    expect((await store.get('enquiries/1/a.pdf'))?.toString()).toBe('%PDF-1.4 test');
    expect(statSync(path.join(root, 'enquiries/1/a.pdf')).mode & 0o777).toBe(0o600);
    await store.delete('enquiries/1/a.pdf');
    expect(await store.get('enquiries/1/a.pdf')).toBeNull();
    await store.delete('enquiries/1/a.pdf');
  });

  it('refuses a key that reaches outside its folder', async () => {
    await expect(store.put('../escape.pdf', Buffer.from('x'), 'application/pdf')).rejects.toThrow(
      /Bad storage key/,
    );
    await expect(store.get('../../etc/passwd')).rejects.toThrow(/Bad storage key/);
  });
});
