import 'server-only';
import { failureReasonOf, type FailureReasonTable, type PaymentFailureReason } from '@/shared/payments/failure-reasons';
import type { ProviderId } from './gateway';
import { COINBASE_FAILURE_REASONS } from './providers/coinbase';
import { SANDBOX_FAILURE_REASONS } from './providers/sandbox/sandbox-charges';
import { STRIPE_FAILURE_REASONS } from './providers/stripe';
import { TAP_FAILURE_REASONS } from './providers/tap';
import { YOOKASSA_FAILURE_REASONS } from './providers/yookassa';

const TABLES: Record<ProviderId, FailureReasonTable> = {
  sandbox: SANDBOX_FAILURE_REASONS,
  stripe: STRIPE_FAILURE_REASONS,
  tap: TAP_FAILURE_REASONS,
  coinbase: COINBASE_FAILURE_REASONS,
  yookassa: YOOKASSA_FAILURE_REASONS,
};

/** Why a payment failed, from the code its provider gave (each adapter's own table). */
export function paymentFailureReason(provider: string, failureCode: string | null): PaymentFailureReason {
  const table = Object.hasOwn(TABLES, provider) ? TABLES[provider as ProviderId] : {};
  return failureReasonOf(table, failureCode);
}
