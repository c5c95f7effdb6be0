import { describe, expect, it } from 'vitest';
import { effectiveSort, parseShopState, SEARCH_MAX, searchText, shopHref } from './shop-url';

const parse = (query: string) => parseShopState(new URL(`http://x/shop${query}`));

describe('the listing sort in the URL', () => {
  it('keeps a known order that is not the default, and spells the default without a parameter', () => {
    expect(parse('?sort=name').sort).toBe('name');
    expect(parse('?q=net&sort=newest').sort).toBe('newest');
    expect(parse('?q=net&sort=name').sort).toBe('name');
    // Defaults: newest without a search, relevance with one.
    expect(parse('?sort=newest').sort).toBeNull();
    expect(parse('?q=net&sort=relevance').sort).toBeNull();
  });

  it('ignores unknown values and relevance without a search', () => {
    for (const bad of ['bogus', 'NAME', '', 'name ', 'relevance'])
      expect(parse(`?sort=${encodeURIComponent(bad)}`).sort, bad).toBeNull();
  });

  it('the effective order: the chosen one, else relevance for a search and newest otherwise', () => {
    expect(effectiveSort({ q: '', sort: null })).toBe('newest');
    expect(effectiveSort({ q: 'net', sort: null })).toBe('relevance');
    expect(effectiveSort({ q: 'net', sort: 'name' })).toBe('name');
  });

  it('round-trips through shopHref with the filters and the page', () => {
    const href = shopHref({ q: 'net', sportIds: [2, 1], categoryIds: [3], sort: 'name', page: 2 });
    expect(href).toBe('/shop?q=net&sport=2%2C1&category=3&sort=name&page=2');
    expect(parse(href.slice(5))).toEqual({
      q: 'net',
      sportIds: [1, 2],
      categoryIds: [3],
      sort: 'name',
      page: 2,
    });
    expect(shopHref({ sort: 'newest' })).toBe('/shop');
    expect(shopHref({ q: 'net', sort: 'relevance' })).toBe('/shop?q=net');
  });

  it('reads a page past any there can be as junk, and a search of at most SEARCH_MAX characters', () => {
    expect(parse('?page=99999999999999999999').page).toBe(1);
    expect(parse('?page=2147483648').page).toBe(1);
    expect(parse('?page=2147483647').page).toBe(2147483647);
    expect(parse(`?q=${'b'.repeat(200)}`).q).toBe('b'.repeat(SEARCH_MAX));
    expect(searchText(`  ${'b'.repeat(200)}`)).toBe('b'.repeat(SEARCH_MAX));
  });
});
