import 'server-only';
import type { FailureReasonTable } from '@/shared/payments/failure-reasons';
import { z } from 'zod';
import {
  InvalidWebhook,
  decimalToMinor,
  minorToDecimal,
  type ChargeState,
  type ChargeStatus,
  type PaymentGateway,
} from '../gateway';
import { hexDigestsEqual, hmacSha256Hex, parseJsonBody, requestJson } from './provider-http';

// Crypto through Coinbase's hosted checkout: the Commerce Charges API (api.commerce.coinbase.com,
// API version 2018-03-22), priced in the booking's fiat currency; the payer picks the coin on
// Coinbase's page. Coinbase now recommends its Business Checkouts API instead (CDP-key JWTs, amounts
// in USDC on Base only), which cannot price a booking in AED; Charges and their webhooks still work,
// so the portal stays on them until that is a product decision.

export type CoinbaseConfig = {
  apiKey: string;
  webhookSecret: string;
  /** Another API origin for tests; https://api.commerce.coinbase.com otherwise. */
  baseUrl?: string;
};

const chargeSchema = z.object({
  id: z.string(),
  code: z.string().optional(),
  hosted_url: z.string().optional(),
  pricing: z.object({ local: z.object({ amount: z.string(), currency: z.string() }) }),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  timeline: z.array(z.object({ status: z.string(), time: z.string().optional(), context: z.string().optional() })).default([]),
  web3_data: z.object({ failure_events: z.array(z.object({ reason: z.string().optional() })).optional() }).partial().nullish(),
});
type CoinbaseCharge = z.infer<typeof chargeSchema>;

/** Commerce answers `{ data: charge, warnings }`. */
const envelopeSchema = z.object({ data: chargeSchema });

const webhookSchema = z.object({
  id: z.string().optional(),
  event: z.object({ id: z.string(), type: z.string(), data: chargeSchema }),
});

export function coinbaseGateway(config: CoinbaseConfig): PaymentGateway {
  const api = config.baseUrl ?? 'https://api.commerce.coinbase.com';
  const headers = { 'x-cc-api-key': config.apiKey, 'x-cc-version': '2018-03-22' };

  return {
    id: 'coinbase',
    isSandbox: false,
    methods: ['crypto'],
    currencies: ['AED', 'USD'],

    async createCharge(input) {
      // Commerce Charges document no idempotency key: a repeated create makes a second charge, which
      // simply expires unpaid (the payer only ever sees the hosted page we redirect to).
      // Nor a language: the Create a Charge body is name, description, pricing_type, local_price,
      // metadata, redirect_url and cancel_url (docs.cdp.coinbase.com, Commerce "Create a charge"),
      // and the hosted page follows the payer's browser, so `input.locale` is not sent.
      const { data: charge } = await requestJson(
        'coinbase',
        `${api}/charges`,
        {
          method: 'POST',
          headers,
          body: {
            name: input.description.slice(0, 100),
            description: input.description,
            pricing_type: 'fixed_price',
            local_price: { amount: minorToDecimal(input.amountMinor), currency: input.currency },
            metadata: { payment_id: input.paymentId, customer_email: input.customer.email },
            redirect_url: input.returnUrl,
            // Cancelling lands on the same return page: it asks Coinbase and shows what is true.
            cancel_url: input.returnUrl,
          },
        },
        envelopeSchema,
      );
      if (!charge.hosted_url) throw new Error(`coinbase: charge ${charge.id} without a hosted page`);
      return { providerReference: charge.id, nextAction: { kind: 'redirect', url: charge.hosted_url } };
    },

    async retrieve(providerReference) {
      const { data: charge } = await requestJson(
        'coinbase',
        `${api}/charges/${encodeURIComponent(providerReference)}`,
        { method: 'GET', headers },
        envelopeSchema,
      );
      return chargeState(charge);
    },

    async parseWebhook(rawBody, requestHeaders) {
      // HMAC-SHA256 (hex) of the raw body with the endpoint's shared secret; checked before parsing.
      if (!hexDigestsEqual(hmacSha256Hex(config.webhookSecret, rawBody), requestHeaders.get('x-cc-webhook-signature'))) {
        throw new InvalidWebhook('X-CC-Webhook-Signature does not match');
      }
      const body = parseJsonBody(rawBody);
      const parsed = webhookSchema.safeParse(body);
      if (!parsed.success) throw new InvalidWebhook('not a Commerce event');
      const { event } = parsed.data;
      return {
        // The event id stays the same across delivery attempts (the outer id is per delivery).
        eventId: event.id,
        type: event.type,
        providerReference: event.data.id,
        paymentId: paymentIdOf(event.data),
        payload: body,
      };
    },

    async refund(input) {
      // The Commerce API has no refund endpoint (its reference lists charges, checkouts and events;
      // refunds are sent from the Commerce dashboard to an address the payer gives). The refund
      // stays pending until the operator has paid it back by hand and records that.
      return { refundReference: `manual:${input.providerReference}`, status: 'pending' };
    },
  };
}

/** Coinbase's failure reason or last timeline status of a charge that did not pay. */
export const COINBASE_FAILURE_REASONS: FailureReasonTable = {
  expired: 'timedOut',
  canceled: 'payerCancelled',
  cancelled: 'payerCancelled',
  underpaid: 'insufficientFunds',
  insufficient_balance: 'insufficientFunds',
  payment_rejected: 'declined',
  unresolved: 'declined',
};

function chargeState(charge: CoinbaseCharge): ChargeState {
  const current = charge.timeline.at(-1)?.status ?? 'NEW';
  const status = STATUS[current] ?? 'processing';
  const reason = charge.web3_data?.failure_events?.at(-1)?.reason;
  return {
    providerReference: charge.id,
    status,
    amountMinor: decimalToMinor(charge.pricing.local.amount),
    currency: charge.pricing.local.currency,
    paymentId: paymentIdOf(charge),
    ...(status === 'failed' ? { failureCode: reason ?? current } : {}),
  };
}

/**
 * The last timeline entry is the charge's state. PENDING means the transfer is on chain and the
 * funds reached the merchant wallet but are not final yet, so it is `processing`; COMPLETED is final.
 * UNRESOLVED (legacy: under- or overpaid, or late) may hold money, so it waits for the operator's
 * RESOLVED instead of failing and inviting a second payment.
 */
const STATUS: Partial<Record<string, ChargeStatus>> = {
  NEW: 'pending',
  SIGNED: 'pending',
  PENDING: 'processing',
  UNRESOLVED: 'processing',
  COMPLETED: 'succeeded',
  RESOLVED: 'succeeded',
  FAILED: 'failed',
  EXPIRED: 'cancelled',
  CANCELED: 'cancelled',
  CANCELATION_PENDING: 'cancelled',
};

function paymentIdOf(charge: CoinbaseCharge): string | null {
  const id = charge.metadata?.payment_id;
  return typeof id === 'string' ? id : null;
}
