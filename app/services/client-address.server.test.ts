import { describe, expect, it } from 'vitest';
import { clientAddressFrom, PROXY_WARNING, proxyWarning } from './client-address.server';

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

describe('proxyWarning', () => {
  it('says once that forwarded requests meet TRUST_PROXY=0', () => {
    const said: string[] = [];
    const notice = proxyWarning(0, (line) => said.push(line));
    notice(undefined);
    expect(said).toEqual([]);
    notice('203.0.113.9');
    notice('203.0.113.10');
    notice(['198.51.100.1', '10.0.0.2']);
    expect(said).toEqual([PROXY_WARNING]);
    expect(PROXY_WARNING).toMatch(/TRUST_PROXY is 0/);
  });

  it('says nothing when proxies are trusted', () => {
    const said: string[] = [];
    const notice = proxyWarning(1, (line) => said.push(line));
    notice('203.0.113.9');
    expect(said).toEqual([]);
  });
});
