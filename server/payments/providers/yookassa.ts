import 'server-only';
import type { FailureReasonTable } from '@/shared/payments/failure-reasons';
import { BlockList, isIP } from 'node:net';
import { z } from 'zod';
import {
  InvalidWebhook,
  decimalToMinor,
  minorToDecimal,
  type ChargeState,
  type ChargeStatus,
  type NextAction,
  type PaymentGateway,
  type RefundResult,
} from '../gateway';
import { parseJsonBody, requestJson } from './provider-http';

// YooKassa (roubles: cards and SBP) through its v3 Payments API and hosted confirmation page.
// Payments are captured at once (`capture: true`); YooKassa shows the SBP QR code on its own page.

export type YooKassaConfig = {
  shopId: string;
  secretKey: string;
  /** Another API origin for tests; https://api.yookassa.ru otherwise. */
  baseUrl?: string;
};

const amountSchema = z.object({ value: z.string(), currency: z.string() });

const paymentSchema = z.object({
  id: z.string(),
  status: z.string(),
  amount: amountSchema,
  metadata: z.record(z.string(), z.unknown()).nullish(),
  confirmation: z
    .object({ type: z.string(), confirmation_url: z.string().optional(), confirmation_data: z.string().optional() })
    .nullish(),
  cancellation_details: z.object({ party: z.string().optional(), reason: z.string() }).nullish(),
});
type YooKassaPayment = z.infer<typeof paymentSchema>;

const refundSchema = z.object({ id: z.string(), status: z.string() });

/** YooKassa ids are UUID-like; anything else in a notification is not theirs. */
const objectId = z.string().regex(/^[0-9a-z-]{8,64}$/i);

const notificationSchema = z.object({
  type: z.literal('notification'),
  event: z.string().regex(/^[a-z_]+\.[a-z_]+$/),
  object: z.object({ id: objectId, payment_id: objectId.optional(), metadata: z.record(z.string(), z.unknown()).nullish() }),
});

export function yooKassaGateway(config: YooKassaConfig): PaymentGateway {
  const api = `${config.baseUrl ?? 'https://api.yookassa.ru'}/v3`;
  const authorization = `Basic ${Buffer.from(`${config.shopId}:${config.secretKey}`).toString('base64')}`;

  return {
    id: 'yookassa',
    isSandbox: false,
    methods: ['card', 'sbp'],
    currencies: ['RUB'],

    async createCharge(input) {
      const payment = await requestJson(
        'yookassa',
        `${api}/payments`,
        {
          method: 'POST',
          headers: { authorization, 'idempotence-key': input.idempotencyKey },
          body: {
            amount: { value: minorToDecimal(input.amountMinor), currency: input.currency },
            capture: true,
            // SBP's documented confirmation is a redirect too: YooKassa's page shows the QR code
            // on a desktop and opens the bank app on a phone.
            confirmation: { type: 'redirect', return_url: input.returnUrl, locale: input.locale === 'ru' ? 'ru_RU' : 'en_US' },
            description: input.description.slice(0, 128),
            metadata: { payment_id: input.paymentId },
            ...(input.method === 'sbp' ? { payment_method_data: { type: 'sbp' } } : {}),
          },
        },
        paymentSchema,
      );
      return { providerReference: payment.id, nextAction: nextAction(payment) };
    },

    async retrieve(providerReference) {
      const payment = await requestJson(
        'yookassa',
        `${api}/payments/${encodeURIComponent(providerReference)}`,
        { method: 'GET', headers: { authorization } },
        paymentSchema,
      );
      return chargeState(payment);
    },

    async parseWebhook(rawBody) {
      // YooKassa does not sign notifications. This only checks that the body is one; the engine
      // then re-fetches the payment with `retrieve` and settles from that answer, which is the real
      // verification (a forged notification at most triggers one extra GET). The route may also
      // refuse senders outside YooKassa's published addresses (`isYooKassaAddress`).
      const body = parseJsonBody(rawBody);
      const parsed = notificationSchema.safeParse(body);
      if (!parsed.success) throw new InvalidWebhook('not a YooKassa notification');
      const { event, object } = parsed.data;
      const paymentId = object.metadata?.payment_id;
      return {
        // Notifications carry no id of their own; one object reaches each status once.
        eventId: `${event}:${object.id}`,
        type: event,
        // A refund.* notification concerns its payment; payment.* ones the payment itself.
        providerReference: event.startsWith('payment.') ? object.id : (object.payment_id ?? null),
        paymentId: typeof paymentId === 'string' ? paymentId : null,
        payload: body,
      };
    },

    async refund(input) {
      const refund = await requestJson(
        'yookassa',
        `${api}/refunds`,
        {
          method: 'POST',
          headers: { authorization, 'idempotence-key': input.idempotencyKey },
          body: { payment_id: input.providerReference, amount: { value: minorToDecimal(input.amountMinor), currency: input.currency } },
        },
        refundSchema,
      );
      return { refundReference: refund.id, status: REFUND_STATUS[refund.status] ?? 'pending' };
    },
  };
}

function nextAction(payment: YooKassaPayment): NextAction {
  const confirmation = payment.confirmation;
  if (confirmation?.type === 'qr' && confirmation.confirmation_data) {
    // The QR payload is itself the link that opens the payment in a bank app.
    return { kind: 'qr', url: confirmation.confirmation_data, qrPayload: confirmation.confirmation_data };
  }
  if (confirmation?.confirmation_url) return { kind: 'redirect', url: confirmation.confirmation_url };
  throw new Error(`yookassa: payment ${payment.id} came back ${payment.status} without a confirmation`);
}

function chargeState(payment: YooKassaPayment): ChargeState {
  const reason = payment.cancellation_details?.reason;
  const status: ChargeStatus =
    payment.status === 'canceled' ? (reason && CANCELLED_REASONS.has(reason) ? 'cancelled' : 'failed') : (STATUS[payment.status] ?? 'processing');
  const paymentId = payment.metadata?.payment_id;
  return {
    providerReference: payment.id,
    status,
    amountMinor: decimalToMinor(payment.amount.value),
    currency: payment.amount.currency,
    paymentId: typeof paymentId === 'string' ? paymentId : null,
    ...(payment.status === 'canceled' ? { failureCode: reason ?? 'canceled' } : {}),
  };
}

const STATUS: Partial<Record<string, ChargeStatus>> = {
  pending: 'pending',
  // Only for two-stage payments; held money is not captured money.
  waiting_for_capture: 'processing',
  succeeded: 'succeeded',
};

/** `canceled` reasons that mean nobody paid (the payer left, or we cancelled), not a refusal. */
/** YooKassa's `cancellation_details.reason` (API reference, "Payment cancellation details"). */
export const YOOKASSA_FAILURE_REASONS: FailureReasonTable = {
  general_decline: 'declined',
  call_issuer: 'declined',
  card_expired: 'expiredCard',
  country_forbidden: 'declined',
  fraud_suspected: 'declined',
  invalid_card_number: 'declined',
  invalid_csc: 'declined',
  payment_method_restricted: 'declined',
  permission_revoked: 'declined',
  insufficient_funds: 'insufficientFunds',
  payment_method_limit_exceeded: 'insufficientFunds',
  '3d_secure_failed': 'authenticationFailed',
  expired_on_confirmation: 'timedOut',
  expired_on_capture: 'timedOut',
  canceled_by_merchant: 'payerCancelled',
  issuer_unavailable: 'providerUnavailable',
  internal_timeout: 'providerUnavailable',
};

const CANCELLED_REASONS = new Set(['expired_on_confirmation', 'canceled_by_merchant', 'expired_on_capture']);

const REFUND_STATUS: Partial<Record<string, RefundResult['status']>> = {
  pending: 'pending',
  succeeded: 'succeeded',
  canceled: 'failed',
};

/** The addresses YooKassa sends notifications from (its "Входящие уведомления" guide, #ip). */
const YOOKASSA_ADDRESSES = (() => {
  const list = new BlockList();
  list.addSubnet('185.71.76.0', 27, 'ipv4');
  list.addSubnet('185.71.77.0', 27, 'ipv4');
  list.addSubnet('77.75.153.0', 25, 'ipv4');
  list.addSubnet('77.75.154.128', 25, 'ipv4');
  list.addAddress('77.75.156.11', 'ipv4');
  list.addAddress('77.75.156.35', 'ipv4');
  list.addSubnet('2a02:5180::', 32, 'ipv6');
  return list;
})();

/** Whether a notification's sender address is one of YooKassa's (IPv4-mapped IPv6 included). */
export function isYooKassaAddress(ip: string): boolean {
  const address = ip.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const family = isIP(address);
  if (family === 0) return false;
  return YOOKASSA_ADDRESSES.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
