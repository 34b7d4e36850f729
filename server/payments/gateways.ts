import 'server-only';
import { getDb } from '@/server/db/database';
import { sandboxEnabled } from '@/server/settings/deployment-mode';
import type { ChargeCurrency, PaymentGateway, ProviderId, ProviderMethod } from './gateway';
import { configuredRealGateways } from './providers/real-gateways';
import { sandboxGateway } from './providers/sandbox/sandbox-gateway';
import { tracedGateway } from './traced-gateway';

// Which gateways this deployment has: the real providers whose keys are set, and the sandbox —
// on in the demo, in production only with PAYMENTS_SANDBOX=on (which start.mjs accepts only with
// STAGING=on), so a production deployment can never confirm a booking with a test card.

// One registry per process, whichever bundle asks first (instrumentation's job runner, a route
// handler, a page): Next compiles them separately, each with its own copy of this module, so the
// registry lives on globalThis, under a process-wide symbol no other global can clash with.
const REGISTRY = Symbol.for('traveldesk.payments.gateways');
const globalForGateways = globalThis as typeof globalThis & { [REGISTRY]?: readonly PaymentGateway[] };

export function paymentGateways(): readonly PaymentGateway[] {
  // Each call to a provider is a span (docs/telemetry.md#server).
  globalForGateways[REGISTRY] ??= [...configuredRealGateways(), ...(sandboxEnabled() ? [sandboxGateway(getDb)] : [])].map(tracedGateway);
  return globalForGateways[REGISTRY];
}

/** Tests choose the gateways (a sandbox over their own database, a failing provider); `null` forgets them. */
export function installGateways(gateways: readonly PaymentGateway[] | null): void {
  globalForGateways[REGISTRY] = gateways ?? undefined;
}

export function findGateway(id: string): PaymentGateway | null {
  return paymentGateways().find((gateway) => gateway.id === id) ?? null;
}

/**
 * The gateway that takes `method` in `currency` (only `provider`'s, when named): a configured real
 * provider first, the sandbox last.
 */
export function gatewayForMethod(method: ProviderMethod, currency: ChargeCurrency, provider?: ProviderId): PaymentGateway | null {
  const able = paymentGateways().filter(
    (gateway) => gateway.methods.includes(method) && gateway.currencies.includes(currency) && (!provider || gateway.id === provider),
  );
  return able.find((gateway) => !gateway.isSandbox) ?? able[0] ?? null;
}

export type { ProviderId };
