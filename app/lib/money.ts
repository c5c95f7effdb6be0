/**
 * Money for quotations: Singapore dollars held as integer cents, never as floating point. Safe on
 * both sides (the quotation form previews totals with the same functions the server uses).
 */

/** The largest amount a quotation column holds (PostgreSQL `integer` cents: S$21,474,836.47). */
export const MAX_CENTS = 2_147_483_647;

const MONEY = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

/**
 * '12.50' → 1250, '12.5' → 1250, '1,250' → 125000, '0' → 0; anything else (negative, three
 * decimals, letters, empty) → null. Digits are read as text, so no binary fraction ever creeps in
 * ('0.29' is 29, not 28.999…).
 */
export function parseCents(input: string): number | null {
  const text = input
    .trim()
    .replace(/^S?\$\s*/i, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  const match = MONEY.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents <= MAX_CENTS ? cents : null;
}

/** A percentage with up to two decimals in basis points: '9' → 900, '8.25' → 825. */
export function parseBasisPoints(percent: string): number | null {
  const bp = parseCents(percent);
  return bp !== null && bp <= 10_000 ? bp : null;
}

/**
 * GST on a subtotal, rounded half-up to the cent: the rate applies once to the quotation's
 * subtotal (not line by line), as IRAS allows for a tax invoice's total. Integer arithmetic only:
 * subtotal × basis points is at most 2^31 × 10^4, far inside JavaScript's exact integers.
 * Examples at 9%: 1005 → 90.45 rounds to 90; 1050 → 94.5 rounds up to 95.
 */
export function gstCents(subtotalCents: number, basisPoints: number): number {
  return Math.floor((subtotalCents * basisPoints + 5_000) / 10_000);
}

/** A quotation line as the totals need it. */
export interface PricedLine {
  quantity: number;
  unitPriceCents: number;
}

/** Line totals, subtotal, GST and total, all in cents. */
export function quotationTotals(lines: readonly PricedLine[], basisPoints: number) {
  const lineTotals = lines.map((l) => l.quantity * l.unitPriceCents);
  const subtotalCents = lineTotals.reduce((sum, t) => sum + t, 0);
  const gst = gstCents(subtotalCents, basisPoints);
  return { lineTotals, subtotalCents, gstCents: gst, totalCents: subtotalCents + gst };
}

const grouped = new Intl.NumberFormat('en-SG', { useGrouping: true });

/** 125050 → 'S$1,250.50' (built from the integer, no division rounding). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100);
  return `${sign}S$${grouped.format(dollars)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 900 → '9%', 825 → '8.25%'. */
export function formatRate(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const rest = basisPoints % 100;
  return rest ? `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}%` : `${whole}%`;
}

/** 125050 → '1250.50': what a price field shows when a form starts from a stored amount. */
export function centsToInput(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
