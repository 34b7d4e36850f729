import 'server-only';
import type { FailureReasonTable } from '@/shared/payments/failure-reasons';
import Stripe from 'stripe';
import {
  InvalidWebhook,
  ProviderUnavailable,
  type ChargeState,
  type ChargeStatus,
  type PaymentGateway,
  type RefundResult,
} from '../gateway';

// Stripe PaymentIntents through the official SDK. The browser confirms the intent with the Payment
// Element (card, Apple Pay and Google Pay all arrive through automatic payment methods); the
// portal only creates it, reads it back and refunds it.

export type StripeConfig = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another API origin (tests, stripe-mock); the SDK's own default otherwise. */
  baseUrl?: string;
  /** The SDK retries network errors and 5xx with the same idempotency key; 2 unless told. */
  maxNetworkRetries?: number;
};

export function stripeGateway(config: StripeConfig): PaymentGateway {
  const stripe = new Stripe(config.secretKey, {
    // Fetch rather than node:http, looked up on every call: the runtime's fetch is what tests (msw)
    // and tracing instrument, and a reference taken at construction would miss a later patch.
    httpClient: Stripe.createFetchHttpClient((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init)),
    maxNetworkRetries: config.maxNetworkRetries ?? 2,
    ...originOptions(config.baseUrl),
  });

  return {
    id: 'stripe',
    isSandbox: false,
    methods: ['card'],
    currencies: ['AED', 'USD'],

    async createCharge(input) {
      const intent = await call(() =>
        stripe.paymentIntents.create(
          {
            amount: input.amountMinor,
            currency: input.currency.toLowerCase(),
            description: input.description,
            receipt_email: input.customer.email,
            metadata: { payment_id: input.paymentId },
            automatic_payment_methods: { enabled: true },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      if (!intent.client_secret) throw new ProviderUnavailable('stripe', 'payment intent without a client secret');
      return {
        providerReference: intent.id,
        nextAction: { kind: 'clientSecret', clientSecret: intent.client_secret, publishableKey: config.publishableKey },
      };
    },

    async retrieve(providerReference) {
      return chargeState(await call(() => stripe.paymentIntents.retrieve(providerReference)));
    },

    async parseWebhook(rawBody, headers) {
      const signature = headers.get('stripe-signature');
      if (!signature) throw new InvalidWebhook('no Stripe-Signature header');
      let event: Stripe.Event;
      try {
        // Checks the HMAC over `timestamp.body` and refuses timestamps older than 300 s (replays).
        event = stripe.webhooks.constructEvent(Buffer.from(rawBody), signature, config.webhookSecret);
      } catch (error) {
        throw new InvalidWebhook(error instanceof Error ? error.message : 'signature check failed');
      }
      const object = event.data.object as unknown as Record<string, unknown>;
      const reference =
        object.object === 'payment_intent' ? object.id : typeof object.payment_intent === 'string' ? object.payment_intent : null;
      const metadata = (object.metadata ?? {}) as Record<string, unknown>;
      return {
        eventId: event.id,
        type: event.type,
        providerReference: typeof reference === 'string' ? reference : null,
        paymentId: typeof metadata.payment_id === 'string' ? metadata.payment_id : null,
        payload: event,
      };
    },

    async refund(input) {
      const refund = await call(() =>
        stripe.refunds.create(
          { payment_intent: input.providerReference, amount: input.amountMinor },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return { refundReference: refund.id, status: refundStatus(refund.status) };
    },
  };
}

/** PaymentIntent statuses in our words; a declined attempt leaves the intent waiting for a new method. */
function chargeState(intent: Stripe.PaymentIntent): ChargeState {
  const error = intent.last_payment_error;
  const failed = intent.status === 'requires_payment_method' && error != null;
  const status: ChargeStatus = failed ? 'failed' : STATUS[intent.status];
  return {
    providerReference: intent.id,
    status,
    amountMinor: intent.amount,
    currency: intent.currency.toUpperCase(),
    paymentId: intent.metadata.payment_id ?? null,
    ...(failed ? { failureCode: error.decline_code ?? error.code ?? error.type } : {}),
  };
}

/**
 * Stripe's `decline_code` / error `code` of a failed attempt, as the payer can act on it (Stripe's
 * "Decline codes" and "Error codes" references).
 */
export const STRIPE_FAILURE_REASONS: FailureReasonTable = {
  card_declined: 'declined',
  generic_decline: 'declined',
  do_not_honor: 'declined',
  do_not_try_again: 'declined',
  call_issuer: 'declined',
  card_not_supported: 'declined',
  card_velocity_exceeded: 'declined',
  fraudulent: 'declined',
  lost_card: 'declined',
  stolen_card: 'declined',
  pickup_card: 'declined',
  restricted_card: 'declined',
  transaction_not_allowed: 'declined',
  incorrect_cvc: 'declined',
  invalid_cvc: 'declined',
  incorrect_number: 'declined',
  invalid_number: 'declined',
  insufficient_funds: 'insufficientFunds',
  withdrawal_count_limit_exceeded: 'insufficientFunds',
  expired_card: 'expiredCard',
  invalid_expiry_month: 'expiredCard',
  invalid_expiry_year: 'expiredCard',
  authentication_required: 'authenticationFailed',
  payment_intent_authentication_failure: 'authenticationFailed',
  processing_error: 'providerUnavailable',
  issuer_not_available: 'providerUnavailable',
  try_again_later: 'providerUnavailable',
};

const STATUS: Record<Stripe.PaymentIntent.Status, ChargeStatus> = {
  requires_payment_method: 'pending',
  requires_confirmation: 'pending',
  requires_action: 'pending',
  processing: 'processing',
  // Only with manual capture, which the portal does not use; the money is not ours yet.
  requires_capture: 'processing',
  succeeded: 'succeeded',
  canceled: 'cancelled',
};

function refundStatus(status: string | null): RefundResult['status'] {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

/** The SDK's errors in the gateway's terms: connection trouble, 429 and 5xx may be retried. */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      const status = error.statusCode;
      if (error instanceof Stripe.errors.StripeConnectionError || status === undefined || status === 429 || status >= 500) {
        throw new ProviderUnavailable('stripe', `${error.type}${status ? ` HTTP ${status}` : ''}`);
      }
    }
    throw error;
  }
}

function originOptions(baseUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!baseUrl) return {};
  const url = new URL(baseUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}
