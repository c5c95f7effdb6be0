import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ['app/**/*.test.ts', 'tests/integration/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['tests/setup/postgres.ts'],
    setupFiles: ['tests/setup/database.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
