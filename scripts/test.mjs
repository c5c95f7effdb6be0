// `npm test`: everything CI runs. The production build, service and integration tests on PGlite,
// the same suite on a real PostgreSQL (required when CI=true, skipped with a reason otherwise), the
// type check, the linter, then the end-to-end tests in Chromium against the built server.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from './lib/chromium.mjs';

const ci = process.env.CI === 'true';
const timings = [];
/** Runs a package's command (its bin in node_modules/.bin); stops at the first failure. */
const run = (label, bin, args, env = {}) => {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const result = spawnSync(`node_modules/.bin/${bin}`, args, {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  timings.push(`${label}: ${Math.round((Date.now() - started) / 1000)} s`);
  if (result.status !== 0) {
    console.error(`\n${label} failed${result.error ? `: ${result.error.message}` : ''}.`);
    process.exit(result.status ?? 1);
  }
};

// The build comes first: the concurrency test and the end-to-end tests run the built server.
run('Production build', 'react-router', ['build']);
run('Service tests on PGlite', 'vitest', ['run']);

const hasPostgres = existsSync('/usr/lib/postgresql') || Boolean(process.env.TEST_DATABASE_URL);
if (hasPostgres) run('Service tests on PostgreSQL', 'vitest', ['run'], { TEST_DB: 'postgres' });
else if (ci) {
  console.error('PostgreSQL is required under CI=true (apt-get install -y postgresql).');
  process.exit(1);
} else
  console.log(
    '\nSkipping the PostgreSQL suite: PostgreSQL is not installed (apt-get install -y postgresql).',
  );

run('Route types', 'react-router', ['typegen']);
run('Type check', 'tsc', []);
run('Lint', 'eslint', ['.']);

const chromium = CHROMIUM_PATH;
if (existsSync(chromium)) run('End-to-end tests in Chromium', 'playwright', ['test']);
else if (ci) {
  console.error(
    `Chromium is required under CI=true (apt-get install -y chromium); not found at ${chromium}.`,
  );
  process.exit(1);
} else
  console.log(
    `\nSkipping the end-to-end tests: Chromium is not installed at ${chromium} (apt-get install -y chromium).`,
  );

console.log(`\nAll passed. ${timings.join('; ')}.`);
