import 'server-only';
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import { visibleBookings } from '@/server/bookings/booking-scope';
import type { Database } from '@/server/db/connection';
import { bookings, payments } from '@/server/db/schema';
import { memberCan } from '@/shared/auth/permissions';
import type { NextAction, ProviderMethod } from './gateway';
import type { PaymentFailureReason } from '@/shared/payments/failure-reasons';
import { paymentFailureReason } from './failure-reason';
import { findGateway } from './gateways';
import type { PaymentStatus } from './settle-payment';

// What the payment result page and its polling show (spec §4 payment result messages).

export type PaymentResult = {
  paymentId: string;
  /** `amendment`: the difference of a booking's amendment; its page leads back to the booking like a booking's. */
  purpose: 'booking' | 'top_up' | 'amendment';
  method: ProviderMethod;
  provider: string;
  isSandbox: boolean;
  status: PaymentStatus;
  failureCode: string | null;
  /** Why a failed or cancelled payment did not pay, as its provider's code means it; null otherwise. */
  failureReason: PaymentFailureReason | null;
  amountMinor: number;
  currency: string;
  /** What the payment is worth in AED fils: the booking's NET, or the top-up credited. */
  baseAmountMinor: number;
  feeMinor: number;
  taxMinor: number;
  bookingReference: string | null;
  bookingStatus: string | null;
  nextAction: NextAction | null;
  /** The provider could not be asked (or its answer not applied) just now: spec §4 "hook error". */
  webhookError: boolean;
};

/** A payment of the principal's agency that the principal may see; null for any other. */
export async function loadPaymentResult(db: Database, principal: Principal, paymentId: string, webhookError = false): Promise<PaymentResult | null> {
  if (!/^[0-9a-f-]{36}$/i.test(paymentId)) return null;
  const [row] = await db
    .select({
      paymentId: payments.id,
      purpose: payments.purpose,
      method: payments.method,
      provider: payments.provider,
      status: payments.status,
      failureCode: payments.failureCode,
      amountMinor: payments.amountMinor,
      currency: payments.currency,
      baseAmountMinor: payments.baseAmountMinor,
      feeMinor: payments.feeMinor,
      taxMinor: payments.taxMinor,
      nextAction: payments.nextAction,
      bookingReference: bookings.reference,
      bookingStatus: bookings.status,
    })
    .from(payments)
    .leftJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(and(eq(payments.id, paymentId), eq(payments.agencyId, principal.agencyId), visiblePayment(principal)));
  if (!row) return null;
  const failureReason = row.status === 'failed' || row.status === 'cancelled' ? paymentFailureReason(row.provider, row.failureCode) : null;
  return {
    ...row,
    method: row.method as ProviderMethod,
    isSandbox: findGateway(row.provider)?.isSandbox ?? false,
    // A payment cancelled without a code was abandoned by the payer (or the provider's time ran out).
    failureReason: row.status === 'cancelled' && failureReason === 'other' ? 'payerCancelled' : failureReason,
    webhookError,
  };
}

/** Booking payments follow the booking's visibility; top-ups need the balance. */
function visiblePayment(principal: Principal): SQL {
  const topUps = memberCan(principal, 'balance:view') ? eq(payments.purpose, 'top_up') : undefined;
  const ofBookings = and(inArray(payments.purpose, ['booking', 'amendment']), visibleBookings(principal));
  return (topUps ? or(topUps, ofBookings) : ofBookings) as SQL;
}
