import { describe, expect, it } from 'vitest';
import { listingTitle } from './listing-title.server';

const sports = [
  { id: 1, name: 'Badminton' },
  { id: 2, name: 'Basketball' },
  { id: 3, name: 'Football' },
  { id: 4, name: 'Netball' },
];
const categories = [
  { id: 7, name: 'Goalposts' },
  { id: 8, name: 'Nets' },
];
const title = (q: string, sportIds: number[], categoryIds: number[]) =>
  listingTitle({ q, sportIds, categoryIds }, sports, categories);

describe('the listing heading', () => {
  it('says what the listing is narrowed to, not "Shop All"', () => {
    expect(title('', [], [])).toBe('Shop All');
    expect(title('', [3], [])).toBe('Football');
    expect(title('', [], [8])).toBe('Nets');
    expect(title('', [3], [7])).toBe('Football · Goalposts');
    // In the menus' order, whatever the address's order.
    expect(title('', [4, 2], [])).toBe('Basketball, Netball');
    expect(title('', [2, 3, 4], [7, 8])).toBe('Basketball, Football, Netball · Goalposts, Nets');
    expect(title('', [1, 2, 3, 4], [8])).toBe('4 sports · Nets');
  });

  it('leaves out ids that name nothing, and a search heads its own listing', () => {
    expect(title('', [99], [])).toBe('Shop All');
    expect(title('', [99, 3], [])).toBe('Football');
    expect(title('hoop', [3], [7])).toBe('Search: hoop');
  });
});
