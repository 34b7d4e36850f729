import 'server-only';
import type { PaymentGateway } from '../gateway';
import { coinbaseGateway } from './coinbase';
import { stripeGateway } from './stripe';
import { tapGateway } from './tap';
import { yooKassaGateway } from './yookassa';

/**
 * The real providers whose keys the environment holds (Stripe, Tap, Coinbase, YooKassa); a
 * provider without keys is not offered anywhere. Only this function reads provider variables: the
 * adapters take their keys as arguments, so the engine and the tests never touch the environment.
 */
export function configuredRealGateways(env: Readonly<Record<string, string | undefined>> = process.env): PaymentGateway[] {
  const value = (name: string) => env[name]?.trim() || undefined;
  const gateways: PaymentGateway[] = [];

  const stripe = { secretKey: value('STRIPE_SECRET_KEY'), publishableKey: value('STRIPE_PUBLISHABLE_KEY'), webhookSecret: value('STRIPE_WEBHOOK_SECRET') };
  // All three or none: without the webhook secret a paid intent could only be found by polling.
  if (stripe.secretKey && stripe.publishableKey && stripe.webhookSecret) {
    gateways.push(stripeGateway({ secretKey: stripe.secretKey, publishableKey: stripe.publishableKey, webhookSecret: stripe.webhookSecret }));
  }

  const tapKey = value('TAP_SECRET_KEY');
  if (tapKey) gateways.push(tapGateway({ secretKey: tapKey }));

  const coinbase = { apiKey: value('COINBASE_COMMERCE_API_KEY'), webhookSecret: value('COINBASE_WEBHOOK_SECRET') };
  if (coinbase.apiKey && coinbase.webhookSecret) {
    gateways.push(coinbaseGateway({ apiKey: coinbase.apiKey, webhookSecret: coinbase.webhookSecret }));
  }

  const yooKassa = { shopId: value('YOOKASSA_SHOP_ID'), secretKey: value('YOOKASSA_SECRET_KEY') };
  if (yooKassa.shopId && yooKassa.secretKey) {
    gateways.push(yooKassaGateway({ shopId: yooKassa.shopId, secretKey: yooKassa.secretKey }));
  }

  return gateways;
}
