/**
 * The reports' period: Singapore calendar days `from` to `to`, both included, and the period of
 * the same length just before it, which every figure is compared with. Safe on both sides.
 */
export interface ReportPeriod {
  from: string;
  to: string;
  /** Its length in days. */
  days: number;
}

export interface ReportPeriods {
  current: ReportPeriod;
  previous: ReportPeriod;
}

const DAY_MS = 86_400_000;
/** Longest period a report covers (about three years). */
export const MAX_REPORT_DAYS = 1100;
/** The default period: the last 13 weeks, today included. */
export const DEFAULT_REPORT_DAYS = 91;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day `n` days after `day` (negative: before). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Today's date in Singapore (UTC+8 all year). */
export function singaporeToday(now: Date): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

const isDay = (value: string) =>
  DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/** The periods a report's URL asks for, or the message that says what is wrong with it. */
export function readReportPeriods(
  params: URLSearchParams,
  now: Date,
): { periods: ReportPeriods; error?: string } {
  const today = singaporeToday(now);
  const fallback = periodsOf(addDays(today, 1 - DEFAULT_REPORT_DAYS), today);
  const from = params.get('from')?.trim() ?? '';
  const to = params.get('to')?.trim() ?? '';
  if (!from && !to) return { periods: fallback };
  if (!isDay(from) || !isDay(to))
    return { periods: fallback, error: 'Enter both dates of the period (from and to).' };
  if (to < from) return { periods: fallback, error: 'The period must end on or after its start.' };
  const periods = periodsOf(from, to);
  if (periods.current.days > MAX_REPORT_DAYS)
    return { periods: fallback, error: `A period can be at most ${MAX_REPORT_DAYS} days long.` };
  return { periods };
}

/** The period from `from` to `to` and the one of the same length before it. */
export function periodsOf(from: string, to: string): ReportPeriods {
  const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
  return {
    current: { from, to, days },
    previous: { from: addDays(from, -days), to: addDays(from, -1), days },
  };
}

/** Quick choices of period, relative to today in Singapore. */
export function presetPeriods(now: Date): { label: string; from: string; to: string }[] {
  const today = singaporeToday(now);
  const year = today.slice(0, 4);
  return [
    { label: 'Last 30 days', from: addDays(today, -29), to: today },
    { label: 'Last 13 weeks', from: addDays(today, 1 - DEFAULT_REPORT_DAYS), to: today },
    { label: 'This year', from: `${year}-01-01`, to: today },
    { label: 'Last year', from: `${Number(year) - 1}-01-01`, to: `${Number(year) - 1}-12-31` },
  ];
}
