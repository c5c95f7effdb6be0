// `npm run storage:move -- --to s3|local`: an existing shop's images and private files go to the
// bucket and back, keeping their keys; a second run skips what arrived (resumable), and a file
// missing or cut short at the target is copied again.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderStore } from '~/services/media/object-store.server';
import { bucketsFor, type Buckets } from '~/services/media/storage.server';
import { startS3, type S3TestServer } from '../tests/setup/s3';

const run = promisify(execFile);

let s3: S3TestServer;
let buckets: Buckets;
beforeAll(async () => {
  s3 = await startS3();
  buckets = bucketsFor(s3.config);
});
afterAll(() => s3?.close());

function move(dataDir: string, args: string[], env: Record<string, string> = s3.env) {
  return run('node_modules/.bin/tsx', ['scripts/storage-move.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ...env },
    timeout: 120_000,
  }).catch((error: { code: number; stdout: string; stderr: string }) => error);
}

const FILES = {
  public: {
    'products/aaaa1111.jpg': Buffer.from('jpeg bytes of a goalpost'),
    'products/aaaa1111-320.webp': Buffer.from('small webp'),
    'company/bbbb2222-960.webp': Buffer.from('a drawn scene'),
  },
  private: {
    'enquiries/1/0f0f0f0f.pdf': Buffer.from('%PDF-1.4 purchase order'),
    'enquiries/2/1e1e1e1e.png': Buffer.from('a site photo'),
  },
};

describe('moving files between the data folder and the bucket', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fieldhouse-move-'));
  const local = {
    public: folderStore(() => path.join(dataDir, 'uploads')),
    private: folderStore(() => path.join(dataDir, 'private'), { private: true }),
  };

  it('copies every file to the bucket, then skips them on a second run', async () => {
    for (const kind of ['public', 'private'] as const)
      for (const [key, data] of Object.entries(FILES[kind]))
        await local[kind].put(key, data, 'application/octet-stream');

    const first = await move(dataDir, ['--to', 's3']);
    expect(first.stdout).toContain('Moved 5 files, skipped 0 already there.');
    expect(first.stdout).toMatch(/Images \(.*uploads -> s3:\/\/fieldhouse\/media\/\): moved 3/);
    expect(first.stdout).toMatch(
      /Private files \(.*private -> s3:\/\/fieldhouse\/private\/\): moved 2/,
    );
    for (const kind of ['public', 'private'] as const)
      for (const [key, data] of Object.entries(FILES[kind]))
        expect(await buckets[kind].get(key), key).toEqual(data);
    // A type from the extension (the folder keeps none): the bucket serves images as images.
    const opened = await buckets.public.open('products/aaaa1111.jpg');
    expect(opened && 'contentType' in opened && opened.contentType).toBe('image/jpeg');
    if (opened && 'body' in opened) opened.body.destroy();

    const again = await move(dataDir, ['--to', 's3']);
    expect(again.stdout).toContain('Moved 0 files, skipped 5 already there.');
  });

  it('resumes: copies again only what is missing or of another size at the target', async () => {
    // An interrupted run: one object never arrived, one arrived cut short.
    await buckets.public.delete('products/aaaa1111-320.webp');
    await buckets.private.put('enquiries/1/0f0f0f0f.pdf', Buffer.from('%PDF'), 'application/pdf');
    const resumed = await move(dataDir, ['--to', 's3']);
    expect(resumed.stdout).toContain('Moved 2 files, skipped 3 already there.');
    expect(await buckets.public.get('products/aaaa1111-320.webp')).toEqual(
      FILES.public['products/aaaa1111-320.webp'],
    );
    expect(await buckets.private.get('enquiries/1/0f0f0f0f.pdf')).toEqual(
      FILES.private['enquiries/1/0f0f0f0f.pdf'],
    );
  });

  it('copies everything back into an empty data folder, private files for the owner only', async () => {
    const fresh = mkdtempSync(path.join(tmpdir(), 'fieldhouse-move-back-'));
    const back = await move(fresh, ['--to', 'local']);
    expect(back.stdout).toContain('Moved 5 files, skipped 0 already there.');
    for (const [key, data] of Object.entries(FILES.public))
      expect(readFileSync(path.join(fresh, 'uploads', key)), key).toEqual(data);
    for (const [key, data] of Object.entries(FILES.private)) {
      const file = path.join(fresh, 'private', key);
      expect(readFileSync(file), key).toEqual(data);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    }
    expect((await move(fresh, ['--to', 'local'])).stdout).toContain(
      'Moved 0 files, skipped 5 already there.',
    );
  });

  it('says how to call it, and that it needs the bucket', async () => {
    expect(await move(dataDir, ['--to', 'ftp'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage: npm run storage:move -- --to s3|local'),
    });
    expect(await move(dataDir, ['--to', 's3'], { S3_BUCKET: '' })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('S3_BUCKET is not set'),
    });
    expect(await move(dataDir, ['--to', 's3'], { ...s3.env, S3_BUCKET: 'Bad_Name' })).toMatchObject(
      {
        code: 1,
        stderr: expect.stringContaining('S3_BUCKET: must be a bucket name'),
      },
    );
  });
});
