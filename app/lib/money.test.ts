import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatRate,
  gstCents,
  parseBasisPoints,
  parseCents,
  quotationTotals,
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
    const totals = quotationTotals(
      [1, 2, 3].map(() => ({ quantity: 1, unitPriceCents: 50 })),
      900,
    );
    expect(totals).toEqual({
      lineTotals: [50, 50, 50],
      subtotalCents: 150,
      gstCents: 14,
      totalCents: 164,
    });
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
