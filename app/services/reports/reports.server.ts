import { sql, type SQL } from 'drizzle-orm';
import { addDays, type ReportPeriods } from '~/lib/report-period';
import { isSingaporeWorkingDay, WORKING_HOURS } from '~/lib/sg-holidays';
import { db, rowsOf } from '../db/client.server';
import { singaporeDayStart } from '../inbox/shared.server';

/** A figure in the chosen period and in the one before it. */
export interface Compared {
  current: number;
  previous: number;
}

/** A figure that may not exist (a median of nothing), in both periods. */
export interface ComparedOrNone {
  current: number | null;
  previous: number | null;
}

export interface WeekRow {
  /** 1 for the period's first seven days, and so on (the last may be shorter). */
  week: number;
  /** The first day of those seven, in the chosen period. */
  from: string;
  enquiries: number;
  messages: number;
  previousEnquiries: number;
  previousMessages: number;
}

export const QUOTATION_OUTCOMES = ['sent', 'accepted', 'declined', 'expired'] as const;
export type QuotationOutcome = (typeof QUOTATION_OUTCOMES)[number];

export interface QuotationRow {
  outcome: QuotationOutcome;
  count: Compared;
  /** Before GST: subtotal less the quotation's discount. */
  beforeGstCents: Compared;
  totalCents: Compared;
}

export const PIPELINE_STAGES = [
  'new',
  'in_progress',
  'awaiting_answer',
  'changes_requested',
  'accepted',
] as const;
export type PipelineStage = (typeof PIPELINE_STAGES)[number];

export interface PipelineRow {
  stage: PipelineStage;
  enquiries: number;
  beforeGstCents: number;
  totalCents: number;
}

export interface RankedRow {
  name: string;
  enquiries: number;
  quantity: number;
  previousEnquiries: number;
}

export interface OrganisationRow {
  name: string;
  enquiries: number;
  previousEnquiries: number;
  acceptedBeforeGstCents: number;
  acceptedTotalCents: number;
}

export interface ReportData {
  periods: ReportPeriods;
  enquiries: Compared;
  messages: Compared;
  /** Working hours (09:00–18:00 Singapore, working days) from an enquiry to its first answer. */
  firstReply: {
    medianHours: ComparedOrNone;
    p90Hours: ComparedOrNone;
    answered: Compared;
    unanswered: Compared;
  };
  /** Accepted ÷ (accepted + declined + expired) in each period; null when none was decided. */
  winRate: ComparedOrNone;
  weekly: WeekRow[];
  quotations: QuotationRow[];
  pipeline: PipelineRow[];
  products: RankedRow[];
  categories: RankedRow[];
  organisations: OrganisationRow[];
}

/** Rows in each ranked list. */
export const TOP = 10;

/** The moments that bound the two periods: previous start, current start, current end (open). */
function bounds(periods: ReportPeriods) {
  return {
    prevStart: singaporeDayStart(periods.previous.from),
    curStart: singaporeDayStart(periods.current.from),
    curEnd: singaporeDayStart(addDays(periods.current.to, 1)),
  };
}

const n = (v: unknown) => Number(v ?? 0);
const orNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

async function rows<T>(query: SQL): Promise<T[]> {
  return rowsOf<T>(await db().execute(query));
}

/**
 * Everything the back office's reports page shows for a period, compared with the period before
 * it: each figure is one SQL aggregate over its index (no row is carried into JavaScript to be
 * counted), and the queries run side by side.
 */
export async function buildReport(periods: ReportPeriods, now = new Date()): Promise<ReportData> {
  const b = bounds(periods);
  const [weekly, firstReply, quotations, pipeline, products, categories, organisations] =
    await Promise.all([
      weeklyVolumes(periods, b),
      firstReplyTimes(b, now),
      quotationOutcomes(b, now),
      pipelineNow(now),
      topProducts(periods),
      topCategories(periods),
      topOrganisations(b),
    ]);
  const sum = (key: keyof WeekRow) => weekly.reduce((total, w) => total + Number(w[key]), 0);
  const decided = (period: 'current' | 'previous') => {
    const count = (o: QuotationOutcome) => quotations.find((q) => q.outcome === o)!.count[period];
    const all = count('accepted') + count('declined') + count('expired');
    return all ? count('accepted') / all : null;
  };
  return {
    periods,
    enquiries: { current: sum('enquiries'), previous: sum('previousEnquiries') },
    messages: { current: sum('messages'), previous: sum('previousMessages') },
    firstReply,
    winRate: { current: decided('current'), previous: decided('previous') },
    weekly,
    quotations,
    pipeline,
    products,
    categories,
    organisations,
  };
}

type Bounds = ReturnType<typeof bounds>;

/** Which period a moment falls in (0 current, 1 previous) and its seven-day slice there. */
const slice = (column: SQL, b: Bounds) => sql`
  CASE WHEN ${column} >= ${b.curStart} THEN 0 ELSE 1 END AS p,
  floor(date_part('epoch', ${column} - CASE WHEN ${column} >= ${b.curStart} THEN ${b.curStart}::timestamptz ELSE ${b.prevStart}::timestamptz END) / 604800)::int AS w`;

/** Enquiries and contact messages per seven days of each period, aligned week by week. */
async function weeklyVolumes(periods: ReportPeriods, b: Bounds): Promise<WeekRow[]> {
  const [enquiryRows, messageRows] = await Promise.all([
    rows<{ p: number; w: number; c: number }>(sql`
      SELECT ${slice(sql`created_at`, b)}, count(*)::int AS c FROM enquiries
       WHERE created_at >= ${b.prevStart} AND created_at < ${b.curEnd} GROUP BY 1, 2`),
    rows<{ p: number; w: number; c: number }>(sql`
      SELECT ${slice(sql`created_at`, b)}, count(*)::int AS c FROM contact_messages
       WHERE created_at >= ${b.prevStart} AND created_at < ${b.curEnd} GROUP BY 1, 2`),
  ]);
  const weeks = Math.ceil(periods.current.days / 7);
  const get = (list: { p: number; w: number; c: number }[], p: number, w: number) =>
    n(list.find((r) => n(r.p) === p && n(r.w) === w)?.c);
  return Array.from({ length: weeks }, (_, w) => ({
    week: w + 1,
    from: addDays(periods.current.from, w * 7),
    enquiries: get(enquiryRows, 0, w),
    messages: get(messageRows, 0, w),
    previousEnquiries: get(enquiryRows, 1, w),
    previousMessages: get(messageRows, 1, w),
  }));
}

const DAY_S = 86_400;
/** Singapore has kept UTC+8 all year since 1982: its day numbers are UTC's, eight hours on. */
const SG_OFFSET_S = 8 * 3_600;
/** How long after the period's end (or now) an answer is still timed to the hour. */
const ANSWER_HORIZON_DAYS = 366;

/**
 * The working calendar from one moment's Singapore day to another's, from the repository's own
 * list (isSingaporeWorkingDay): the first day's number (days since 1 Jan 1970 in Singapore) and,
 * for each day from it, whether it is a working day and the working hours of all the days before.
 */
function workingCalendar(from: Date, to: Date) {
  const length = WORKING_HOURS.end - WORKING_HOURS.start;
  const first = Math.floor((from.getTime() / 1000 + SG_OFFSET_S) / DAY_S);
  const last = Math.floor((to.getTime() / 1000 + SG_OFFSET_S) / DAY_S);
  const before: number[] = [];
  const working: string[] = [];
  let total = 0;
  for (let day = first; day <= last; day++) {
    const open = isSingaporeWorkingDay(new Date(day * DAY_S * 1000).toISOString().slice(0, 10));
    before.push(total);
    working.push(open ? 't' : 'f');
    if (open) total += length;
  }
  return {
    first,
    before: `{${before.join(',')}}`,
    working: `{${working.join(',')}}`,
    /** The last second of the last day, in Singapore seconds. */
    end: (last + 1) * DAY_S - 1,
  };
}

/**
 * Working hours from each enquiry of a period to its first reply or quotation (the enquiry's
 * first_answered_at, which a trigger keeps as the timeline is written). The calendar of
 * working days comes from the holiday list (workingCalendar) as two arrays by day, whether the day
 * is a working one and the working hours before it, so an enquiry's wait is the count at its
 * answer less the count at its arrival, each read from the arrays by its Singapore day (times as
 * seconds since 1970 in Singapore, from date_part, a float: extract gives a numeric, four times
 * as slow to make and convert; no time-zone lookup or join per row). Each wait is computed once
 * (a materialised step: inlined, every percentile computed it again). An answer more than a year
 * after the period is timed as if it came at the calendar's end. The median and 90th percentile
 * are PostgreSQL's continuous percentiles; unanswered enquiries are counted apart.
 */
async function firstReplyTimes(b: Bounds, now: Date): Promise<ReportData['firstReply']> {
  const open = WORKING_HOURS.start;
  const length = WORKING_HOURS.end - WORKING_HOURS.start;
  const last = new Date(
    Math.max(now.getTime(), b.curEnd.getTime()) + ANSWER_HORIZON_DAYS * DAY_S * 1000,
  );
  const cal = workingCalendar(b.prevStart, last);
  // Working hours before the second `t`: those of the days before its day, and of its own day
  // up to it (0 to the day's length; none on a day off). Arrays count from 1.
  const hoursBefore = (t: SQL) => {
    const day = sql`floor(${t} / ${DAY_S})`;
    const index = sql`(${day}::int - ${cal.first} + 1)`;
    return sql`((${cal.before}::float8[])[${index}] + CASE WHEN (${cal.working}::boolean[])[${index}]
      THEN least(greatest((${t} - ${day} * ${DAY_S}) / 3600 - ${open}, 0), ${length})
      ELSE 0 END)`;
  };
  const [row] = await rows<Record<string, unknown>>(sql`
    WITH asked AS (
      SELECT date_part('epoch', e.created_at) + ${SG_OFFSET_S} AS t,
             -- least() passes over a null: an enquiry not answered yet stays unanswered.
             CASE WHEN e.first_answered_at IS NOT NULL
               THEN least(date_part('epoch', e.first_answered_at) + ${SG_OFFSET_S}, ${cal.end})
             END AS answered,
             CASE WHEN e.created_at >= ${b.curStart} THEN 0 ELSE 1 END AS p
        FROM enquiries e
       WHERE e.created_at >= ${b.prevStart} AND e.created_at < ${b.curEnd}
    ), waits AS MATERIALIZED (
      SELECT p, answered IS NOT NULL AS done,
             ${hoursBefore(sql`answered`)} - ${hoursBefore(sql`t`)} AS hours
        FROM asked
    )
    SELECT cur[1] AS median0, prev[1] AS median1, cur[2] AS p90_0, prev[2] AS p90_1,
           answered0, answered1, unanswered0, unanswered1
      FROM (
        SELECT
          -- Both percentiles from one sort of each period's waits.
          percentile_cont(ARRAY[0.5, 0.9]) WITHIN GROUP (ORDER BY hours) FILTER (WHERE p = 0 AND done) AS cur,
          percentile_cont(ARRAY[0.5, 0.9]) WITHIN GROUP (ORDER BY hours) FILTER (WHERE p = 1 AND done) AS prev,
          count(*) FILTER (WHERE p = 0 AND done)::int AS answered0,
          count(*) FILTER (WHERE p = 1 AND done)::int AS answered1,
          count(*) FILTER (WHERE p = 0 AND NOT done)::int AS unanswered0,
          count(*) FILTER (WHERE p = 1 AND NOT done)::int AS unanswered1
        FROM waits) figures`);
  return {
    medianHours: { current: orNull(row?.median0), previous: orNull(row?.median1) },
    p90Hours: { current: orNull(row?.p90_0), previous: orNull(row?.p90_1) },
    answered: { current: n(row?.answered0), previous: n(row?.answered1) },
    unanswered: { current: n(row?.unanswered0), previous: n(row?.unanswered1) },
  };
}

/**
 * Quotations sent in each period (every revision counts), accepted and declined (by the buyer's
 * answer's date) and expired (unanswered past their valid-until, which fell in the period and
 * before now), with their value before and including GST.
 */
async function quotationOutcomes(b: Bounds, now: Date): Promise<QuotationRow[]> {
  const value = sql`q.subtotal_cents - q.discount_cents`;
  const result = await rows<{
    outcome: QuotationOutcome;
    p: number;
    c: number;
    before: string;
    total: string;
  }>(sql`
    SELECT 'sent' AS outcome, CASE WHEN q.created_at >= ${b.curStart} THEN 0 ELSE 1 END AS p,
           count(*)::int AS c, sum(${value})::bigint AS before, sum(q.total_cents)::bigint AS total
      FROM quotations q
     WHERE q.created_at >= ${b.prevStart} AND q.created_at < ${b.curEnd}
     GROUP BY 2
    UNION ALL
    SELECT r.kind, CASE WHEN r.created_at >= ${b.curStart} THEN 0 ELSE 1 END,
           count(*)::int, sum(${value})::bigint, sum(q.total_cents)::bigint
      FROM quotation_responses r JOIN quotations q ON q.id = r.quotation_id
     WHERE r.kind IN ('accepted', 'declined')
       AND r.created_at >= ${b.prevStart} AND r.created_at < ${b.curEnd}
     GROUP BY 1, 2
    UNION ALL
    SELECT 'expired', CASE WHEN q.valid_until >= ${b.curStart} THEN 0 ELSE 1 END,
           count(*)::int, sum(${value})::bigint, sum(q.total_cents)::bigint
      FROM quotations q
     WHERE q.status IN ('sent', 'changes_requested')
       AND q.valid_until >= ${b.prevStart} AND q.valid_until < ${b.curEnd}
       AND q.valid_until < ${now}
     GROUP BY 2`);
  const pick = (outcome: QuotationOutcome, p: number) =>
    result.find((r) => r.outcome === outcome && n(r.p) === p);
  return QUOTATION_OUTCOMES.map((outcome) => {
    const [cur, prev] = [pick(outcome, 0), pick(outcome, 1)];
    return {
      outcome,
      count: { current: n(cur?.c), previous: n(prev?.c) },
      beforeGstCents: { current: n(cur?.before), previous: n(prev?.before) },
      totalCents: { current: n(cur?.total), previous: n(prev?.total) },
    };
  });
}

/**
 * The open pipeline as it stands now: enquiries not closed, by where they are. New and in
 * progress ones without a quotation the buyer can act on count by themselves (no value: nothing
 * is on offer); the others by their latest revision: awaiting the buyer's answer (sent, not
 * expired), changes requested (not expired), or accepted without an order yet, each with that
 * revision's value. Every enquiry's stage is worked out once (a materialised step: inlined, the
 * stage was computed again for the filter, the grouping and each sum), from each enquiry's latest
 * revision and the quotations with orders, both read in one pass rather than looked up per enquiry.
 */
async function pipelineNow(now: Date): Promise<PipelineRow[]> {
  const result = await rows<{ stage: PipelineStage; c: number; before: string; total: string }>(sql`
    WITH latest AS (
      SELECT DISTINCT ON (enquiry_id) enquiry_id, id, status, valid_until,
             subtotal_cents - discount_cents AS before, total_cents AS total
        FROM quotations
       ORDER BY enquiry_id, sequence DESC
    ), staged AS MATERIALIZED (
      SELECT CASE
               WHEN q.status = 'accepted' AND o.quotation_id IS NULL THEN 'accepted'
               WHEN q.status = 'changes_requested' AND q.valid_until > ${now} THEN 'changes_requested'
               WHEN q.status = 'sent' AND q.valid_until > ${now} THEN 'awaiting_answer'
               WHEN e.status = 'new' THEN 'new'
               WHEN e.status = 'in_progress' THEN 'in_progress'
             END AS stage,
             q.before, q.total
        FROM enquiries e
        LEFT JOIN latest q ON q.enquiry_id = e.id
        LEFT JOIN (SELECT DISTINCT quotation_id FROM orders) o ON o.quotation_id = q.id
       WHERE e.status <> 'closed'
    )
    SELECT stage, count(*)::int AS c,
           coalesce(sum(before) FILTER (WHERE stage NOT IN ('new', 'in_progress')), 0)::bigint AS before,
           coalesce(sum(total) FILTER (WHERE stage NOT IN ('new', 'in_progress')), 0)::bigint AS total
      FROM staged
     WHERE stage IS NOT NULL
     GROUP BY stage`);
  return PIPELINE_STAGES.map((stage) => {
    const r = result.find((x) => x.stage === stage);
    return {
      stage,
      enquiries: n(r?.c),
      beforeGstCents: n(r?.before),
      totalCents: n(r?.total),
    };
  });
}

/**
 * Enquiries (and quantities) per product in the period, with the previous period's count, from
 * the daily totals kept as enquiries are written (enquiry_product_days); a product deleted since,
 * or not in the catalogue when asked for, is its name as enquired. The period's totals first, the
 * top ten of them (named only once they are found), then the previous period's count of just
 * those ten by the product's index: with a large catalogue the days hold about a row per line,
 * and the previous period's rows are as many again.
 */
async function topProducts(periods: ReportPeriods): Promise<RankedRow[]> {
  const { current, previous } = periods;
  const result = await rows<Record<string, unknown>>(sql`
    WITH counted AS (
      SELECT product_id, CASE WHEN product_id IS NULL THEN product_name END AS gone,
             max(product_name) AS snapshot, sum(enquiries)::int AS enquiries,
             sum(quantity)::int AS quantity
        FROM enquiry_product_days
       WHERE day >= ${current.from}::date AND day <= ${current.to}::date
       GROUP BY 1, 2
    ), leaders AS (
      -- The most asked for (ties at the tenth place kept), so that only they need a name.
      SELECT * FROM counted ORDER BY enquiries DESC, quantity DESC FETCH FIRST ${TOP} ROWS WITH TIES
    ), top AS (
      SELECT r.product_id, r.gone, coalesce(p.name, r.snapshot) AS name, r.enquiries, r.quantity
        FROM leaders r
        LEFT JOIN products p ON p.id = r.product_id
       ORDER BY r.enquiries DESC, r.quantity DESC, coalesce(p.name, r.snapshot) COLLATE "C"
       LIMIT ${TOP}
    )
    SELECT t.name, t.enquiries, t.quantity,
           -- Two lookups, each by the index: a product, or a name asked for without one.
           coalesce((SELECT sum(d.enquiries) FROM enquiry_product_days d
                      WHERE d.product_id = t.product_id
                        AND d.day >= ${previous.from}::date AND d.day <= ${previous.to}::date), 0)
           + coalesce((SELECT sum(d.enquiries) FROM enquiry_product_days d
                        WHERE t.product_id IS NULL AND d.product_id IS NULL
                          AND d.product_name = t.gone
                          AND d.day >= ${previous.from}::date AND d.day <= ${previous.to}::date), 0)
           AS previous
      FROM top t
     ORDER BY t.enquiries DESC, t.quantity DESC, t.name COLLATE "C"`);
  return result.map(ranked);
}

/**
 * Enquiries (and quantities) per category of the products asked for, by the categories they were
 * in then (enquiry_category_days), counted the same way.
 */
async function topCategories(periods: ReportPeriods): Promise<RankedRow[]> {
  const d = days(periods);
  const result = await rows<Record<string, unknown>>(sql`
    WITH counted AS (
      SELECT category_id,
             coalesce(sum(enquiries) FILTER (WHERE ${d.current}), 0)::int AS enquiries,
             coalesce(sum(quantity) FILTER (WHERE ${d.current}), 0)::int AS quantity,
             coalesce(sum(enquiries) FILTER (WHERE NOT ${d.current}), 0)::int AS previous
        FROM enquiry_category_days
       WHERE ${d.both}
       GROUP BY category_id
    )
    SELECT c.name, r.enquiries, r.quantity, r.previous
      FROM counted r
      JOIN categories c ON c.id = r.category_id
     WHERE r.enquiries > 0
     ORDER BY r.enquiries DESC, r.quantity DESC, c.name COLLATE "C"
     LIMIT ${TOP}`);
  return result.map(ranked);
}

/** Conditions on a daily total's Singapore day: in either period, in the chosen one. */
function days(periods: ReportPeriods) {
  return {
    both: sql`day >= ${periods.previous.from}::date AND day <= ${periods.current.to}::date`,
    current: sql`day >= ${periods.current.from}::date`,
  };
}

const ranked = (r: Record<string, unknown>): RankedRow => ({
  name: String(r.name),
  enquiries: n(r.enquiries),
  quantity: n(r.quantity),
  previousEnquiries: n(r.previous),
});

/**
 * Organisations by enquiries in the period (grouped without regard to case or surrounding spaces,
 * shown in the spelling that sorts first, which prefers capitals) and by the value of the quotations they accepted in it; most enquiries
 * first, then most accepted value.
 */
async function topOrganisations(b: Bounds): Promise<OrganisationRow[]> {
  const result = await rows<Record<string, unknown>>(sql`
    WITH asked AS (
      SELECT lower(trim(organisation)) AS k, min(trim(organisation) COLLATE "C") AS name,
             count(*) FILTER (WHERE created_at >= ${b.curStart})::int AS enquiries,
             count(*) FILTER (WHERE created_at < ${b.curStart})::int AS previous
        FROM enquiries
       WHERE created_at >= ${b.prevStart} AND created_at < ${b.curEnd}
         AND organisation IS NOT NULL AND trim(organisation) <> ''
       GROUP BY 1
    ), won AS (
      SELECT lower(trim(e.organisation)) AS k, min(trim(e.organisation) COLLATE "C") AS name,
             sum(q.subtotal_cents - q.discount_cents)::bigint AS before,
             sum(q.total_cents)::bigint AS total
        FROM quotation_responses r
        JOIN quotations q ON q.id = r.quotation_id
        JOIN enquiries e ON e.id = q.enquiry_id
       WHERE r.kind = 'accepted' AND r.created_at >= ${b.curStart} AND r.created_at < ${b.curEnd}
         AND e.organisation IS NOT NULL AND trim(e.organisation) <> ''
       GROUP BY 1
    )
    SELECT coalesce(a.name, w.name) AS name, coalesce(a.enquiries, 0) AS enquiries,
           coalesce(a.previous, 0) AS previous, coalesce(w.before, 0) AS before,
           coalesce(w.total, 0) AS total
      FROM asked a FULL JOIN won w ON w.k = a.k
     WHERE coalesce(a.enquiries, 0) > 0 OR w.k IS NOT NULL
     ORDER BY 2 DESC, 4 DESC, coalesce(a.name, w.name) COLLATE "C"
     LIMIT ${TOP}`);
  return result.map((r) => ({
    name: String(r.name),
    enquiries: n(r.enquiries),
    previousEnquiries: n(r.previous),
    acceptedBeforeGstCents: n(r.before),
    acceptedTotalCents: n(r.total),
  }));
}
