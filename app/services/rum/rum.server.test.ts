import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bucketOf, RUM_BUCKETS, type RumMetric } from '~/lib/rum/vitals';
import { db, rowsOf } from '../db/client.server';
import { rumDaily } from '../db/schema';
import { JOBS, runDueJobs } from '../jobs/scheduler.server';
import {
  percentileOf,
  pruneRealUserSpeed,
  recordPageView,
  singaporeDay,
  summariseRealUserSpeed,
  type Histogram,
} from './rum.server';

beforeEach(async () => {
  await db().delete(rumDaily);
});

/** The exact 75th percentile of raw values (nearest rank), to judge the buckets' answer by. */
function exactP75(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(0.75 * sorted.length) - 1]!;
}

function histogramOf(metric: RumMetric, values: number[]): Histogram {
  const counts = new Map<number, number>();
  for (const value of values) {
    const le = bucketOf(metric, value);
    counts.set(le, (counts.get(le) ?? 0) + 1);
  }
  return [...counts].map(([le, count]) => ({ le, count }));
}

/** The width of the bucket holding `value`: how far the buckets' percentile may be off. */
function widthAt(metric: RumMetric, value: number): number {
  const bounds = RUM_BUCKETS[metric];
  const i = bounds.indexOf(bucketOf(metric, value));
  return bounds[i]! - (i > 0 ? bounds[i - 1]! : 0);
}

const at = (iso: string) => new Date(iso);

describe('the 75th percentile from buckets', () => {
  it('is null for nothing, and inside the right bucket for one value', () => {
    expect(percentileOf('LCP', [])).toBeNull();
    expect(percentileOf('LCP', [{ le: 2500, count: 0 }])).toBeNull();
    const p75 = percentileOf('LCP', [{ le: 2500, count: 1 }])!;
    expect(p75).toBeGreaterThan(2250);
    expect(p75).toBeLessThanOrEqual(2500);
  });

  it('interpolates within the bucket where three quarters of the values are reached', () => {
    // 4 values: rank 3 falls at the end of the 1000 bucket's three.
    expect(
      percentileOf('LCP', [
        { le: 1000, count: 3 },
        { le: 4000, count: 1 },
      ]),
    ).toBe(1000);
    // 8 values, rank 6: two past the first bucket's four, half-way through the 2500 bucket's four.
    expect(
      percentileOf('LCP', [
        { le: 2500, count: 4 },
        { le: 1000, count: 4 },
      ]),
    ).toBe(2250 + 0.5 * 250);
  });

  it('stays within a bucket of the exact percentile of a spread of values', () => {
    // A deterministic spread of values like a real day's: mostly fast, a long slow tail.
    const values = (metric: RumMetric, scale: number) =>
      Array.from({ length: 400 }, (_, i) => ((i * 7919) % 400) / 400)
        .map((u) => scale * (0.3 + 2 * u * u * u))
        .map((v) => Math.min(v, RUM_BUCKETS[metric].at(-1)!));
    for (const [metric, scale] of [
      ['LCP', 2000],
      ['INP', 150],
      ['CLS', 0.08],
      ['TTFB', 600],
    ] as const) {
      const raw = values(metric, scale);
      const exact = exactP75(raw);
      const estimate = percentileOf(metric, histogramOf(metric, raw))!;
      expect(Math.abs(estimate - exact), metric).toBeLessThanOrEqual(widthAt(metric, exact));
    }
  });
});

describe('recording page views as daily histograms', () => {
  it('counts each value into its bucket for the day, route, device and connection', async () => {
    const view = {
      route: '/products/:productId',
      device: 'mobile' as const,
      connection: '4g' as const,
      metrics: [
        { name: 'LCP' as const, value: 2400 },
        { name: 'CLS' as const, value: 0.02 },
        { name: 'TTFB' as const, value: 350 },
      ],
    };
    await recordPageView(view, at('2026-11-27T10:00:00Z'));
    await recordPageView(
      { ...view, metrics: [{ name: 'LCP', value: 2300 }] },
      at('2026-11-27T15:00:00Z'),
    );
    // 16:30 UTC is 00:30 the next day in Singapore.
    await recordPageView(view, at('2026-11-27T16:30:00Z'));
    await recordPageView({ ...view, device: 'desktop' }, at('2026-11-27T10:00:00Z'));
    const rows = rowsOf<{ day: string; device: string; metric: string; le: number; count: number }>(
      await db().execute(sql`
        SELECT to_char(day, 'YYYY-MM-DD') AS day, device, metric, le, count FROM rum_daily
         ORDER BY day, device, metric, le`),
    ).map((r) => ({ ...r, le: Number(r.le) }));
    expect(rows).toEqual([
      { day: '2026-11-27', device: 'desktop', metric: 'CLS', le: 0.025, count: 1 },
      { day: '2026-11-27', device: 'desktop', metric: 'LCP', le: 2500, count: 1 },
      { day: '2026-11-27', device: 'desktop', metric: 'TTFB', le: 400, count: 1 },
      { day: '2026-11-27', device: 'mobile', metric: 'CLS', le: 0.025, count: 1 },
      { day: '2026-11-27', device: 'mobile', metric: 'LCP', le: 2500, count: 2 },
      { day: '2026-11-27', device: 'mobile', metric: 'TTFB', le: 400, count: 1 },
      { day: '2026-11-28', device: 'mobile', metric: 'CLS', le: 0.025, count: 1 },
      { day: '2026-11-28', device: 'mobile', metric: 'LCP', le: 2500, count: 1 },
      { day: '2026-11-28', device: 'mobile', metric: 'TTFB', le: 400, count: 1 },
    ]);
  });

  it('counts two values of one metric in one bucket as two (a page back from the cache)', async () => {
    await recordPageView(
      {
        route: '/shop',
        device: 'desktop',
        connection: 'unknown',
        metrics: [
          { name: 'CLS', value: 0.001 },
          { name: 'CLS', value: 0.002 },
        ],
      },
      at('2026-11-27T10:00:00Z'),
    );
    const [row] = await db().select({ count: rumDaily.count, le: rumDaily.le }).from(rumDaily);
    expect(row).toEqual({ count: 2, le: 0.01 });
  });

  it('summarises the 75th percentile per page and device, overall and per day', async () => {
    const now = at('2026-11-28T04:00:00Z');
    const lcp = (value: number, route = '/shop', device: 'mobile' | 'desktop' = 'mobile') => ({
      route,
      device,
      connection: '4g' as const,
      metrics: [
        { name: 'LCP' as const, value },
        { name: 'INP' as const, value: value / 10 },
      ],
    });
    // Yesterday: /shop on phones, three fast and one slow.
    for (const value of [1000, 1000, 1000, 6000])
      await recordPageView(lcp(value), at('2026-11-27T04:00:00Z'));
    // Today: /shop on phones, slow; the home page on desktops.
    for (const value of [4500, 4500]) await recordPageView(lcp(value), now);
    await recordPageView(lcp(900, '/', 'desktop'), now);
    // Before the week: left out.
    await recordPageView(lcp(30000), at('2026-11-20T04:00:00Z'));

    const week = await summariseRealUserSpeed(7, now);
    expect(week.from).toBe('2026-11-22');
    expect(week.to).toBe('2026-11-28');
    expect(week.pages.map((p) => [p.route, p.device, p.views])).toEqual([
      ['/shop', 'mobile', 6],
      ['/', 'desktop', 1],
    ]);
    const shop = week.pages[0]!;
    // Six values 1000 ×3, 4500 ×2, 6000: rank 4.5 lies half-way through the 5000 bucket's two.
    expect(shop.p75.LCP).toBe(4000 + (1.5 / 2) * 1000);
    expect(shop.p75.CLS).toBeNull();
    expect(week.overall.views).toBe(7);
    expect(week.trend).toHaveLength(7);
    expect(week.trend.map((d) => d.views)).toEqual([0, 0, 0, 0, 0, 4, 3]);
    expect(week.trend[0]!.p75.LCP).toBeNull();
    // Yesterday's four: rank 3 ends the 1000 bucket; today: rank 2.25 in the 5000 bucket's two.
    expect(week.trend[5]!.p75.LCP).toBe(1000);
    expect(week.trend[6]!.p75.LCP).toBe(4000 + (1.25 / 2) * 1000);
    expect((await summariseRealUserSpeed(28, now)).overall.views).toBe(8);
  });
});

describe('pruning', () => {
  it('deletes the days past the kept period and nothing newer, also from the daily job', async () => {
    const view = {
      route: '/shop',
      device: 'mobile' as const,
      connection: '3g' as const,
      metrics: [{ name: 'TTFB' as const, value: 900 }],
    };
    await recordPageView(view, at('2025-10-01T04:00:00Z'));
    await recordPageView(view, at('2025-10-25T04:00:00Z'));
    await recordPageView(view, at('2026-11-20T04:00:00Z'));
    const days = async () =>
      rowsOf<{ day: string }>(
        await db().execute(sql`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM rum_daily ORDER BY 1`),
      ).map((r) => r.day);
    // 400 days before 28 Nov 2026 is 24 Oct 2025.
    expect(await pruneRealUserSpeed(at('2026-11-28T04:00:00Z'))).toBe(1);
    expect(await days()).toEqual(['2025-10-25', '2026-11-20']);
    expect(await pruneRealUserSpeed(at('2026-11-28T04:00:00Z'))).toBe(0);

    // The scheduled job, with the clock moved on a month.
    const job = JOBS.find((j) => j.name === 'rum-prune')!;
    expect(await runDueJobs(at('2026-12-28T04:00:00Z'), [job])).toEqual(['rum-prune']);
    expect(await days()).toEqual(['2026-11-20']);
  });

  it('names the Singapore day of a moment', () => {
    expect(singaporeDay(at('2026-11-27T15:59:59Z'))).toBe('2026-11-27');
    expect(singaporeDay(at('2026-11-27T16:00:00Z'))).toBe('2026-11-28');
  });
});
