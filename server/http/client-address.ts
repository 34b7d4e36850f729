import 'server-only';
import { isIPv6 } from 'node:net';
import { trustedProxyHops } from './trusted-proxy';

// The address of the client a request came from, for per-client limits (sign-in, sign-up).
//
// `X-Forwarded-For` is a list that each proxy extends on the right with the peer it saw, and the
// server process appends its own socket peer last (server/platform/peer-address.ts). Everything left
// of what a trusted proxy appended was written by the client and may be anything, so the client
// is the entry `TRUSTED_PROXY_HOPS` places left of the rightmost: with no proxy (the default) the
// socket peer itself, behind one proxy the peer that proxy saw.

export { trustedProxyHops };

const HOPS = trustedProxyHops();

/** The client's address, or `unknown` when the request carries none (never outside the server). */
export function clientAddress(headers: Headers, hops = HOPS): string {
  const entries = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  // Fewer entries than proxies: the request reached us past them, so the leftmost is the peer
  // closest to the client that anyone trusted wrote.
  const address = entries[Math.max(0, entries.length - 1 - hops)];
  return address ? normalizeAddress(address) : 'unknown';
}

/** `::ffff:203.0.113.7` (an IPv4 peer on a dual-stack socket) is the same client as `203.0.113.7`. */
function normalizeAddress(address: string): string {
  const lower = address.toLowerCase();
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/.test(lower) ? lower.slice('::ffff:'.length) : lower;
}

/**
 * What a per-client limit counts: an IPv4 address, or an IPv6 address's /64 network, the block a
 * single subscriber is given (counting single IPv6 addresses, one line could use 2^64 of them).
 */
export function addressBucket(address: string): string {
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.replace(/%.*$/, '').split('::');
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = groups(tail);
  // An embedded IPv4 tail (`::ffff:1.2.3.4`) fills two groups; only the first four groups matter.
  const missing = tail === undefined ? 0 : 8 - left.length - right.length - (right.at(-1)?.includes('.') ? 1 : 0);
  const expanded = [...left, ...Array<string>(Math.max(0, missing)).fill('0'), ...right];
  return `${expanded
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
