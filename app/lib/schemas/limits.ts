/**
 * How every form's length message states its limit: at most `max` (a text of exactly `max` is
 * taken), the number written as the shop writes numbers ('5,000').
 */
export const charactersOrFewer = (max: number): string =>
  `${max.toLocaleString('en-SG')} characters or fewer`;
