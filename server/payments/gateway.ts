// The one interface every payment provider sits behind (DESIGN.md "Payments"). The portal never
// trusts what a browser or a webhook says about money: it asks the provider (`retrieve`) and
// settles from that answer (settle-payment.ts). Adapters live in ./providers, one file each.

import 'server-only';
/** Provider ids as stored in `payments.provider`. */
export const PROVIDER_IDS = ['sandbox', 'stripe', 'tap', 'coinbase', 'yookassa'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** The methods a provider can take; `sbp` is Russia's fast payment system (QR or bank app link). */
export type ProviderMethod = 'card' | 'crypto' | 'sbp';

/** ISO 4217 codes the portal charges in; every one has two decimals (fils, cents, kopecks). */
export const CHARGE_CURRENCIES = ['AED', 'USD', 'RUB'] as const;
export type ChargeCurrency = (typeof CHARGE_CURRENCIES)[number];

export type CreateChargeInput = {
  /** Our payment id: sent as the provider's metadata / order id and checked on every answer. */
  paymentId: string;
  /** `<paymentId>:<attempt>`: the provider's idempotency key, so a repeated create charges once. */
  idempotencyKey: string;
  method: ProviderMethod;
  /** In minor units of `currency`; always > 0. */
  amountMinor: number;
  currency: ChargeCurrency;
  /** Shown to the payer on the provider's page, e.g. `Booking TD-7K2P9Q`. */
  description: string;
  /** Where the provider sends the browser back; the portal settles there too. */
  returnUrl: string;
  /** Where the provider posts its events (the sandbox needs it; real providers are configured with it). */
  webhookUrl: string;
  customer: { name: string; email: string; phone?: string };
  locale: 'en' | 'ru';
};

/** What the browser does next to pay. */
export type NextAction =
  /** A hosted page: the provider's own (Tap, YooKassa, Coinbase) or the sandbox's. */
  | { kind: 'redirect'; url: string }
  /** An on-page element (Stripe's Payment Element) confirmed in the browser with this secret. */
  | { kind: 'clientSecret'; clientSecret: string; publishableKey: string }
  /** A QR code or bank-app deep link (SBP); `url` opens the same payment on a phone. */
  | { kind: 'qr'; url: string; qrPayload: string };

export type CreatedCharge = { providerReference: string; nextAction: NextAction };

/** A charge as the provider says it is now. */
export type ChargeStatus = 'pending' | 'processing' | 'succeeded' | 'failed' | 'cancelled';

export type ChargeState = {
  providerReference: string;
  status: ChargeStatus;
  amountMinor: number;
  currency: string;
  /** The payment id we sent as metadata; null when the provider's answer does not carry it. */
  paymentId: string | null;
  /** Why it failed, in the provider's words (e.g. `card_declined`, `insufficient_funds`). */
  failureCode?: string;
};

/** A verified webhook: which event, and which charge it concerns. */
export type WebhookEvent = {
  eventId: string;
  type: string;
  providerReference: string | null;
  paymentId: string | null;
  payload: unknown;
};

export type RefundInput = {
  providerReference: string;
  amountMinor: number;
  currency: ChargeCurrency;
  /** `<refundId>`: a repeated request refunds once. */
  idempotencyKey: string;
};

export type RefundResult = { refundReference: string; status: 'pending' | 'succeeded' | 'failed' };

export interface PaymentGateway {
  readonly id: ProviderId;
  /** Labelled as a test gateway wherever it shows. */
  readonly isSandbox: boolean;
  readonly methods: readonly ProviderMethod[];
  readonly currencies: readonly ChargeCurrency[];
  createCharge(input: CreateChargeInput): Promise<CreatedCharge>;
  /** The provider's true state of a charge (never a webhook's or a return URL's word). */
  retrieve(providerReference: string): Promise<ChargeState>;
  /**
   * Verifies a webhook on its raw body and headers (signature, timestamp) and parses it; throws
   * `InvalidWebhook` for anything forged, stale or malformed.
   */
  parseWebhook(rawBody: Uint8Array, headers: Headers): Promise<WebhookEvent>;
  refund(input: RefundInput): Promise<RefundResult>;
}

const INVALID_WEBHOOK = Symbol.for('traveldesk.payments.invalidWebhook');

/**
 * A webhook the portal must not act on; answered 422 and nothing changes. Recognised by
 * `isInvalidWebhook`, not `instanceof`: the gateway that throws it may belong to another bundle
 * (the job runner's) than the route handler that catches it.
 */
export class InvalidWebhook extends Error {
  readonly [INVALID_WEBHOOK] = true;

  constructor(reason: string) {
    super(`Invalid webhook: ${reason}`);
    this.name = 'InvalidWebhook';
  }
}

export function isInvalidWebhook(error: unknown): error is InvalidWebhook {
  return typeof error === 'object' && error !== null && INVALID_WEBHOOK in error;
}

/** The provider could not be reached or answered an error; safe to retry. */
export class ProviderUnavailable extends Error {
  constructor(provider: ProviderId, detail: string) {
    super(`${provider}: ${detail}`);
    this.name = 'ProviderUnavailable';
  }
}

/** `12.34`-style decimal string of a two-decimal minor amount, as Tap, YooKassa and Coinbase take it. */
export function minorToDecimal(amountMinor: number): string {
  const sign = amountMinor < 0 ? '-' : '';
  const abs = Math.abs(amountMinor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The inverse of `minorToDecimal`, for provider answers (`"12.3"`, `12.34`, `"12"`). */
export function decimalToMinor(value: string | number): number {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  if (!/^-?\d+(\.\d{1,2})?$/.test(text)) throw new Error(`Not a two-decimal amount: ${text}`);
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return text.startsWith('-') ? -minor : minor;
}
