// The reports' figures on a seeded data set, each worked out again here from the rows as they
// were written (JavaScript over the seed, the holiday list's own working-hours function), never
// from the service's queries.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct, createSport } from '../../../tests/factories';
import { periodsOf } from '~/lib/report-period';
import { workingHoursBetween } from '~/lib/sg-holidays';
import { db } from '../db/client.server';
import {
  contactMessages,
  enquiries,
  enquiryEvents,
  enquiryItems,
  orders,
  quotationResponses,
  quotations,
  type EnquiryStatus,
  type QuotationStatus,
} from '../db/schema';
import { buildReport, PIPELINE_STAGES, type ReportData } from './reports.server';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const sg = (local: string) => new Date(`${local}+08:00`);

// The chosen period: 4 weeks from Monday 2 Mar 2026 (Good Friday 3 Apr is later), the previous
// one the 4 weeks before (Chinese New Year on 17 and 18 Feb inside it).
const periods = periodsOf('2026-03-02', '2026-03-29');
const prevStart = sg('2026-02-02T00:00:00').getTime();
const curStart = sg('2026-03-02T00:00:00').getTime();
const curEnd = sg('2026-03-30T00:00:00').getTime();
const now = sg('2026-03-20T12:00:00');

/** A small deterministic generator, so the data set is the same on every run and engine. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface SeededQuote {
  enquiryId: number;
  sequence: number;
  status: QuotationStatus;
  createdAt: Date;
  validUntil: Date;
  before: number;
  total: number;
  response?: { kind: 'accepted' | 'declined'; at: Date };
  ordered: boolean;
}

interface SeededEnquiry {
  id: number;
  createdAt: Date;
  status: EnquiryStatus;
  organisation: string | null;
  items: { productId: number | null; name: string; quantity: number }[];
  firstAnswer: Date | null;
}

const seeded = {
  enquiries: [] as SeededEnquiry[],
  quotes: [] as SeededQuote[],
  messages: [] as Date[],
};
let productList: { id: number; name: string; categories: string[] }[] = [];
let report: ReportData;

beforeAll(async () => {
  const rnd = random(20260302);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const sport = await createSport();
  const [courts, nets] = [
    await createCategory({ name: 'Courts' }),
    await createCategory({ name: 'Nets' }),
  ];
  const make = async (name: string, cats: { id: number; name: string }[]) => {
    const p = await createProduct({ name, sportId: sport.id, categoryIds: cats.map((c) => c.id) });
    return { id: p.id, name, categories: cats.map((c) => c.name) };
  };
  productList = [
    await make('Aluminium Goalposts', [courts]),
    await make('Volleyball Net', [nets]),
    await make('Court Net Combo', [courts, nets]),
    await make('Ball Trolley', []),
  ];
  const organisations = [
    'Bedok Primary School',
    ' bedok primary school ',
    'Tampines Secondary',
    'Jurong Sports Club',
    null,
    '',
  ];
  const statuses: EnquiryStatus[] = ['new', 'in_progress', 'quoted', 'closed'];
  const pdf = Buffer.from('%PDF-1.4 report test');
  const sha = createHash('sha256').update(pdf).digest('hex');

  // 90 enquiries from a week before the previous period to a week after the chosen one.
  for (let i = 0; i < 90; i++) {
    const createdAt = new Date(
      prevStart - 7 * DAY + Math.floor(rnd() * (curEnd - prevStart + 14 * DAY)),
    );
    const status = pick(statuses);
    const organisation = pick(organisations);
    const [row] = await db()
      .insert(enquiries)
      .values({
        reference: `FH-RPT-${i}`,
        contactName: `Buyer ${i}`,
        contactEmail: `buyer${i}@school.example`,
        organisation,
        message: 'Please quote.',
        status,
        createdAt,
      })
      .returning({ id: enquiries.id });
    const items: SeededEnquiry['items'] = [];
    const chosen = new Set<number>();
    for (let k = 0; k < 1 + Math.floor(rnd() * 3); k++) {
      const index = Math.floor(rnd() * (productList.length + 1));
      if (chosen.has(index)) continue;
      chosen.add(index);
      const product = productList[index];
      items.push(
        product
          ? { productId: product.id, name: product.name, quantity: 1 + Math.floor(rnd() * 5) }
          : { productId: null, name: 'Retired Scoreboard', quantity: 1 + Math.floor(rnd() * 5) },
      );
    }
    await db()
      .insert(enquiryItems)
      .values(
        items.map((it) => ({
          enquiryId: row!.id,
          productId: it.productId,
          productName: it.name,
          quantity: it.quantity,
        })),
      );
    // A note and a status change never count as an answer; the first reply or quotation does.
    const events: (typeof enquiryEvents.$inferInsert)[] = [
      {
        enquiryId: row!.id,
        kind: 'note',
        actorName: 'Staff',
        body: 'n',
        createdAt: new Date(createdAt.getTime() + HOUR),
      },
      {
        enquiryId: row!.id,
        kind: 'status',
        actorName: 'Staff',
        fromStatus: 'new',
        toStatus: 'in_progress',
        createdAt: new Date(createdAt.getTime() + 2 * HOUR),
      },
    ];
    let firstAnswer: Date | null = null;
    if (rnd() < 0.8) {
      firstAnswer = new Date(createdAt.getTime() + Math.floor(rnd() * 6 * DAY));
      events.push({
        enquiryId: row!.id,
        kind: pick(['reply', 'quotation'] as const),
        actorName: 'Staff',
        body: 'answer',
        createdAt: firstAnswer,
      });
      events.push({
        enquiryId: row!.id,
        kind: 'reply',
        actorName: 'Staff',
        body: 'later',
        createdAt: new Date(firstAnswer.getTime() + DAY),
      });
    }
    await db().insert(enquiryEvents).values(events);
    seeded.enquiries.push({ id: row!.id, createdAt, status, organisation, items, firstAnswer });

    // Some quotations, revisions superseding the ones before.
    const revisions = rnd() < 0.6 ? 1 + Math.floor(rnd() * 2) : 0;
    for (let sequence = 1; sequence <= revisions; sequence++) {
      const sentAt = new Date(createdAt.getTime() + sequence * DAY);
      const validUntil = new Date(sentAt.getTime() + Math.floor(rnd() * 30) * DAY);
      const before = 10_000 + Math.floor(rnd() * 500_000);
      const gst = Math.round(before * 0.09);
      const last = sequence === revisions;
      let status: QuotationStatus = last
        ? pick(['sent', 'changes_requested', 'accepted', 'declined'] as const)
        : 'superseded';
      const answeredAt = new Date(sentAt.getTime() + Math.floor(rnd() * 10) * DAY);
      if ((status === 'accepted' || status === 'declined') && answeredAt > now) status = 'sent';
      const [q] = await db()
        .insert(quotations)
        .values({
          enquiryId: row!.id,
          sequence,
          number: `Q-FH-RPT-${i}-${sequence}`,
          status,
          validityDays: 30,
          validUntil,
          gstRateBasisPoints: 900,
          subtotalCents: before + 500,
          discountCents: 500,
          gstCents: gst,
          totalCents: before + gst,
          pdf,
          pdfSha256: sha,
          actorName: 'Staff',
          createdAt: sentAt,
        })
        .returning({ id: quotations.id });
      const quote: SeededQuote = {
        enquiryId: row!.id,
        sequence,
        status,
        createdAt: sentAt,
        validUntil,
        before,
        total: before + gst,
        ordered: false,
      };
      if (status === 'accepted' || status === 'declined') {
        await db()
          .insert(quotationResponses)
          .values({ quotationId: q!.id, kind: status, pdfSha256: sha, createdAt: answeredAt });
        quote.response = { kind: status, at: answeredAt };
      }
      if (status === 'accepted' && rnd() < 0.5) {
        await db()
          .insert(orders)
          .values({
            number: `SO-RPT-${i}`,
            enquiryId: row!.id,
            quotationId: q!.id,
            actorName: 'Staff',
          });
        quote.ordered = true;
      }
      seeded.quotes.push(quote);
    }
  }
  for (let i = 0; i < 40; i++) {
    const createdAt = new Date(
      prevStart - 3 * DAY + Math.floor(rnd() * (curEnd - prevStart + 6 * DAY)),
    );
    await db()
      .insert(contactMessages)
      .values({ name: `S ${i}`, email: `s${i}@x.example`, phone: '1', message: 'm', createdAt });
    seeded.messages.push(createdAt);
  }
  report = await buildReport(periods, now);
});

const inCurrent = (d: Date) => d.getTime() >= curStart && d.getTime() < curEnd;
const inPrevious = (d: Date) => d.getTime() >= prevStart && d.getTime() < curStart;

/** PostgreSQL's percentile_cont: linear interpolation between the sorted values. */
function percentile(values: number[], f: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = f * (sorted.length - 1);
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

describe('the reports', () => {
  it('count enquiries and contact messages per week, against the previous period week by week', () => {
    const week = (d: Date, start: number) => Math.floor((d.getTime() - start) / (7 * DAY));
    const expected = [0, 1, 2, 3].map((w) => ({
      week: w + 1,
      from: ['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23'][w],
      enquiries: seeded.enquiries.filter(
        (e) => inCurrent(e.createdAt) && week(e.createdAt, curStart) === w,
      ).length,
      messages: seeded.messages.filter((m) => inCurrent(m) && week(m, curStart) === w).length,
      previousEnquiries: seeded.enquiries.filter(
        (e) => inPrevious(e.createdAt) && week(e.createdAt, prevStart) === w,
      ).length,
      previousMessages: seeded.messages.filter((m) => inPrevious(m) && week(m, prevStart) === w)
        .length,
    }));
    expect(report.weekly).toEqual(expected);
    expect(report.enquiries).toEqual({
      current: seeded.enquiries.filter((e) => inCurrent(e.createdAt)).length,
      previous: seeded.enquiries.filter((e) => inPrevious(e.createdAt)).length,
    });
    expect(report.messages.current).toBe(seeded.messages.filter(inCurrent).length);
    expect(report.enquiries.current).toBeGreaterThan(10);
  });

  it('time the first answer in working hours, holidays and weekends left out', () => {
    for (const [period, within] of [
      ['current', inCurrent],
      ['previous', inPrevious],
    ] as const) {
      const asked = seeded.enquiries.filter((e) => within(e.createdAt));
      const hours = asked
        .filter((e) => e.firstAnswer)
        .map((e) => workingHoursBetween(e.createdAt, e.firstAnswer!));
      expect(report.firstReply.medianHours[period], period).toBeCloseTo(percentile(hours, 0.5)!, 6);
      expect(report.firstReply.p90Hours[period], period).toBeCloseTo(percentile(hours, 0.9)!, 6);
      expect(report.firstReply.answered[period]).toBe(hours.length);
      expect(report.firstReply.unanswered[period]).toBe(asked.length - hours.length);
    }
  });

  it('count quotations sent, accepted, declined and expired with their value before and with GST', () => {
    for (const [period, within] of [
      ['current', inCurrent],
      ['previous', inPrevious],
    ] as const) {
      const sent = seeded.quotes.filter((q) => within(q.createdAt));
      const answered = (kind: 'accepted' | 'declined') =>
        seeded.quotes.filter((q) => q.response?.kind === kind && within(q.response.at));
      const expired = seeded.quotes.filter(
        (q) =>
          (q.status === 'sent' || q.status === 'changes_requested') &&
          within(q.validUntil) &&
          q.validUntil < now,
      );
      const totals = (list: SeededQuote[]) => ({
        count: list.length,
        before: list.reduce((s, q) => s + q.before, 0),
        total: list.reduce((s, q) => s + q.total, 0),
      });
      const expected = {
        sent: totals(sent),
        accepted: totals(answered('accepted')),
        declined: totals(answered('declined')),
        expired: totals(expired),
      };
      for (const row of report.quotations) {
        const e = expected[row.outcome];
        expect(
          [row.count[period], row.beforeGstCents[period], row.totalCents[period]],
          `${period} ${row.outcome}`,
        ).toEqual([e.count, e.before, e.total]);
      }
      const decided = expected.accepted.count + expected.declined.count + expected.expired.count;
      expect(report.winRate[period]).toBe(decided ? expected.accepted.count / decided : null);
    }
    expect(report.quotations.find((q) => q.outcome === 'sent')!.count.current).toBeGreaterThan(5);
  });

  it('value the open pipeline by stage, from each enquiry’s latest revision', () => {
    const latest = new Map<number, SeededQuote>();
    for (const q of seeded.quotes)
      if ((latest.get(q.enquiryId)?.sequence ?? 0) < q.sequence) latest.set(q.enquiryId, q);
    const expected = Object.fromEntries(
      PIPELINE_STAGES.map((s) => [s, { enquiries: 0, before: 0, total: 0 }]),
    );
    for (const e of seeded.enquiries) {
      if (e.status === 'closed') continue;
      const q = latest.get(e.id);
      const stage =
        q?.status === 'accepted' && !q.ordered
          ? 'accepted'
          : q?.status === 'changes_requested' && q.validUntil > now
            ? 'changes_requested'
            : q?.status === 'sent' && q.validUntil > now
              ? 'awaiting_answer'
              : e.status === 'new' || e.status === 'in_progress'
                ? e.status
                : null;
      if (!stage) continue;
      expected[stage]!.enquiries++;
      if (q && stage !== 'new' && stage !== 'in_progress') {
        expected[stage]!.before += q.before;
        expected[stage]!.total += q.total;
      }
    }
    expect(report.pipeline).toEqual(
      PIPELINE_STAGES.map((stage) => ({
        stage,
        enquiries: expected[stage]!.enquiries,
        beforeGstCents: expected[stage]!.before,
        totalCents: expected[stage]!.total,
      })),
    );
  });

  it('rank the products and categories enquired about', () => {
    const rank = (keyOf: (item: SeededEnquiry['items'][number]) => string[]) => {
      const rows = new Map<
        string,
        { enquiries: Set<number>; quantity: number; previous: Set<number> }
      >();
      for (const e of seeded.enquiries) {
        const current = inCurrent(e.createdAt);
        if (!current && !inPrevious(e.createdAt)) continue;
        for (const item of e.items)
          for (const key of keyOf(item)) {
            const row = rows.get(key) ?? { enquiries: new Set(), quantity: 0, previous: new Set() };
            if (current) {
              row.enquiries.add(e.id);
              row.quantity += item.quantity;
            } else row.previous.add(e.id);
            rows.set(key, row);
          }
      }
      return [...rows]
        .filter(([, r]) => r.enquiries.size)
        .map(([name, r]) => ({
          name,
          enquiries: r.enquiries.size,
          quantity: r.quantity,
          previousEnquiries: r.previous.size,
        }))
        .sort(
          (a, b) =>
            b.enquiries - a.enquiries || b.quantity - a.quantity || (a.name < b.name ? -1 : 1),
        )
        .slice(0, 10);
    };
    expect(report.products).toEqual(rank((item) => [item.name]));
    const categoriesOf = new Map(productList.map((p) => [p.id, p.categories]));
    expect(report.categories).toEqual(
      rank((item) => (item.productId ? categoriesOf.get(item.productId)! : [])),
    );
    expect(report.products.map((p) => p.name)).toContain('Retired Scoreboard');
  });

  it('rank organisations by enquiries and the value they accepted', () => {
    // The name shown: the first spelling among the two periods' enquiries, else among the
    // accepting enquiries' (byte order, as the service's "C" collation: capitals first).
    const rows = new Map<
      string,
      {
        asked?: string;
        won?: string;
        enquiries: number;
        previous: number;
        before: number;
        total: number;
      }
    >();
    const row = (organisation: string) => {
      const key = organisation.trim().toLowerCase();
      const r = rows.get(key) ?? { enquiries: 0, previous: 0, before: 0, total: 0 };
      rows.set(key, r);
      return r;
    };
    const first = (a: string | undefined, b: string) => (a === undefined || b < a ? b : a);
    for (const e of seeded.enquiries) {
      if (!e.organisation?.trim()) continue;
      if (!inCurrent(e.createdAt) && !inPrevious(e.createdAt)) continue;
      const r = row(e.organisation);
      r.asked = first(r.asked, e.organisation.trim());
      if (inCurrent(e.createdAt)) r.enquiries++;
      else r.previous++;
    }
    for (const q of seeded.quotes) {
      if (q.response?.kind !== 'accepted' || !inCurrent(q.response.at)) continue;
      const organisation = seeded.enquiries.find((e) => e.id === q.enquiryId)!.organisation;
      if (!organisation?.trim()) continue;
      const r = row(organisation);
      r.won = first(r.won, organisation.trim());
      r.before += q.before;
      r.total += q.total;
    }
    const expected = [...rows.values()]
      .filter((r) => r.enquiries > 0 || r.won !== undefined)
      .map((r) => ({ ...r, name: (r.asked ?? r.won)! }))
      .sort(
        (a, b) => b.enquiries - a.enquiries || b.before - a.before || (a.name < b.name ? -1 : 1),
      )
      .slice(0, 10)
      .map((r) => ({
        name: r.name,
        enquiries: r.enquiries,
        previousEnquiries: r.previous,
        acceptedBeforeGstCents: r.before,
        acceptedTotalCents: r.total,
      }));
    expect(report.organisations).toEqual(expected);
    // ' bedok primary school ' and 'Bedok Primary School' are one organisation.
    expect(report.organisations.filter((o) => /bedok/i.test(o.name))).toEqual([
      expect.objectContaining({ name: 'Bedok Primary School' }),
    ]);
  });
});
