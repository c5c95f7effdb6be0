import { describe, expect, it } from 'vitest';
import { applyCacheControl, cacheControlFor, pathCacheControl } from './cache-control.server';

const request = (path: string, cookie?: string) =>
  new Request(`http://shop.example${path}`, { headers: cookie ? { cookie } : {} });

describe('Cache-Control', () => {
  it('keeps private and token addresses out of every cache, in any spelling', () => {
    for (const path of ['/profile', '/PROFILE', '/%70rofile', '/cart.data', '/admin/list'])
      expect(pathCacheControl(path), path).toBe('no-store');
    for (const path of ['/enquiries/abc', '/reset-password', '/reset-password.data'])
      expect(pathCacheControl(path), path).toBe('private, no-store');
    for (const path of ['/', '/shop', '/products/1', '/sitemap.xml', '/cartoons'])
      expect(pathCacheControl(path), path).toBeNull();
  });

  it("adds nothing where the address has the server's value already", () => {
    expect(cacheControlFor(request('/profile'), 'no-store')).toBeNull();
    expect(cacheControlFor(request('/cart', 'fh_cart=1:1'))).toBeNull();
    expect(cacheControlFor(request('/reset-password', 'better-auth.session_token=x'))).toBeNull();
  });

  it("takes the stricter of the route's value and the visitor's", () => {
    const hour = 'public, max-age=3600';
    expect(cacheControlFor(request('/sitemap.xml'), hour)).toBe(hour);
    expect(cacheControlFor(request('/sitemap.xml', 'fh_cart=1:1'), hour)).toBe('private, no-cache');
    expect(cacheControlFor(request('/shop', 'better-auth.session_token=x'))).toBe(
      'private, no-cache',
    );
    expect(cacheControlFor(request('/shop', 'fh_cart=1:1'), 'no-store')).toBe('no-store');
    expect(cacheControlFor(request('/shop', 'theme=dark'))).toBeNull();
  });

  it('leaves one value on the headers', () => {
    const headers = new Headers({ 'Cache-Control': 'public, max-age=60' });
    applyCacheControl(request('/about-us', 'fh_cart=1:1'), headers);
    expect(headers.get('Cache-Control')).toBe('private, no-cache');
    applyCacheControl(request('/orders/1'), headers);
    expect(headers.has('Cache-Control')).toBe(false);
  });
});
