import { describe, expect, it } from 'vitest';
import { clientAddressFrom } from './client-address.server';

describe('clientAddressFrom', () => {
  it('ignores X-Forwarded-For when no proxy is trusted', () => {
    expect(clientAddressFrom('203.0.113.5', '10.1.1.1', 0)).toBe('203.0.113.5');
  });

  it('takes the entry the nearest trusted proxy wrote, not what the client put first', () => {
    // client → proxy (appends the client's address) → shop
    expect(clientAddressFrom('10.0.0.2', '1.1.1.1, 198.51.100.7', 1)).toBe('198.51.100.7');
    // client → CDN → load balancer → shop
    expect(clientAddressFrom('10.0.0.2', '6.6.6.6, 198.51.100.7, 10.0.0.9', 2)).toBe(
      '198.51.100.7',
    );
    expect(clientAddressFrom('10.0.0.2', ['6.6.6.6', '198.51.100.7'], 1)).toBe('198.51.100.7');
  });

  it('falls back towards the proxy when the header is short or not an address', () => {
    expect(clientAddressFrom('10.0.0.2', undefined, 1)).toBe('10.0.0.2');
    expect(clientAddressFrom('10.0.0.2', '198.51.100.7', 3)).toBe('198.51.100.7');
    expect(clientAddressFrom('10.0.0.2', 'not-an-ip', 1)).toBe('10.0.0.2');
  });

  it('gives an IPv4 client one key however it connected', () => {
    expect(clientAddressFrom('::ffff:203.0.113.5', undefined, 0)).toBe('203.0.113.5');
  });
});
