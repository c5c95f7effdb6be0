import { describe, expect, it } from 'vitest';
import { readEnquiryFilter } from './inbox';

const read = (query: string) => readEnquiryFilter(new URLSearchParams(query));

describe('readEnquiryFilter', () => {
  it('keeps real days and the other filters', () => {
    expect(read('status=new&q=+goal+&from=2026-02-28&to=2028-02-29&page=3')).toEqual({
      status: 'new',
      q: 'goal',
      from: '2026-02-28',
      to: '2028-02-29',
      page: 3,
    });
  });

  it('ignores days that do not exist instead of moving them to another day', () => {
    // Date.parse('2026-02-31') is 3 March: the range would silently grow.
    // Nor days before 1900: year 1 in Singapore time is year 0, which PostgreSQL refuses.
    for (const day of [
      '2026-02-31',
      '2026-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '0001-01-01',
      '0000-06-01',
      '1899-12-31',
    ])
      expect(read(`from=${day}&to=${day}`)).toMatchObject({ from: undefined, to: undefined });
  });

  it('ignores malformed values: the URL is a bookmark, not a form', () => {
    expect(read('status=lost&from=yesterday&to=2026-1-5&page=-2')).toEqual({
      status: undefined,
      q: undefined,
      from: undefined,
      to: undefined,
      page: 1,
    });
  });
});
