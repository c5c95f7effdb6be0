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

const grouped = new Intl.NumberFormat('en-SG', { useGrouping: true });

/** 125050 → 'S$1,250.50' (built from the integer, no division rounding). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100);
  return `${sign}S$${grouped.format(dollars)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * What a total is said to include, after the amount or after the word Total: 'incl. GST', or
 * '(no GST)' for a total quoted while the company was not GST-registered (it added no GST, so a
 * buyer must not read that GST is in it). Every screen that shows a quotation's or an order's
 * total labels it with this.
 */
export function totalLabel(gstRegistered: boolean): string {
  return gstRegistered ? 'incl. GST' : '(no GST)';
}

/** The same in a sentence, as mails say it: 'S$2,943.05 including GST', 'S$80.00, no GST charged'. */
export function totalInWords(cents: number, gstRegistered: boolean): string {
  return `${formatCents(cents)}${gstRegistered ? ' including GST' : ', no GST charged'}`;
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

/** How a discount is given: a percentage (basis points, 1250 = 12.5%) or an amount in cents. */
export type DiscountKind = 'percent' | 'amount';

/** A discount on a line or on the whole quotation. */
export interface Discount {
  kind: DiscountKind;
  /** Basis points for a percentage (at most 10,000), cents for an amount. */
  value: number;
}

/**
 * The discount on an amount, in cents: a percentage rounded half-up to the cent (12.5% of S$0.99
 * is 12.375 cents → 12), an amount as it is. BigInt, so a percentage of the largest line
 * (9,999 × S$21 million) stays exact.
 */
export function discountCents(amountCents: number, discount: Discount | null): number {
  if (!discount) return 0;
  if (discount.kind === 'amount') return discount.value;
  return Number((BigInt(amountCents) * BigInt(discount.value) + 5_000n) / 10_000n);
}

/** A line as pricing needs it. */
export interface PricingLine {
  quantity: number;
  unitPriceCents: number;
  discount: Discount | null;
}

/** What each line and the whole quotation come to, in cents. */
export interface Pricing {
  lines: { grossCents: number; discountCents: number; totalCents: number }[];
  /** The lines' totals after their own discounts. */
  subtotalCents: number;
  /** The discount on the whole quotation, applied to the subtotal. */
  discountCents: number;
  /** subtotal − discount: the amount before GST, on which GST is charged. */
  netCents: number;
  gstCents: number;
  /** net + GST: the total including GST. */
  totalCents: number;
}

/**
 * Prices a quotation: each line's quantity × unit price less its discount, the subtotal, the
 * whole-quotation discount on it, GST once on what remains (half-up, `gstCents`) and the total.
 * `basisPoints` is 0 when the company is not GST-registered. Amounts a discount exceeds are
 * clamped at zero here; `pricingProblems` says which inputs to refuse.
 */
export function priceLines(
  lines: readonly PricingLine[],
  discount: Discount | null,
  basisPoints: number,
): Pricing {
  const priced = lines.map((l) => {
    const grossCents = l.quantity * l.unitPriceCents;
    const off = Math.min(discountCents(grossCents, l.discount), grossCents);
    return { grossCents, discountCents: off, totalCents: grossCents - off };
  });
  const subtotalCents = priced.reduce((sum, l) => sum + l.totalCents, 0);
  const off = Math.min(discountCents(subtotalCents, discount), subtotalCents);
  const netCents = subtotalCents - off;
  const gst = gstCents(netCents, basisPoints);
  return {
    lines: priced,
    subtotalCents,
    discountCents: off,
    netCents,
    gstCents: gst,
    totalCents: netCents + gst,
  };
}

/** An input pricing refuses: the line (its index, or null for the whole quotation) and why. */
export interface PricingProblem {
  line: number | null;
  field: 'price' | 'discount' | 'total';
  message: string;
}

export const PRICING_MESSAGES = {
  tooLarge: 'This quotation is too large to store (over S$21 million).',
  lineTooLarge: `This line comes to more than ${formatCents(MAX_CENTS)}.`,
  lineDiscount: (gross: number) =>
    `The discount cannot be more than the line's amount (${formatCents(gross)}).`,
  discount: (subtotal: number) =>
    `The discount cannot be more than the subtotal (${formatCents(subtotal)}).`,
} as const;

/**
 * What a quotation's prices may not be: a line or a total over what the database holds
 * (MAX_CENTS), a discount over the amount it discounts. Negative amounts and percentages over
 * 100% never get this far (the form's parsing refuses them).
 */
export function pricingProblems(
  lines: readonly PricingLine[],
  discount: Discount | null,
  basisPoints: number,
): PricingProblem[] {
  const problems: PricingProblem[] = [];
  lines.forEach((l, i) => {
    const gross = l.quantity * l.unitPriceCents;
    if (gross > MAX_CENTS)
      problems.push({ line: i, field: 'price', message: PRICING_MESSAGES.lineTooLarge });
    else if (discountCents(gross, l.discount) > gross)
      problems.push({ line: i, field: 'discount', message: PRICING_MESSAGES.lineDiscount(gross) });
  });
  if (problems.length) return problems;
  const pricing = priceLines(lines, discount, basisPoints);
  if (pricing.subtotalCents > MAX_CENTS)
    problems.push({ line: null, field: 'total', message: PRICING_MESSAGES.tooLarge });
  else if (discountCents(pricing.subtotalCents, discount) > pricing.subtotalCents)
    problems.push({
      line: null,
      field: 'discount',
      message: PRICING_MESSAGES.discount(pricing.subtotalCents),
    });
  else if (pricing.totalCents > MAX_CENTS)
    problems.push({ line: null, field: 'total', message: PRICING_MESSAGES.tooLarge });
  return problems;
}

/** '12.5%' or 'S$50.00': what a discount was given as. */
export function formatDiscount(discount: Discount): string {
  return discount.kind === 'percent' ? formatRate(discount.value) : formatCents(discount.value);
}

/** 1250 → '12.5', 125050 → '1250.50': what a discount field shows when a form starts from one. */
export function discountToInput(discount: Discount): string {
  return discount.kind === 'percent'
    ? formatRate(discount.value).replace('%', '')
    : centsToInput(discount.value);
}

/**
 * How a government buyer will have to buy at this amount before GST (the Ministry of Finance's
 * thresholds): up to S$6,000 a small-value purchase, up to S$90,000 an invitation to quote on
 * GeBIZ, above that a tender. A hint while pricing, not a rule.
 */
export function valueBand(netCents: number): string {
  if (netCents <= 600_000) return 'Small-value purchase';
  if (netCents <= 9_000_000) return 'GeBIZ invitation to quote';
  return 'Tender';
}
