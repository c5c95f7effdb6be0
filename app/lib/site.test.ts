import { describe, expect, it } from 'vitest';
import { copyrightYear } from './site';

describe('copyrightYear', () => {
  it("is Singapore's year, which turns eight hours before UTC's", () => {
    expect(copyrightYear(new Date('2026-12-31T15:30:00Z'))).toBe(2026);
    expect(copyrightYear(new Date('2026-12-31T16:30:00Z'))).toBe(2027);
  });
});
