// Real-user speed: what a visitor's browser may report (/api/rum), how values are counted into
// daily histograms, and Google's bands for each Core Web Vital. Shared by the endpoint, the
// service and the back office's page; the browser's beacon (components/layout/real-user-speed.tsx)
// sends only these names.

export const RUM_METRICS = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type RumMetric = (typeof RUM_METRICS)[number];

export const RUM_DEVICES = ['mobile', 'desktop'] as const;
export type RumDevice = (typeof RUM_DEVICES)[number];

/** navigator.connection.effectiveType's values, and `unknown` where a browser does not say. */
export const RUM_CONNECTIONS = ['slow-2g', '2g', '3g', '4g', 'unknown'] as const;
export type RumConnection = (typeof RUM_CONNECTIONS)[number];

/** Below this viewport width (CSS pixels) a page view counts as a phone's: Tailwind's `md`. */
export const MOBILE_MAX_WIDTH = 767;

/**
 * The histogram's buckets: each number is a bucket's upper bound (inclusive), the last one the
 * largest value accepted. Milliseconds, except CLS (a score). Finer around Google's thresholds,
 * which are bounds themselves, so a page's band is never blurred by a bucket that straddles one.
 */
export const RUM_BUCKETS: Record<RumMetric, readonly number[]> = {
  LCP: [
    250, 500, 750, 1000, 1250, 1500, 1750, 2000, 2250, 2500, 2750, 3000, 3500, 4000, 5000, 6000,
    8000, 10000, 15000, 20000, 30000, 60000,
  ],
  INP: [
    25, 50, 75, 100, 125, 150, 175, 200, 250, 300, 350, 400, 450, 500, 650, 800, 1000, 1500, 2000,
    5000, 10000, 30000,
  ],
  CLS: [
    0.01, 0.025, 0.05, 0.075, 0.1, 0.125, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10,
  ],
  TTFB: [
    100, 200, 300, 400, 500, 600, 700, 800, 1000, 1200, 1400, 1600, 1800, 2200, 2600, 3000, 4000,
    6000, 10000, 20000, 60000,
  ],
};

/** The largest value accepted for a metric: a report beyond it is refused, not clipped. */
export const rumMaximum = (metric: RumMetric): number => RUM_BUCKETS[metric].at(-1)!;

/** The upper bound of the bucket that counts `value`. */
export function bucketOf(metric: RumMetric, value: number): number {
  const bounds = RUM_BUCKETS[metric];
  return bounds.find((bound) => value <= bound) ?? bounds.at(-1)!;
}

/** Google's thresholds: good up to `good`, poor above `poor`, needs improvement between. */
export const RUM_BANDS: Record<RumMetric, { good: number; poor: number }> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  TTFB: { good: 800, poor: 1800 },
};

export type RumBand = 'good' | 'needs-improvement' | 'poor';

export function bandOf(metric: RumMetric, value: number): RumBand {
  const { good, poor } = RUM_BANDS[metric];
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor';
}

export const BAND_LABELS: Record<RumBand, string> = {
  good: 'Good',
  'needs-improvement': 'Needs improvement',
  poor: 'Poor',
};

/** A metric's value as people read it: seconds for LCP, milliseconds for INP and TTFB. */
export function formatMetric(metric: RumMetric, value: number): string {
  if (metric === 'CLS') return value.toFixed(2);
  if (metric === 'LCP') return `${(value / 1000).toFixed(2)} s`;
  return `${Math.round(value)} ms`;
}

export const METRIC_NAMES: Record<RumMetric, string> = {
  LCP: 'Largest Contentful Paint',
  INP: 'Interaction to Next Paint',
  CLS: 'Cumulative Layout Shift',
  TTFB: 'Time to First Byte',
};

/** The reports a page view may send: one per metric, again after a return from the back/forward cache. */
export const RUM_MAX_METRICS = 8;
/** Bytes of one report's body: a full report is about 250. */
export const RUM_MAX_BYTES = 2048;

/** The periods the back office offers, in days ending today. */
export const RUM_PERIODS = [7, 28, 90] as const;
export type RumPeriod = (typeof RUM_PERIODS)[number];
