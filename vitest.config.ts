import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The long runs: each starts the built server many times, floods it, backs up and restores a
 * whole database or takes its database away (more than half of the suite's time on PGlite), or
 * checks the built pages' HTML with the W3C checker (Java, and the demo catalogue seeded).
 * `npm test` runs them after the rest; `npm run test:quick` (the `quick` project) leaves them out.
 */
const SLOW = [
  'tests/integration/crash-durability.test.ts',
  'tests/integration/concurrent-enquiries.test.ts',
  'tests/integration/processes.test.ts',
  'tests/integration/database-outage.test.ts',
  'tests/integration/instances.test.ts',
  'tests/integration/restart.test.ts',
  'tests/integration/html-validity.test.ts',
  'scripts/backup.test.ts',
];

/**
 * The shop as a browser meets it: each file builds the shop when a source changed since the last
 * build and starts it as a child process, then talks to it over HTTP. `npm test` runs them beside
 * the quick files; `npm run test:quick` leaves them out, as it leaves out the long runs.
 */
const SERVER = [
  'tests/integration/auth-abuse.test.ts',
  'tests/integration/bundle.test.ts',
  'tests/integration/http-hardening.test.ts',
  'tests/integration/object-storage.test.ts',
  'tests/integration/operations.test.ts',
  'tests/integration/page-cache.test.ts',
  'tests/integration/quotation-link.test.ts',
  'tests/integration/scheduled-jobs.test.ts',
];

/**
 * Files that never touch the test database and whose server runs on a database of its own
 * (in memory, or the embedded one in a folder): the engine under test makes no difference to
 * them, so the PostgreSQL pass (TEST_DB=postgres) leaves them out.
 */
const ENGINE_FREE = [
  'tests/integration/auth-abuse.test.ts',
  'tests/integration/bundle.test.ts',
  'tests/integration/html-validity.test.ts',
  'tests/integration/http-hardening.test.ts',
];
const exclude = [
  ...configDefaults.exclude,
  ...(process.env.TEST_DB === 'postgres' ? ENGINE_FREE : []),
];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    globalSetup: ['tests/setup/postgres.ts'],
    setupFiles: ['tests/setup/database.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Named in the report with its duration: a test this slow is worth a look.
    slowTestThreshold: 5_000,
    // Two files at a time on two cores: much of a file's time is spent waiting on the database
    // or a child process.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'quick',
          include: ['app/**/*.test.ts', 'tests/integration/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...SERVER, ...SLOW],
        },
      },
      {
        extends: true,
        test: { name: 'server', include: SERVER, exclude },
      },
      {
        extends: true,
        test: {
          name: 'slow',
          include: SLOW,
          exclude,
          // After the others, one at a time: each measures a server under load, and its time
          // limits assume it has the machine to itself.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
