import { describe, expect, it } from 'vitest';
import { isSingaporeWorkingDay, SG_PUBLIC_HOLIDAYS, workingDaysBetween } from './sg-holidays';

const sg = (local: string) => new Date(`${local}+08:00`);

describe('Singapore working days', () => {
  it('are Monday to Friday except public holidays and the Mondays after a Sunday holiday', () => {
    expect(isSingaporeWorkingDay('2026-03-02')).toBe(true); // Monday
    expect(isSingaporeWorkingDay('2026-03-07')).toBe(false); // Saturday
    expect(isSingaporeWorkingDay('2026-03-08')).toBe(false); // Sunday
    expect(isSingaporeWorkingDay('2026-02-17')).toBe(false); // Chinese New Year
    expect(isSingaporeWorkingDay('2026-08-10')).toBe(false); // National Day's Monday off
    expect(isSingaporeWorkingDay('2027-02-08')).toBe(false);
  });

  it('lists every holiday of 2025 to 2027 as a real date', () => {
    for (const day of SG_PUBLIC_HOLIDAYS) {
      expect(new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10), day).toBe(day);
      expect(Number(day.slice(0, 4))).toBeGreaterThanOrEqual(2025);
      expect(Number(day.slice(0, 4))).toBeLessThanOrEqual(2027);
    }
    expect(SG_PUBLIC_HOLIDAYS.size).toBe(12 + 14 + 12);
  });

  it('counts only the hours that fall on working days, in Singapore time', () => {
    // Friday 17:00 to Tuesday 17:00: Friday's last 7 hours, all of Monday, Tuesday until 17:00.
    expect(workingDaysBetween(sg('2026-03-06T17:00:00'), sg('2026-03-10T17:00:00'))).toBeCloseTo(
      2,
      6,
    );
    expect(workingDaysBetween(sg('2026-03-06T17:00:00'), sg('2026-03-09T08:00:00'))).toBeCloseTo(
      7 / 24 + 8 / 24,
      6,
    );
    // Across Chinese New Year (Tuesday and Wednesday): Monday noon to Thursday noon is one day.
    expect(workingDaysBetween(sg('2026-02-16T12:00:00'), sg('2026-02-19T12:00:00'))).toBeCloseTo(
      1,
      6,
    );
    // 23:30 in Singapore is still that day (15:30 UTC), not the next.
    expect(workingDaysBetween(sg('2026-03-06T23:30:00'), sg('2026-03-07T00:30:00'))).toBeCloseTo(
      0.5 / 24,
      6,
    );
    expect(workingDaysBetween(sg('2026-03-10T10:00:00'), sg('2026-03-09T10:00:00'))).toBe(0);
  });
});
