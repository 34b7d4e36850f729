// TEMPORARY: the payments engine's contract (issue 18), coded against until the lead's
// "Payments engine" commits land on main. Delete this file when main is merged.

declare module '@/server/payments/payment-methods' {
  import type { ChargeCurrency, ProviderId } from '@/server/payments/gateway';
  import type { Variant } from '@/server/shared/sites/site-variants';
  import type { Currency } from '@/server/shared/money/money';
  export type OfferedMethod = { method: 'card' | 'crypto' | 'sbp'; provider: ProviderId; currency: ChargeCurrency; isSandbox: boolean; walletsNeedGuestDetails: boolean };
  export function offeredPaymentMethods(options: { variant: Variant; displayCurrency: Currency }): OfferedMethod[];
}

declare module '@/server/payments/start-payment' {
  import type { Database } from '@/server/db/connection';
  import type { Principal } from '@/server/auth/principal';
  import type { NextAction, ProviderMethod } from '@/server/payments/gateway';
  import type { Variant } from '@/server/shared/sites/site-variants';
  import type { Currency } from '@/server/shared/money/money';
  import type { Locale } from '@/i18n/locales';
  export function startBookingPayment(
    db: Database,
    principal: Principal,
    input: { reference: string; method: ProviderMethod; variant: Variant; displayCurrency: Currency; origin: string; locale: Locale },
  ): Promise<{ paymentId: string; nextAction: NextAction }>;
  export function startTopUpPayment(
    db: Database,
    principal: Principal,
    input: { amountMinor: number; method: 'card'; origin: string; locale: Locale },
  ): Promise<{ paymentId: string; nextAction: NextAction }>;
}

declare module '@/server/payments/payment-result' {
  import type { Database } from '@/server/db/connection';
  import type { Principal } from '@/server/auth/principal';
  import type { NextAction, ProviderId, ProviderMethod } from '@/server/payments/gateway';
  export type PaymentResult = {
    paymentId: string;
    purpose: 'booking' | 'top_up';
    method: ProviderMethod;
    provider: ProviderId;
    isSandbox: boolean;
    status: 'created' | 'processing' | 'succeeded' | 'failed' | 'cancelled';
    failureCode: string | null;
    amountMinor: number;
    currency: string;
    feeMinor: number;
    taxMinor: number;
    bookingReference: string | null;
    bookingStatus: string | null;
    nextAction: NextAction | null;
    webhookError: boolean;
  };
  export function loadPaymentResult(db: Database, principal: Principal, paymentId: string): Promise<PaymentResult | null>;
  export function returnFromProvider(db: Database, principal: Principal, paymentId: string): Promise<PaymentResult | null>;
}

declare module '@/server/payments/pay-from-balance' {
  import type { Database } from '@/server/db/connection';
  import type { Principal } from '@/server/auth/principal';
  export function payBookingFromBalance(db: Database, principal: Principal, reference: string): Promise<void>;
}

declare module '@/server/payments/providers/sandbox/sandbox-charges' {
  import type { Database } from '@/server/db/connection';
  export type SandboxChargeView = {
    id: string;
    method: 'card' | 'crypto' | 'sbp';
    amountMinor: number;
    currency: string;
    status: 'requires_payment' | 'requires_action' | 'processing' | 'succeeded' | 'failed';
    description: string;
    returnUrl: string;
    failureCode: string | null;
  };
  export function loadSandboxCharge(db: Database, chargeId: string): Promise<SandboxChargeView | null>;
  export function payWithSandboxCard(db: Database, chargeId: string, cardNumber: string): Promise<{ next: 'return' | 'challenge'; returnUrl: string }>;
  export function completeSandboxChallenge(db: Database, chargeId: string, approve: boolean): Promise<{ returnUrl: string }>;
  export function payWithSandboxWallet(db: Database, chargeId: string, approve: boolean): Promise<{ returnUrl: string }>;
}

declare module '@/server/shared/payments/sandbox-cards' {
  export const SANDBOX_TEST_CARDS: { number: string; outcome: 'success' | 'decline' | 'insufficientFunds' | 'challenge' | 'processing' }[];
}
