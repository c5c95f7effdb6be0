// Per test file: a fresh, migrated database. PGlite in memory by default; with TEST_DB=postgres a
// new database on the harness's server. Services then use it through their usual client.
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll } from 'vitest';

process.env.NODE_ENV = 'test';
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'fieldhouse-test-'));
process.env.SEED_DEMO = '0';
process.env.AUTH_SECRET = randomBytes(32).toString('hex');
process.env.PUBLIC_URL = 'http://localhost:3000';

if (process.env.TEST_DB === 'postgres') {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) throw new Error('TEST_DB=postgres but no server was started');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const pg = await import('pg');
  const admin = new pg.default.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  process.env.DATABASE_URL = server.replace(/\/[^/]*$/, `/${name}`);
} else {
  process.env.DATABASE_URL = 'memory://';
}

const { migrateDatabase } = await import('~/services/db/migrate.server');
const { closeDb, db, startInMemoryPgliteFrom } = await import('~/services/db/client.server');
// PostgreSQL: migrate the new database. PGlite: start from the migrated copy (made, by migrating,
// when there is none yet).
if (process.env.TEST_DB === 'postgres') await migrateDatabase();
else await startFromTemplate();
const { mailSettled } = await import('~/services/mail/queue.server');
// A delivery round a test's commit started may still be running: it ends before the database.
afterAll(async () => {
  await mailSettled();
  await closeDb();
});

/**
 * PGlite: a fresh database per file from one migrated copy, kept in the temporary folder under a
 * hash of the migrations and the lock file (initdb and the migrations cost about 3 s a file),
 * so a copy is migrated as it stands. The first file to find no copy migrates its own database
 * and leaves a copy of it, written to a temporary name and renamed, so files running at the same
 * time never read half a copy.
 */
async function startFromTemplate() {
  const migrations = readdirSync('drizzle', { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  // The lock file stands for PGlite's version (a new one may store its data differently); any
  // other dependency changing it only costs one more migration.
  const hash = createHash('sha256').update(readFileSync('package-lock.json'));
  for (const file of migrations) hash.update(file).update(readFileSync(file));
  const copy = path.join(tmpdir(), `fieldhouse-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(copy)) {
    startInMemoryPgliteFrom(new Blob([readFileSync(copy)]));
    return;
  }
  await migrateDatabase();
  const client = (db() as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  const partial = `${copy}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, copy);
}
