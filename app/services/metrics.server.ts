import cluster from 'node:cluster';
import { sql } from 'drizzle-orm';
import {
  AggregatorRegistry,
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  register,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
} from 'prom-client';
import { databasePool, db, rowsOf } from './db/client.server';
import { env } from './env.server';
import { log } from './log.server';

/**
 * Prometheus metrics of this process, served at /metrics when METRICS_TOKEN is set (server/app.ts).
 * Nothing is counted when it is unset. Under WEB_CONCURRENCY each process counts its own and the
 * primary process sums them for a scrape (scripts/start.mjs), so a scrape that reaches any one
 * process sees all of them: counters, histograms and pool gauges add up; the gauges read from the
 * database (the same for every process) take the largest.
 */

let enabled = false;

// A metric is made once per process even when this module is evaluated again (a test's fresh copy
// of the services, Vite's development server reloading it): the registry refuses a second metric
// of the same name, so a second copy uses the one already registered.
function counter<T extends string>(config: CounterConfiguration<T>): Counter<T> {
  return (register.getSingleMetric(config.name) as Counter<T> | undefined) ?? new Counter(config);
}
function gauge<T extends string>(config: GaugeConfiguration<T>): Gauge<T> {
  return (register.getSingleMetric(config.name) as Gauge<T> | undefined) ?? new Gauge(config);
}
function histogram<T extends string>(config: HistogramConfiguration<T>): Histogram<T> {
  return (
    (register.getSingleMetric(config.name) as Histogram<T> | undefined) ?? new Histogram(config)
  );
}

/** Starts counting (and Node's own process metrics); called once at start when metrics are on. */
export function enableMetrics(): void {
  if (enabled) return;
  enabled = true;
  collectDefaultMetrics();
  // Answers the primary's requests for this process's metrics (prom-client's cluster support).
  if (cluster.isWorker) new AggregatorRegistry();
}

export function metricsEnabled(): boolean {
  return enabled;
}

const httpRequests = counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by route pattern, method and status.',
  labelNames: ['route', 'method', 'status'] as const,
});

const httpDuration = histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from the request to the end of its response, by route pattern.',
  labelNames: ['route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

const METHODS = new Set(['GET', 'HEAD', 'POST', 'OPTIONS']);

/** One answered request; `route` is a pattern (never a raw URL: one series per route). */
export function observeRequest(route: string, method: string, status: number, seconds: number) {
  if (!enabled) return;
  httpRequests.inc({ route, method: METHODS.has(method) ? method : 'OTHER', status });
  httpDuration.observe({ route }, seconds);
}

const pageCache = counter({
  name: 'page_cache_requests_total',
  help: 'Guest pages asked of the page cache: hit (from memory), miss (rendered and kept), bypass (rendered for this visitor only).',
  labelNames: ['outcome'] as const,
});

export function countPageCache(outcome: 'hit' | 'miss' | 'bypass'): void {
  if (enabled) pageCache.inc({ outcome });
}

const mailSent = counter({ name: 'mail_sent_total', help: 'Queued e-mails sent.' });
const mailFailures = counter({
  name: 'mail_send_failures_total',
  help: 'Attempts to send a queued e-mail that failed (each is retried later).',
});

export function countMail(outcome: 'sent' | 'failed', n = 1): void {
  if (!enabled || n === 0) return;
  (outcome === 'sent' ? mailSent : mailFailures).inc(n);
}

const jobRuns = counter({
  name: 'job_runs_total',
  help: 'Scheduled job runs, by job and outcome.',
  labelNames: ['job', 'outcome'] as const,
});

export function countJobRun(job: string, outcome: 'ok' | 'failed'): void {
  if (enabled) jobRuns.inc({ job, outcome });
}

gauge({
  name: 'db_pool_connections_in_use',
  help: 'PostgreSQL connections of this process running a query (0 on the embedded database).',
  collect() {
    const pool = databasePool();
    if (pool) this.set(pool.total - pool.idle);
  },
});

gauge({
  name: 'db_pool_requests_waiting',
  help: 'Queries of this process waiting for a free PostgreSQL connection.',
  collect() {
    const pool = databasePool();
    if (pool) this.set(pool.waiting);
  },
});

/**
 * A gauge read from the database at each scrape. While the database is away it is left out
 * (reset) rather than failing the scrape: /readyz says why.
 */
async function fromDatabase<T>(
  gauge: Gauge<string>,
  read: () => Promise<T>,
  apply: (value: T) => void,
) {
  try {
    const value = await read();
    gauge.reset();
    apply(value);
  } catch (error) {
    gauge.reset();
    log().warn({ err: error }, 'A metric could not be read from the database');
  }
}

const mailQueue = () =>
  db()
    .execute(
      sql`SELECT count(*)::int AS depth,
                 coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS oldest
            FROM pending_mail WHERE sent_at IS NULL`,
    )
    .then((result) => rowsOf<{ depth: number; oldest: number }>(result)[0]!);

gauge({
  name: 'mail_queue_depth',
  help: 'E-mails queued and not yet sent (all processes share the queue).',
  aggregator: 'max',
  async collect() {
    await fromDatabase(this, mailQueue, (row) => this.set(row.depth));
  },
});

gauge({
  name: 'mail_queue_oldest_unsent_age_seconds',
  help: 'Age of the oldest queued e-mail not yet sent; 0 when none waits.',
  aggregator: 'max',
  async collect() {
    await fromDatabase(this, mailQueue, (row) => this.set(row.oldest));
  },
});

/**
 * A job is due at its next_run_at and some process's scheduler looks within JOBS_INTERVAL_MS after:
 * the lag is the time past that, 0 while the schedule is kept. It grows when no process runs the
 * scheduler, or a run has hung on its lease.
 */
gauge({
  name: 'job_lag_seconds',
  help: 'Time a scheduled job is past its due time plus one scheduler interval; 0 while on time.',
  labelNames: ['job'] as const,
  aggregator: 'max',
  async collect() {
    const interval = env().jobsIntervalMs / 1000;
    await fromDatabase(
      this,
      () =>
        db()
          .execute(
            sql`SELECT name,
                       greatest(0, extract(epoch FROM now() - next_run_at) - ${interval})::float8 AS lag
                  FROM scheduled_jobs`,
          )
          .then((result) => rowsOf<{ name: string; lag: number }>(result)),
      (rows) => rows.forEach((row) => this.set({ job: row.name }, row.lag)),
    );
  },
});

const ASK = 'fieldhouse:metrics';

/**
 * The metrics in Prometheus's text format: this process's, or under WEB_CONCURRENCY every
 * process's, summed by the primary (which answers on the same message type).
 */
export async function metricsText(): Promise<string> {
  if (!cluster.isWorker) return register.metrics();
  const id = `${process.pid}-${Date.now()}-${Math.random()}`;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', answer);
      reject(new Error('The primary process did not answer with the metrics.'));
    }, 6000);
    function answer(message: { type?: string; id?: string; text?: string; error?: string }) {
      if (message?.type !== ASK || message.id !== id) return;
      clearTimeout(timer);
      process.off('message', answer);
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message.text ?? '');
    }
    process.on('message', answer);
    process.send!({ type: ASK, id });
  });
}

export const METRICS_CONTENT_TYPE = register.contentType;
