import { describe, expect, it } from 'vitest';
import { clientAddress } from './rate-limit.server';

describe('clientAddress (the key of a rate limit)', () => {
  it('keeps an IPv4 address as it is, and names a missing one', () => {
    expect(clientAddress('203.0.113.5')).toBe('203.0.113.5');
    // Written as IPv6 by a proxy: still that IPv4 client, not a /64 all of them would share.
    expect(clientAddress('::FFFF:203.0.113.5')).toBe('203.0.113.5');
    expect(clientAddress('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientAddress(undefined)).toBe('unknown');
    expect(clientAddress('')).toBe('unknown');
  });

  it('counts every address of one IPv6 /64 as one client', () => {
    const key = clientAddress('2001:db8:aa:bb:1:2:3:4');
    expect(key).toBe('2001:db8:aa:bb::/64');
    // The same network however the address is written, and whatever its host part.
    for (const address of [
      '2001:db8:aa:bb::1',
      '2001:0db8:00aa:00bb:ffff:ffff:ffff:ffff',
      '2001:DB8:AA:BB:0:0:0:9',
      '2001:db8:aa:bb::1.2.3.4',
      '2001:db8:aa:bb::1%eth0',
    ])
      expect(clientAddress(address), address).toBe(key);
    expect(clientAddress('2001:db8:aa:bc::1')).toBe('2001:db8:aa:bc::/64');
  });

  it('writes out the groups a "::" leaves out of the prefix', () => {
    expect(clientAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddress('::1')).toBe('0:0:0:0::/64');
    expect(clientAddress('2001:db8::7:8:9:a:b')).toBe('2001:db8:0:7::/64');
  });
});
