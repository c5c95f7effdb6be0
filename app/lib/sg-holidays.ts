/**
 * Singapore's public holidays and working days, for "waiting more than two working days" on the
 * back office's dashboard.
 *
 * Source: the Ministry of Manpower's yearly list of public holidays
 * (https://www.mom.gov.sg/employment-practices/public-holidays), which includes the Monday off
 * when a holiday falls on a Sunday and the polling day of the 2025 general election. The lunar
 * and Islamic holidays move every year, so the list has to be extended when the ministry
 * publishes the next year's dates; a year not listed counts weekends only.
 */
export const SG_PUBLIC_HOLIDAYS: ReadonlySet<string> = new Set([
  // 2025
  '2025-01-01', // New Year's Day
  '2025-01-29', // Chinese New Year
  '2025-01-30', // Chinese New Year
  '2025-03-31', // Hari Raya Puasa
  '2025-04-18', // Good Friday
  '2025-05-01', // Labour Day
  '2025-05-03', // Polling Day
  '2025-05-12', // Vesak Day
  '2025-06-07', // Hari Raya Haji
  '2025-08-09', // National Day
  '2025-10-20', // Deepavali
  '2025-12-25', // Christmas Day
  // 2026
  '2026-01-01', // New Year's Day
  '2026-02-17', // Chinese New Year
  '2026-02-18', // Chinese New Year
  '2026-03-21', // Hari Raya Puasa
  '2026-04-03', // Good Friday
  '2026-05-01', // Labour Day
  '2026-05-27', // Hari Raya Haji
  '2026-05-31', // Vesak Day
  '2026-06-01', // Vesak Day falls on a Sunday: the Monday is a holiday
  '2026-08-09', // National Day
  '2026-08-10', // National Day falls on a Sunday: the Monday is a holiday
  '2026-11-08', // Deepavali
  '2026-11-09', // Deepavali falls on a Sunday: the Monday is a holiday
  '2026-12-25', // Christmas Day
  // 2027
  '2027-01-01', // New Year's Day
  '2027-02-06', // Chinese New Year
  '2027-02-07', // Chinese New Year
  '2027-02-08', // Chinese New Year's second day falls on a Sunday: the Monday is a holiday
  '2027-03-10', // Hari Raya Puasa
  '2027-03-26', // Good Friday
  '2027-05-01', // Labour Day
  '2027-05-17', // Hari Raya Haji
  '2027-05-20', // Vesak Day
  '2027-08-09', // National Day
  '2027-10-28', // Deepavali
  '2027-12-25', // Christmas Day
]);

const DAY_MS = 86_400_000;
/** Singapore has kept UTC+8 all year since 1982. */
const SG_OFFSET_MS = 8 * 3_600_000;

/** Whether a Singapore calendar day ('2026-03-02') is a working day: Monday to Friday, not a holiday. */
export function isSingaporeWorkingDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !SG_PUBLIC_HOLIDAYS.has(day);
}

/**
 * How many working days lie between two moments, counted in Singapore time and in fractions:
 * only the hours that fall on working days count, so an enquiry sent on a Friday at 17:00 has
 * waited 0.29 working days at midnight and still 0.29 on Monday morning, and two full working
 * days on Tuesday at 17:00. Zero when `to` is not after `from`.
 */
export function workingDaysBetween(from: Date, to: Date): number {
  let start = from.getTime() + SG_OFFSET_MS;
  const end = to.getTime() + SG_OFFSET_MS;
  let ms = 0;
  while (start < end) {
    const dayStart = Math.floor(start / DAY_MS) * DAY_MS;
    const next = Math.min(dayStart + DAY_MS, end);
    if (isSingaporeWorkingDay(new Date(dayStart).toISOString().slice(0, 10))) ms += next - start;
    start = next;
  }
  return ms / DAY_MS;
}
