import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The long runs: each starts the built server many times, floods it, backs up and restores a
 * whole database or takes its database away (more than half of the suite's time on PGlite).
 * `npm test` runs them after the rest; `npm run test:quick` (the `quick` project) leaves them out.
 */
const SLOW = [
  'tests/integration/crash-durability.test.ts',
  'tests/integration/concurrent-enquiries.test.ts',
  'tests/integration/processes.test.ts',
  'tests/integration/database-outage.test.ts',
  'tests/integration/instances.test.ts',
  'tests/integration/restart.test.ts',
  'scripts/backup.test.ts',
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
    projects: [
      {
        extends: true,
        test: {
          name: 'quick',
          include: ['app/**/*.test.ts', 'tests/integration/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...SLOW],
          // Two files at a time on two cores: much of a file's time is spent waiting on the
          // database or a child process.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'slow',
          include: SLOW,
          // After the quick files, one at a time: each measures a server under load, and its
          // time limits assume it has the machine to itself.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
