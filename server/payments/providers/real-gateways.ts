import type { PaymentGateway } from '../gateway';

/**
 * The real providers whose keys the environment holds (Stripe, Tap, Coinbase, YooKassa); a
 * provider without keys is not offered anywhere.
 */
export function configuredRealGateways(_env: NodeJS.ProcessEnv = process.env): PaymentGateway[] {
  return [];
}
