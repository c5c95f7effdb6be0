// `npm run bench -- --products 100000 [--postgres] [--duration 20]`: fills a temporary database
// with that many products (PGlite always; PostgreSQL too with --postgres, on a throwaway server,
// or with DATABASE_URL, on that server's database), starts the built server on it and measures
// with wrk (one thread, 10 connections, after a warm-up): the read API unfiltered, with q=net and
// with two categories, and the /shop page. Prints requests per second and p50/p99 latency.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '20' },
    postgres: { type: 'boolean', default: false },
    'skip-pglite': { type: 'boolean', default: false },
    fill: { type: 'boolean', default: false },
  },
});
const PRODUCTS = Number(args.products);
const DURATION = Number(args.duration);
const PORT = 3190;

const TARGETS = [
  { label: 'GET /api/v1/products', path: '/api/v1/products', budget: 800 },
  { label: 'GET /api/v1/products?q=net', path: '/api/v1/products?q=net', budget: 250 },
  {
    label: 'GET /api/v1/products?category=1,3',
    path: '/api/v1/products?category=1,3',
    budget: 400,
  },
  { label: 'GET /shop (SSR page)', path: '/shop', budget: null },
] as const;

// ---------------------------------------------------------------- fill (a child process)

async function fill(): Promise<void> {
  const { sql } = await import('drizzle-orm');
  const { db, closeDb } = await import('~/services/db/client.server');
  const { migrateDatabase } = await import('~/services/db/migrate.server');
  const { seedDemoCatalogue } = await import('~/services/seed.server');
  const { lockDataDir } = await import('~/services/data-lock.server');
  const { env } = await import('~/services/env.server');
  if (env().database.kind === 'pglite') lockDataDir(env().dataDir);
  await migrateDatabase();
  await seedDemoCatalogue();
  const extra = Math.max(0, PRODUCTS - 52);
  const started = Date.now();
  // Realistic names from this company's range; sports and categories as in the demo catalogue.
  const batch = 20_000;
  for (let from = 1; from <= extra; from += batch) {
    const to = Math.min(extra, from + batch - 1);
    await db().execute(sql`
      INSERT INTO products (name, slug, description, sport_id, created_at)
      SELECT
        (ARRAY['Aluminium','Galvanised Steel','Portable','Competition','Training','Junior','Heavy-Duty','Wall-Mounted','Freestanding','Indoor','Outdoor','Folding'])[1 + i % 12]
          || ' ' ||
        (ARRAY['Football Goalpost','Basketball Hoop','Volleyball Net','Netball Post Set','Badminton Net','Tennis Net','Futsal Goal','Floorball Goal','Hockey Goal','Sit-and-Reach Box','Pull-Up Bar','Scoreboard','Team Bench','Ball Trolley','Court Tape Roll','Acrylic Court Coating','Rubber Sports Flooring','Padding Set','Shuttle Run Kit','Long Jump Mat'])[1 + (i / 12) % 20]
          || ' ' || (100 + i % 900)::text,
        'bench-' || i,
        'Built for Singapore schools and clubs. Supplied, delivered and installed by our crew. Reference ' || i || '.',
        1 + i % 12,
        now() - (i || ' minutes')::interval
      FROM generate_series(${from}::int, ${to}::int) AS i`);
  }
  await db().execute(sql`
    INSERT INTO products_categories (product_id, category_id)
    SELECT id, 1 + id % 18 FROM products WHERE slug LIKE 'bench-%'
    UNION ALL
    SELECT id, 1 + (id / 18) % 18 FROM products WHERE slug LIKE 'bench-%' AND (id / 18) % 18 <> id % 18
    ON CONFLICT DO NOTHING`);
  await db().execute(sql`
    INSERT INTO product_images (product_id, position, key, width, height, variants)
    SELECT p.id, 0, i.key, i.width, i.height, i.variants
      FROM products p JOIN product_images i ON i.product_id = 1 + p.id % 52 AND i.position = 0
     WHERE p.slug LIKE 'bench-%'`);
  await db().execute(sql`ANALYZE`);
  console.log(`  filled ${PRODUCTS} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await closeDb();
}

// ---------------------------------------------------------------- measure

interface Row {
  engine: string;
  label: string;
  rps: number;
  p50: number;
  p99: number;
  budget: number | null;
}

function toMs(value: string): number {
  const m = /^([\d.]+)(us|ms|s)$/.exec(value);
  if (!m) return NaN;
  const n = Number(m[1]);
  return m[2] === 'us' ? n / 1000 : m[2] === 's' ? n * 1000 : n;
}

function wrk(url: string, seconds: number) {
  const out = execFileSync('wrk', ['-t1', '-c10', `-d${seconds}s`, '--latency', url], {
    encoding: 'utf8',
  });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p50 = toMs(/\s50%\s+(\S+)/.exec(out)?.[1] ?? '');
  const p99 = toMs(/\s99%\s+(\S+)/.exec(out)?.[1] ?? '');
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1];
  if (errors) throw new Error(`${url}: ${errors} error responses\n${out}`);
  return { rps, p50, p99 };
}

async function waitForHealth(base: string, server: ReturnType<typeof spawn>) {
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error('the server exited during start');
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not become healthy');
}

async function measure(engine: string, envVars: Record<string, string>): Promise<Row[]> {
  console.log(`\n${engine}: filling ${PRODUCTS} products…`);
  const filled = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench.ts', '--fill', '--products', String(PRODUCTS)],
    { stdio: 'inherit', env: { ...process.env, ...envVars } },
  );
  if (filled.status !== 0) throw new Error('filling the database failed');
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, ...envVars, PORT: String(PORT), SEED_DEMO: '0', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${PORT}`;
  const rows: Row[] = [];
  try {
    await waitForHealth(base, server);
    for (const target of TARGETS) {
      wrk(base + target.path, 3); // warm-up
      const result = wrk(base + target.path, DURATION);
      console.log(
        `  ${target.label}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms`,
      );
      rows.push({ engine, label: target.label, ...result, budget: target.budget });
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  return rows;
}

function table(rows: Row[]) {
  const lines = [
    '| engine | request | req/s | p50 ms | p99 ms | budget (req/s, p99 ≤ 30 ms; PGlite ÷3) |',
    '| --- | --- | ---: | ---: | ---: | --- |',
  ];
  for (const r of rows) {
    const min = r.budget === null ? null : r.engine.startsWith('PGlite') ? r.budget / 3 : r.budget;
    const p99Max = r.engine.startsWith('PGlite') ? 90 : 30;
    const verdict =
      min === null
        ? '—'
        : r.rps >= min && r.p99 <= p99Max
          ? `met (≥ ${Math.round(min)})`
          : `MISSED (≥ ${Math.round(min)})`;
    lines.push(
      `| ${r.engine} | ${r.label} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${verdict} |`,
    );
  }
  return lines.join('\n');
}

async function main() {
  if (args.fill) return fill();
  if (!existsSync('/usr/bin/wrk')) {
    console.error('wrk is needed: apt-get install -y wrk');
    process.exit(1);
  }
  if (!existsSync('build/server/index.js')) {
    execFileSync(process.execPath, ['node_modules/@react-router/dev/bin.js', 'build'], {
      stdio: 'inherit',
    });
  }
  const rows: Row[] = [];
  const secret = 'bench-secret-bench-secret-bench-secret-0123';
  if (!args['skip-pglite']) {
    const dir = mkdtempSync(path.join(tmpdir(), 'fieldhouse-bench-'));
    try {
      rows.push(
        ...(await measure('PGlite', { DATA_DIR: dir, DATABASE_URL: '', AUTH_SECRET: secret })),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (args.postgres || process.env.DATABASE_URL) {
    const { startPostgres } = await import('../tests/setup/start-postgres');
    const server = process.env.DATABASE_URL ? null : await startPostgres();
    const dir = mkdtempSync(path.join(tmpdir(), 'fieldhouse-bench-'));
    try {
      const url = process.env.DATABASE_URL || server!.url;
      rows.push(
        ...(await measure('PostgreSQL', { DATA_DIR: dir, DATABASE_URL: url, AUTH_SECRET: secret })),
      );
    } finally {
      server?.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  console.log(`\n${PRODUCTS} products, wrk -t1 -c10 -d${DURATION}s after a 3 s warm-up\n`);
  console.log(table(rows));
}

await main();
