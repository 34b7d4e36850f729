import 'server-only';
import { RuleViolation } from '@/server/errors';
import { isPublicAddress, resolveOutboundTarget, type ResolvedTarget } from '@/server/http/outbound-address';

// No delivery reaches the portal's own network (SSRF, docs/webhooks.md "Where deliveries go"): the
// endpoint's host is resolved and every address it has checked by the outbound address rule
// (server/http/outbound-address.ts, shared with the suppliers' base URLs), and the connection is
// then made to the checked address itself. WEBHOOKS_ALLOW_PRIVATE_ADDRESSES=on lifts the rule,
// for tests whose receiver listens on 127.0.0.1; it is off by default.

export { isPublicAddress, type ResolvedTarget };

/** The endpoint's host is, or resolves to, an address deliveries may not reach. */
export class PrivateAddress extends RuleViolation {
  constructor(readonly address: string) {
    super('webhooks.errors.privateAddress', {}, 'url');
  }
}

export function allowsPrivateAddresses(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES === 'on';
}

/**
 * The address a delivery to `url` connects to: its host's, every one of them checked. Throws
 * PrivateAddress when one is not public (unless the setting allows it), and when the name has none.
 */
export async function resolveTarget(url: URL, allowPrivate = allowsPrivateAddresses()): Promise<ResolvedTarget> {
  const resolved = await resolveOutboundTarget(url, allowPrivate);
  if ('refused' in resolved) throw new PrivateAddress(resolved.refused);
  return resolved.target;
}
