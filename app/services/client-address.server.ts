import { isIP } from 'node:net';
import { log } from './log.server';

/**
 * The client's address, given the TCP peer and the X-Forwarded-For header, behind `trustedHops`
 * proxies that each append the address they received from. Only the last `trustedHops` entries
 * were written by our proxies; everything left of them was written by the client and can say
 * anything. So the client is the entry `trustedHops` places from the right (counting the TCP peer
 * as the first), which is how Express's numeric `trust proxy` reads `req.ip` too.
 * With no trusted hops, or a header shorter than the chain, the answer falls back to what the
 * nearest trusted party saw.
 */
export function clientAddressFrom(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedHops: number,
): string {
  const chain = [normalise(socketAddress)];
  if (trustedHops > 0 && forwardedFor) {
    const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
      .split(',')
      .map((entry) => normalise(entry.trim()));
    chain.push(...entries.reverse());
  }
  // chain[0] is the peer; chain[i] is what the i-th trusted proxy saw.
  for (let i = Math.min(trustedHops, chain.length - 1); i >= 0; i--) {
    const candidate = chain[i];
    if (candidate && isIP(candidate)) return candidate;
  }
  return chain[0] || 'unknown';
}

/**
 * `::ffff:1.2.3.4` (any case) → `1.2.3.4`, so one client has one key whichever way it connected
 * or a proxy wrote it.
 */
export function normalise(address: string | undefined): string {
  if (!address) return '';
  return /^::ffff:/i.test(address) && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

export const PROXY_WARNING =
  'Requests arrive with an X-Forwarded-For header, but TRUST_PROXY is 0: if a proxy or load ' +
  'balancer stands in front of the shop, every visitor counts as its address, and the limits on ' +
  'enquiries, contact messages and sign-ins are shared by all of them. Set TRUST_PROXY to the ' +
  'number of proxies (README, "Behind a proxy").';

/**
 * A check for each request that says PROXY_WARNING once, the first time a request carries
 * X-Forwarded-For while no proxy is trusted: a shop put behind a proxy without TRUST_PROXY works,
 * but gives all its visitors one budget. (A client can send the header itself; then the line is
 * only a line.)
 */
export function proxyWarning(
  trustedHops: number,
  warn: (line: string) => void = (line) => log().warn(line),
): (forwardedFor: string | string[] | undefined) => void {
  let said = trustedHops > 0;
  return (forwardedFor) => {
    if (said || !forwardedFor) return;
    said = true;
    warn(PROXY_WARNING);
  };
}
