import 'server-only';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { RuleViolation } from '@/server/errors';

// No delivery reaches the portal's own network (SSRF, docs/webhooks.md "Where deliveries go"): the
// endpoint's host is resolved, every address it has is checked against the loopback, private,
// link-local and other non-public ranges, and the connection is then made to the checked address
// itself (so a name that resolves to a public address for the check and a private one for the
// connection — DNS rebinding — reaches nothing). WEBHOOKS_ALLOW_PRIVATE_ADDRESSES=on lifts the
// rule, for tests whose receiver listens on 127.0.0.1; it is off by default.

const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/**
 * IPv6 ranges that embed an IPv4 address, refused whole (no receiver needs them). Kept apart:
 * BlockList matches an IPv4 address against an IPv4-mapped rule, so in the list above they would
 * block every IPv4 address.
 */
const EMBEDDING_IPV4 = new BlockList();
EMBEDDING_IPV4.addSubnet('::ffff:0:0', 96, 'ipv6'); // IPv4-mapped
EMBEDDING_IPV4.addSubnet('64:ff9b::', 96, 'ipv6'); // NAT64

/** The endpoint's host is, or resolves to, an address deliveries may not reach. */
export class PrivateAddress extends RuleViolation {
  constructor(readonly address: string) {
    super('webhooks.errors.privateAddress', {}, 'url');
  }
}

export type ResolvedTarget = { address: string; family: 4 | 6 };

export function allowsPrivateAddresses(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES === 'on';
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6 && EMBEDDING_IPV4.check(address, 'ipv6')) return false;
  return !BLOCKED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The address a delivery to `url` connects to: its host's, every one of them checked. Throws
 * PrivateAddress when one is not public (unless the setting allows it), and when the name has none.
 */
export async function resolveTarget(url: URL, allowPrivate = allowsPrivateAddresses()): Promise<ResolvedTarget> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(host);
  const addresses = literal ? [{ address: host, family: literal }] : await lookup(host, { all: true, verbatim: true });
  const first = addresses[0];
  if (!first) throw new PrivateAddress(host);
  if (!allowPrivate) {
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused) throw new PrivateAddress(refused.address);
  }
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
