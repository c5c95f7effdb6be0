import { lt, sql } from 'drizzle-orm';
import {
  bucketOf,
  RUM_BUCKETS,
  RUM_DEVICES,
  RUM_METRICS,
  type RumConnection,
  type RumPeriod,
  type RumDevice,
  type RumMetric,
} from '~/lib/rum/vitals';
import { db, rowsOf } from '../db/client.server';
import { rumDaily } from '../db/schema';

/** How long the daily histograms are kept: the back office's longest view and some margin. */
export const RUM_KEEP_DAYS = 400;

/** One page view's measurements, its route already turned into a pattern (`/products/:productId`). */
export interface RumPageView {
  route: string;
  device: RumDevice;
  connection: RumConnection;
  metrics: { name: RumMetric; value: number }[];
}

/** The Singapore calendar day of a moment ('2026-11-28'): Singapore keeps UTC+8 all year. */
export function singaporeDay(now: Date): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Counts a page view's measurements into the day's histograms: one more in the bucket of each
 * value, for its route, device class and connection type. The view itself is not kept.
 */
export async function recordPageView(view: RumPageView, now = new Date()): Promise<void> {
  const day = singaporeDay(now);
  // Two values of one metric in the same bucket (a page restored from the back/forward cache
  // reports again) are one row with a count of two: a single upsert may touch a row only once.
  const counts = new Map<string, { metric: RumMetric; le: number; count: number }>();
  for (const { name, value } of view.metrics) {
    const le = bucketOf(name, value);
    const key = `${name}:${le}`;
    const seen = counts.get(key);
    if (seen) seen.count += 1;
    else counts.set(key, { metric: name, le, count: 1 });
  }
  await db()
    .insert(rumDaily)
    .values(
      [...counts.values()].map(({ metric, le, count }) => ({
        day,
        route: view.route,
        metric,
        device: view.device,
        connection: view.connection,
        le,
        count,
      })),
    )
    .onConflictDoUpdate({
      target: [
        rumDaily.day,
        rumDaily.route,
        rumDaily.metric,
        rumDaily.device,
        rumDaily.connection,
        rumDaily.le,
      ],
      set: {
        count: sql`${rumDaily.count} + excluded.count`,
        updatedAt: sql`now()`,
      },
    });
}

/** A histogram's buckets: each upper bound with how many values fell in it. */
export type Histogram = { le: number; count: number }[];

/**
 * The value under which `share` of the histogram's values lie (0.75: the 75th percentile), or null
 * for an empty histogram. Within the bucket where that rank falls, values are taken as spread
 * evenly between the bucket's bounds, so the answer is off by at most the bucket's width.
 */
export function percentileOf(metric: RumMetric, histogram: Histogram, share = 0.75): number | null {
  const buckets = [...histogram].filter((b) => b.count > 0).sort((a, b) => a.le - b.le);
  const total = buckets.reduce((sum, b) => sum + b.count, 0);
  if (total === 0) return null;
  const rank = share * total;
  const bounds = RUM_BUCKETS[metric];
  let below = 0;
  for (const { le, count } of buckets) {
    if (below + count >= rank) {
      const lower = [...bounds].reverse().find((bound) => bound < le) ?? 0;
      return lower + ((rank - below) / count) * (le - lower);
    }
    below += count;
  }
  return buckets.at(-1)!.le;
}

export type P75 = Record<RumMetric, number | null>;

export interface RumPageRow {
  route: string;
  device: RumDevice;
  /** Page views that reported their Largest Contentful Paint (about one per view). */
  views: number;
  p75: P75;
}

export interface RumTrendRow {
  day: string;
  views: number;
  p75: P75;
}

export interface RumSummary {
  from: string;
  to: string;
  days: RumPeriod;
  /** Every route and device class, the routes with the most views first. */
  pages: RumPageRow[];
  /** All pages and devices together: the whole period, then each day of it. */
  overall: { views: number; p75: P75 };
  trend: RumTrendRow[];
}

const noValues = (): P75 => ({ LCP: null, INP: null, CLS: null, TTFB: null });

/** The 75th percentile of each metric from the histograms grouped under one key. */
function p75By<K extends string>(rows: { key: K; metric: RumMetric; le: number; count: number }[]) {
  const grouped = new Map<K, Map<RumMetric, Histogram>>();
  for (const row of rows) {
    const metrics = grouped.get(row.key) ?? new Map<RumMetric, Histogram>();
    grouped.set(row.key, metrics);
    const histogram = metrics.get(row.metric) ?? [];
    metrics.set(row.metric, histogram);
    histogram.push({ le: row.le, count: row.count });
  }
  const result = new Map<K, { views: number; p75: P75 }>();
  for (const [key, metrics] of grouped) {
    const p75 = noValues();
    for (const metric of RUM_METRICS) p75[metric] = percentileOf(metric, metrics.get(metric) ?? []);
    const views = (metrics.get('LCP') ?? []).reduce((sum, b) => sum + b.count, 0);
    result.set(key, { views, p75 });
  }
  return result;
}

/**
 * The back office's view of real-user speed over the last `days` Singapore days (today
 * included): the 75th percentile of each metric per route and device class, for all pages
 * together, and for each day (the trend). Read from the daily histograms alone.
 */
export async function summariseRealUserSpeed(
  days: RumPeriod,
  now = new Date(),
): Promise<RumSummary> {
  const to = singaporeDay(now);
  const from = addDays(to, 1 - days);
  const rows = rowsOf<{
    day: string;
    route: string;
    metric: RumMetric;
    device: RumDevice;
    le: number;
    count: number;
  }>(
    await db().execute(sql`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, route, metric, device, le, sum(count)::int AS count
        FROM rum_daily
       WHERE day BETWEEN ${from}::date AND ${to}::date
       GROUP BY day, route, metric, device, le`),
  ).map((r) => ({ ...r, le: Number(r.le), count: Number(r.count) }));

  const byPage = p75By(rows.map((r) => ({ ...r, key: `${r.device}\u0000${r.route}` })));
  const pages: RumPageRow[] = [...byPage].map(([key, value]) => {
    const [device, route] = key.split('\u0000') as [RumDevice, string];
    return { route, device, ...value };
  });
  pages.sort(
    (a, b) =>
      b.views - a.views ||
      a.route.localeCompare(b.route) ||
      RUM_DEVICES.indexOf(a.device) - RUM_DEVICES.indexOf(b.device),
  );
  const overall = p75By(rows.map((r) => ({ ...r, key: 'all' as const }))).get('all') ?? {
    views: 0,
    p75: noValues(),
  };
  const byDay = p75By(rows.map((r) => ({ ...r, key: r.day })));
  const trend: RumTrendRow[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    trend.push({ day, ...(byDay.get(day) ?? { views: 0, p75: noValues() }) });
  }
  return { from, to, days, pages, overall, trend };
}

/**
 * Deletes the histograms of days more than RUM_KEEP_DAYS before `now` (the daily retention job
 * runs it). Returns how many rows went.
 */
export async function pruneRealUserSpeed(now: Date, keepDays = RUM_KEEP_DAYS): Promise<number> {
  const oldest = addDays(singaporeDay(now), -keepDays);
  const gone = await db()
    .delete(rumDaily)
    .where(lt(rumDaily.day, oldest))
    .returning({ id: rumDaily.id });
  return gone.length;
}
