// End-to-end tests: Debian's Chromium drives the built shop, served by `npm start`'s script on a
// temporary data folder with the demo catalogue. `npm test` builds first; run alone with
// `npx playwright test` after `npm run build`.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/lib/chromium.mjs';

// Set once in the runner; its workers inherit it, so specs can read the server's outbox.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'fieldhouse-e2e-'));
process.env.E2E_PORT ??= '3107';
const baseURL = `http://localhost:${process.env.E2E_PORT}`;
// The server's JSON log, which the global teardown reads for personal data (tests/e2e/server-log.ts).
const serverLog = path.join(process.env.E2E_DATA_DIR, 'server.log');

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  // No retries, on CI either: a test that passes only the second time is a failure to look at.
  retries: 0,
  forbidOnly: process.env.CI === 'true',
  // Each test with its duration; then the tests that came within half of their time limit, and
  // the spec files whose tests took more than a minute together.
  reporter: [['list'], ['./tests/setup/near-timeout-reporter.ts']],
  reportSlowTests: { max: 5, threshold: 60_000 },
  globalTeardown: './tests/e2e/server-log.ts',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `node scripts/start.mjs >> '${serverLog}'`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: process.env.E2E_PORT,
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_URL: baseURL,
      SEED_DEMO: '1',
      NODE_ENV: 'production',
      // Tests sign in and enquire many times from one address; limits are configuration.
      AUTH_RATE_LIMIT_MAX: '1000',
      ENQUIRY_RATE_LIMIT_MAX: '10000',
      // The company as most buyers meet it: GST-registered, so quotations add GST.
      SITE_GST_REG_NO: 'M2-1234567-8',
      // A staff account of its own for the two-factor test, made the way a deployment makes one.
      ADMIN_EMAIL: 'staff@fieldhouse.test',
      ADMIN_PASSWORD: 'staff two-factor password',
    },
  },
});
