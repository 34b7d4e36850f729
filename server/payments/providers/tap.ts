import 'server-only';
import type { FailureReasonTable } from '@/shared/payments/failure-reasons';
import { z } from 'zod';
import {
  InvalidWebhook,
  decimalToMinor,
  minorToDecimal,
  type ChargeState,
  type ChargeStatus,
  type CreateChargeInput,
  type PaymentGateway,
  type RefundResult,
} from '../gateway';
import { hexDigestsEqual, hmacSha256Hex, parseJsonBody, requestJson } from './provider-http';

// Tap Payments (GCC cards, Apple Pay, KNET, mada…) through its Charges API and hosted page
// (`source: src_all` lets the payer choose on Tap's page). Tap posts the charge to `post.url`
// with a `hashstring` header; Tap's return adds `?tap_id=chg_…` to our return URL.

export type TapConfig = {
  secretKey: string;
  /** Another API origin for tests; https://api.tap.company otherwise. */
  baseUrl?: string;
};

const chargeSchema = z.object({
  id: z.string(),
  object: z.string().optional(),
  status: z.string(),
  amount: z.union([z.number(), z.string()]),
  currency: z.string(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  reference: z.object({ gateway: z.string().nullish(), payment: z.string().nullish() }).partial().nullish(),
  response: z.object({ code: z.string().nullish(), message: z.string().nullish() }).partial().nullish(),
  transaction: z.object({ url: z.string().nullish(), created: z.union([z.string(), z.number()]).nullish() }).partial().nullish(),
  created: z.union([z.string(), z.number()]).nullish(),
});
type TapCharge = z.infer<typeof chargeSchema>;

const refundSchema = z.object({ id: z.string(), status: z.string() });

export function tapGateway(config: TapConfig): PaymentGateway {
  const api = `${config.baseUrl ?? 'https://api.tap.company'}/v2`;
  const headers = { authorization: `Bearer ${config.secretKey}` };

  return {
    id: 'tap',
    isSandbox: false,
    methods: ['card'],
    currencies: ['AED', 'USD'],

    async createCharge(input) {
      const charge = await requestJson('tap', `${api}/charges`, { method: 'POST', headers, body: chargeRequest(input) }, chargeSchema);
      const url = charge.transaction?.url;
      if (!url) throw new Error(`tap: charge ${charge.id} came back ${charge.status} without a payment page`);
      return { providerReference: charge.id, nextAction: { kind: 'redirect', url } };
    },

    async retrieve(providerReference) {
      const charge = await requestJson('tap', `${api}/charges/${encodeURIComponent(providerReference)}`, { method: 'GET', headers }, chargeSchema);
      return chargeState(charge);
    },

    async parseWebhook(rawBody, requestHeaders) {
      const body = parseJsonBody(rawBody);
      const parsed = chargeSchema.safeParse(body);
      if (!parsed.success) throw new InvalidWebhook('not a Tap charge');
      const charge = parsed.data;
      if (!hexDigestsEqual(tapHashString(charge, config.secretKey), requestHeaders.get('hashstring'))) {
        throw new InvalidWebhook('hashstring does not match');
      }
      return {
        // Tap posts once per final status (and retries the same post), so id + status names the event.
        eventId: `${charge.id}:${charge.status}`,
        type: `${charge.object ?? 'charge'}.${charge.status}`,
        providerReference: charge.id,
        paymentId: paymentIdOf(charge),
        payload: body,
      };
    },

    async refund(input) {
      const refund = await requestJson(
        'tap',
        `${api}/refunds`,
        {
          method: 'POST',
          headers,
          body: {
            charge_id: input.providerReference,
            amount: Number(minorToDecimal(input.amountMinor)),
            currency: input.currency,
            reason: 'requested_by_customer',
            // `idempotent` makes a repeat within 24 h return the first refund (Tap's idempotency guide).
            reference: { merchant: input.idempotencyKey, idempotent: input.idempotencyKey },
          },
        },
        refundSchema,
      );
      return { refundReference: refund.id, status: REFUND_STATUS[refund.status] ?? 'pending' };
    },
  };
}

/**
 * The Create a Charge body. It carries no language: Tap's Charges API documents none
 * (developers.tap.company/reference/create-a-charge and /docs/redirect), and its hosted page offers
 * English and Arabic only, chosen on the page itself, so `input.locale` is not sent.
 */
function chargeRequest(input: CreateChargeInput) {
  const [firstName = input.customer.name, ...rest] = input.customer.name.trim().split(/\s+/);
  const phone = tapPhone(input.customer.phone);
  return {
    amount: Number(minorToDecimal(input.amountMinor)),
    currency: input.currency,
    customer_initiated: true,
    threeDSecure: true,
    save_card: false,
    description: input.description,
    metadata: { payment_id: input.paymentId },
    // `idempotent`: a repeated create within 24 h returns the first charge instead of a second one.
    reference: { transaction: input.idempotencyKey, order: input.paymentId, idempotent: input.idempotencyKey },
    receipt: { email: true, sms: false },
    customer: {
      first_name: firstName,
      ...(rest.length ? { last_name: rest.join(' ') } : {}),
      email: input.customer.email,
      ...(phone ? { phone } : {}),
    },
    source: { id: 'src_all' },
    redirect: { url: input.returnUrl },
    post: { url: input.webhookUrl },
  };
}

/** Tap wants the dialling code apart; the portal's customers are in these markets (else the e-mail suffices). */
function tapPhone(phone: string | undefined): { country_code: string; number: string } | null {
  const match = phone?.replace(/[\s-]/g, '').match(/^\+(971|966|965|973|974|968|962|20|44|7|1)(\d{6,12})$/);
  return match?.[1] && match[2] ? { country_code: match[1], number: match[2] } : null;
}

function chargeState(charge: TapCharge): ChargeState {
  const status = STATUS[charge.status] ?? 'processing';
  return {
    providerReference: charge.id,
    status,
    amountMinor: decimalToMinor(charge.amount),
    currency: charge.currency,
    paymentId: paymentIdOf(charge),
    ...(status === 'failed' ? { failureCode: charge.response?.code ?? charge.status } : {}),
  };
}

/**
 * Tap's `response.code` of a failed charge (the card schemes' ISO 8583 answers, as three digits),
 * else its status.
 */
export const TAP_FAILURE_REASONS: FailureReasonTable = {
  '005': 'declined',
  '012': 'declined',
  '014': 'declined',
  '041': 'declined',
  '043': 'declined',
  '057': 'declined',
  '059': 'declined',
  '062': 'declined',
  '051': 'insufficientFunds',
  '061': 'insufficientFunds',
  '065': 'insufficientFunds',
  '054': 'expiredCard',
  '033': 'expiredCard',
  '091': 'providerUnavailable',
  '096': 'providerUnavailable',
  declined: 'declined',
  restricted: 'declined',
  abandoned: 'payerCancelled',
  cancelled: 'payerCancelled',
  timedout: 'timedOut',
};

/** Tap charge statuses (API reference); anything unlisted, e.g. UNKNOWN, stays open rather than failing. */
const STATUS: Partial<Record<string, ChargeStatus>> = {
  INITIATED: 'pending',
  IN_PROGRESS: 'pending',
  // Authorised but not captured: not money yet, and the portal asks for capture at once.
  AUTHORIZED: 'processing',
  CAPTURED: 'succeeded',
  DECLINED: 'failed',
  FAILED: 'failed',
  RESTRICTED: 'failed',
  TIMEDOUT: 'failed',
  ABANDONED: 'cancelled',
  CANCELLED: 'cancelled',
  VOID: 'cancelled',
};

const REFUND_STATUS: Partial<Record<string, RefundResult['status']>> = {
  PENDING: 'pending',
  IN_PROGRESS: 'pending',
  REFUNDED: 'succeeded',
  DECLINED: 'failed',
  FAILED: 'failed',
  CANCELLED: 'failed',
};

function paymentIdOf(charge: TapCharge): string | null {
  const id = charge.metadata?.payment_id;
  return typeof id === 'string' ? id : null;
}

/** Currencies Tap formats with three decimals in the hashstring; the rest (AED, USD, SAR…) take two. */
const THREE_DECIMALS = new Set(['BHD', 'KWD', 'OMR', 'JOD']);

/**
 * Tap's documented webhook hash: HMAC-SHA256 (hex) keyed with the secret key over
 * `x_id…x_amount…x_currency…x_gateway_reference…x_payment_reference…x_status…x_created…`, the amount
 * written with the currency's decimals and `created` taken from `transaction.created`.
 */
export function tapHashString(charge: TapCharge, secretKey: string): string {
  const amount = Number(charge.amount).toFixed(THREE_DECIMALS.has(charge.currency) ? 3 : 2);
  const created = charge.transaction?.created ?? charge.created ?? '';
  const message =
    `x_id${charge.id}x_amount${amount}x_currency${charge.currency}` +
    `x_gateway_reference${charge.reference?.gateway ?? ''}x_payment_reference${charge.reference?.payment ?? ''}` +
    `x_status${charge.status}x_created${created}`;
  return hmacSha256Hex(secretKey, message);
}

/** The charge id Tap appends to our return URL (`?tap_id=chg_…`); only a hint: settle by `retrieve`. */
export function tapIdFromReturn(url: URL): string | null {
  const id = url.searchParams.get('tap_id');
  return id && /^chg_[A-Za-z0-9]{8,64}$/.test(id) ? id : null;
}
