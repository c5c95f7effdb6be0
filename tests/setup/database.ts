// Per test file: a fresh, migrated database. PGlite in memory by default; with TEST_DB=postgres a
// new database on the harness's server. Services then use it through their usual client.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
const { closeDb } = await import('~/services/db/client.server');
await migrateDatabase();
afterAll(closeDb);
