import 'server-only';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

// The portal never calls into its own network on an address someone else typed (SSRF): an agency's
// webhook endpoint (docs/webhooks.md "Where deliveries go") and a supplier's OCTO base URL
// (docs/suppliers.md "The address rule") are both checked here. The host is resolved, every
// address it has is checked against the loopback, private, link-local and other non-public
// ranges, and the caller then connects to the checked address itself (so a name that resolves to
// a public address for the check and a private one for the connection — DNS rebinding — reaches
// nothing). Each caller has its own switch to lift the rule for tests whose server listens on
// 127.0.0.1 (WEBHOOKS_ALLOW_PRIVATE_ADDRESSES, SUPPLIERS_ALLOW_PRIVATE_ADDRESSES).

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

export type ResolvedTarget = { address: string; family: 4 | 6 };

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6 && EMBEDDING_IPV4.check(address, 'ipv6')) return false;
  return !BLOCKED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The address a call to `url` connects to (its host's, every one of them checked), or the first
 * address that is not public (`refused`), also when the name has none. With `allowPrivate` every
 * address passes.
 */
export async function resolveOutboundTarget(url: URL, allowPrivate: boolean): Promise<{ target: ResolvedTarget } | { refused: string }> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(host);
  const addresses = literal ? [{ address: host, family: literal }] : await lookup(host, { all: true, verbatim: true });
  const first = addresses[0];
  if (!first) return { refused: host };
  if (!allowPrivate) {
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused) return { refused: refused.address };
  }
  return { target: { address: first.address, family: first.family === 6 ? 6 : 4 } };
}
