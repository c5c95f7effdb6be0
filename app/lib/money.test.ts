import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatRate,
  gstCents,
  parseBasisPoints,
  parseCents,
  priceLines,
  pricingProblems,
  totalInWords,
  totalLabel,
  valueBand,
  discountCents,
  type PricingLine,
} from './money';

describe('parseCents', () => {
  it('reads dollars as exact integer cents', () => {
    expect(parseCents('12.50')).toBe(1250);
    expect(parseCents('12.5')).toBe(1250);
    expect(parseCents('0.29')).toBe(29); // 0.29 * 100 is 28.999… in floating point
    expect(parseCents('1,250.05')).toBe(125005);
    expect(parseCents(' S$ 99 ')).toBe(9900);
    expect(parseCents('0')).toBe(0);
    expect(parseCents('21474836.47')).toBe(2147483647);
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', '-1', '1.234', 'abc', '1e3', '12,50', '.5', '21474836.48'])
      expect(parseCents(bad), bad).toBeNull();
  });
});

describe('GST', () => {
  it('rounds half-up to the cent on the subtotal', () => {
    expect(gstCents(1005, 900)).toBe(90); // 90.45 → 90
    expect(gstCents(1050, 900)).toBe(95); // 94.5 → 95 (half goes up)
    expect(gstCents(1061, 900)).toBe(95); // 95.49 → 95
    expect(gstCents(1062, 900)).toBe(96); // 95.58 → 96
    expect(gstCents(0, 900)).toBe(0);
    expect(gstCents(2_147_483_647, 900)).toBe(193_273_528); // 193273528.23
  });

  it('applies once to the subtotal, not line by line', () => {
    // Three lines of S$0.50 at 9%: per line 4.5 → 5 cents each (15); on the subtotal 13.5 → 14.
    const totals = priceLines(
      [1, 2, 3].map(() => ({ quantity: 1, unitPriceCents: 50, discount: null })),
      null,
      900,
    );
    expect(totals.lines.map((l) => l.totalCents)).toEqual([50, 50, 50]);
    expect(totals).toMatchObject({
      subtotalCents: 150,
      netCents: 150,
      gstCents: 14,
      totalCents: 164,
    });
  });

  it('labels a total as including GST only when the company was GST-registered', () => {
    expect(`${formatCents(294_305)} ${totalLabel(true)}`).toBe('S$2,943.05 incl. GST');
    expect(`Total ${totalLabel(true)}`).toBe('Total incl. GST');
    expect(`${formatCents(270_005)} ${totalLabel(false)}`).toBe('S$2,700.05 (no GST)');
    expect(`Total ${totalLabel(false)}`).toBe('Total (no GST)');
    expect(totalInWords(294_305, true)).toBe('S$2,943.05 including GST');
    expect(totalInWords(270_005, false)).toBe('S$2,700.05, no GST charged');
  });

  it('reads the configured rate in basis points', () => {
    expect(parseBasisPoints('9')).toBe(900);
    expect(parseBasisPoints('8.25')).toBe(825);
    expect(parseBasisPoints('101')).toBeNull();
    expect(formatRate(900)).toBe('9%');
    expect(formatRate(825)).toBe('8.25%');
    expect(formatRate(850)).toBe('8.5%');
  });
});

it('formats cents as Singapore dollars', () => {
  expect(formatCents(125050)).toBe('S$1,250.50');
  expect(formatCents(5)).toBe('S$0.05');
  expect(formatCents(0)).toBe('S$0.00');
});

describe('discounts', () => {
  it('rounds a percentage half-up to the cent, per line', () => {
    // 12.5% of S$0.99 = 12.375 cents → 12; of S$1.00 = 12.5 → 13 (half goes up).
    expect(discountCents(99, { kind: 'percent', value: 1250 })).toBe(12);
    expect(discountCents(100, { kind: 'percent', value: 1250 })).toBe(13);
    expect(discountCents(100, { kind: 'percent', value: 10_000 })).toBe(100);
    expect(discountCents(1234, { kind: 'amount', value: 500 })).toBe(500);
    expect(discountCents(1234, null)).toBe(0);
    // The largest line a quotation can hold, at 33.33%: exact (BigInt): 715,756,299.5451 → 715,756,300.
    expect(discountCents(2_147_483_647, { kind: 'percent', value: 3333 })).toBe(715_756_300);
  });

  it('prices lines, then the whole discount on the subtotal, then GST once on what is left', () => {
    const lines: PricingLine[] = [
      // 3 × 333.35 = 1000.05, less 10% (100.005 → 100.01) = 900.04
      { quantity: 3, unitPriceCents: 33_335, discount: { kind: 'percent', value: 1000 } },
      // 1 × 100.05, less S$0.05 = 100.00
      { quantity: 1, unitPriceCents: 10_005, discount: { kind: 'amount', value: 5 } },
      // Delivery 150.00, no discount
      { quantity: 1, unitPriceCents: 15_000, discount: null },
    ];
    const p = priceLines(lines, { kind: 'percent', value: 250 }, 900);
    expect(p.lines).toEqual([
      { grossCents: 100_005, discountCents: 10_001, totalCents: 90_004 },
      { grossCents: 10_005, discountCents: 5, totalCents: 10_000 },
      { grossCents: 15_000, discountCents: 0, totalCents: 15_000 },
    ]);
    // Subtotal 1150.04; 2.5% = 28.751 → 28.75; net 1121.29; GST 9% = 100.9161 → 100.92.
    expect(p).toMatchObject({
      subtotalCents: 115_004,
      discountCents: 2_875,
      netCents: 112_129,
      gstCents: 10_092,
      totalCents: 122_221,
    });
    // Not GST-registered: rate 0, no GST.
    expect(priceLines(lines, null, 0)).toMatchObject({ gstCents: 0, totalCents: 115_004 });
  });

  it('names a discount over what it discounts and totals too large to store', () => {
    const line = (unitPriceCents: number, discount: PricingLine['discount'] = null) => ({
      quantity: 2,
      unitPriceCents,
      discount,
    });
    expect(pricingProblems([line(500, { kind: 'amount', value: 1000 })], null, 900)).toEqual([]);
    expect(pricingProblems([line(500, { kind: 'amount', value: 1001 })], null, 900)).toEqual([
      {
        line: 0,
        field: 'discount',
        message: "The discount cannot be more than the line's amount (S$10.00).",
      },
    ]);
    expect(pricingProblems([line(500)], { kind: 'amount', value: 1001 }, 900)).toEqual([
      {
        line: null,
        field: 'discount',
        message: 'The discount cannot be more than the subtotal (S$10.00).',
      },
    ]);
    // One line over the column; two lines that each fit but together do not; GST tipping it over.
    expect(pricingProblems([line(1_073_741_824)], null, 900)[0]).toMatchObject({
      line: 0,
      field: 'price',
    });
    expect(pricingProblems([line(600_000_000), line(600_000_000)], null, 0)[0]).toMatchObject({
      line: null,
      field: 'total',
      message: 'This quotation is too large to store (over S$21 million).',
    });
    expect(pricingProblems([line(1_000_000_000)], null, 0)).toEqual([]);
    expect(pricingProblems([line(1_000_000_000)], null, 900)[0]).toMatchObject({
      field: 'total',
    });
  });
});

it('names the value band from the amount before GST', () => {
  expect(valueBand(600_000)).toBe('Small-value purchase');
  expect(valueBand(600_001)).toBe('GeBIZ invitation to quote');
  expect(valueBand(9_000_000)).toBe('GeBIZ invitation to quote');
  expect(valueBand(9_000_001)).toBe('Tender');
});
