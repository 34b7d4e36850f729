import 'server-only';
import { RuleViolation } from '@/server/errors';
import { resolveOutboundTarget, type ResolvedTarget } from '@/server/http/outbound-address';

// A supplier's base URL never points into the portal's own network (SSRF, docs/suppliers.md "The
// address rule"): an operator's typo or a hostile supplier record must not make the server call
// its database, the cloud metadata service or an admin port. The check is the outbound address
// rule shared with webhooks (server/http/outbound-address.ts); it runs when the URL is saved and
// again before every call, whose connection goes to the address checked (no DNS rebinding).
// SUPPLIERS_ALLOW_PRIVATE_ADDRESSES=on lifts it, for tests whose local OCTO supplier listens on
// 127.0.0.1; it is off by default and never on in production.

/** The base URL is not http(s), carries credentials, or its host is or resolves to a non-public address. */
export class SupplierAddressRefused extends RuleViolation {
  constructor(
    readonly reason: 'invalidUrl' | 'privateAddress',
    readonly address: string,
  ) {
    super(`supplierConnection.errors.${reason}`, {}, 'baseUrl');
  }
}

export function allowsPrivateSupplierAddresses(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.SUPPLIERS_ALLOW_PRIVATE_ADDRESSES === 'on';
}

function parseBaseUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new SupplierAddressRefused('invalidUrl', url);
  }
  if ((parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.username || parsed.password) {
    throw new SupplierAddressRefused('invalidUrl', url);
  }
  return parsed;
}

/** The address a call to `url` connects to, checked; throws SupplierAddressRefused. */
export async function resolveSupplierTarget(url: string | URL, allowPrivate = allowsPrivateSupplierAddresses()): Promise<ResolvedTarget> {
  const parsed = typeof url === 'string' ? parseBaseUrl(url) : url;
  const resolved = await resolveOutboundTarget(parsed, allowPrivate);
  if ('refused' in resolved) throw new SupplierAddressRefused('privateAddress', resolved.refused);
  return resolved.target;
}

/** Refuses a base URL the portal may not call (on save, in the console). */
export async function assertSupplierAddress(url: string): Promise<void> {
  await resolveSupplierTarget(parseBaseUrl(url));
}
