import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from './db/client.server';
import { foldersWritable, readiness } from './health.server';

// The database opened (its first query can take longer than the check allows on a busy machine).
beforeAll(() => db().execute(sql`select 1`));

describe('readiness', () => {
  it('is ready when the database answers and the storage folders can be written', async () => {
    expect(await readiness()).toEqual({
      ready: true,
      checks: { database: 'ok', storage: 'ok' },
    });
  });

  it('is not ready when a storage folder is gone (a lost volume)', async () => {
    const gone = path.join(mkdtempSync(path.join(tmpdir(), 'fieldhouse-ready-')), 'missing');
    expect(await readiness(2000, foldersWritable([gone]))).toEqual({
      ready: false,
      checks: { database: 'ok', storage: 'unavailable' },
    });
  });
});
