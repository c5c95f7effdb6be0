// `npm run admin`: makes an existing account an admin only when told to
// (--promote): anyone can register an address through the shop, so promoting it by default would
// hand the back office to whoever registered it. On an embedded database of its own.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { expect, it } from 'vitest';
import { connect } from '~/services/db/client.server';
import { user } from '~/services/db/schema';

const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(tmpdir(), 'fieldhouse-admin-'));

async function withDatabase<T>(fn: (target: ReturnType<typeof connect>['db']) => Promise<T>) {
  const connection = connect({ kind: 'pglite', dir: path.join(dataDir, 'db') });
  try {
    return await fn(connection.db);
  } finally {
    await connection.close();
  }
}

function admin(...args: string[]) {
  return run('node_modules/.bin/tsx', ['scripts/admin.ts', ...args], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_PASSWORD: 'correct horse battery staple',
    },
    timeout: 120_000,
  });
}

const roleOf = (email: string) =>
  withDatabase(async (target) => {
    const [row] = await target.select({ role: user.role }).from(user).where(eq(user.email, email));
    return row?.role;
  });

// The command works the same on either engine: the PostgreSQL suite leaves it to the embedded one.
it.skipIf(process.env.TEST_DB === 'postgres')(
  'promotes an account that exists only with --promote',
  async () => {
    // Someone registered the address through the shop (a customer account with their password).
    await withDatabase(async (target) => {
      await migrate(target, { migrationsFolder: 'drizzle' });
      await target
        .insert(user)
        .values({ id: 'u-boss', name: 'Boss?', email: 'boss@school.example' });
    });

    const refused = await admin('create', '--email', 'boss@school.example').catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused).toMatchObject({ code: 2 });
    expect((refused as { stderr: string }).stderr).toContain('--promote');
    expect(await roleOf('boss@school.example')).toBe('customer');

    const promoted = await admin('create', '--email', 'Boss@School.example', '--promote');
    expect(promoted.stdout).toContain('is now an admin');
    expect(await roleOf('boss@school.example')).toBe('admin');
  },
  300_000,
);
