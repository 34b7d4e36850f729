import 'server-only';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import type { Database } from '@/server/db/connection';
import { bookings, paymentRefunds, payments } from '@/server/db/schema';
import { visibleBookings } from './booking-scope';
import { seesNetRates } from '@/server/auth/customer-view';

/** One payment attempt at a booking, as its detail page lists it. */
export type PaymentAttempt = {
  id: string;
  method: string;
  provider: string;
  status: 'created' | 'processing' | 'succeeded' | 'failed' | 'cancelled';
  /** In `currency` minor units; null for a role that may not see b2b rates (a charge is the NET plus fees). */
  amountMinor: number | null;
  currency: string;
  /**
   * Refunds through the provider: `pending` until the provider takes one (it is retried until
   * then), then `succeeded`. Amounts null as above.
   */
  refunds: { id: string; amountMinor: number | null; status: 'pending' | 'succeeded' | 'failed' }[];
  createdAt: Date;
};

export type BookingPayments = { holdExpiresAt: Date | null; attempts: PaymentAttempt[] };

/**
 * The stock hold and the payment attempts of a booking the principal can see (newest first);
 * null when it cannot see the booking.
 */
export async function loadBookingPayments(db: Database, principal: Principal, reference: string): Promise<BookingPayments | null> {
  const [booking] = await db
    .select({ id: bookings.id, holdExpiresAt: bookings.holdExpiresAt })
    .from(bookings)
    .where(and(eq(bookings.reference, reference), visibleBookings(principal)))
    .limit(1);
  if (!booking) return null;
  const rows = await db
    .select({
      id: payments.id,
      method: payments.method,
      provider: payments.provider,
      status: payments.status,
      amountMinor: payments.amountMinor,
      currency: payments.currency,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(and(eq(payments.bookingId, booking.id), eq(payments.agencyId, principal.agencyId)))
    .orderBy(desc(payments.createdAt), desc(payments.attempt));
  const refunds = await db
    .select({ id: paymentRefunds.id, paymentId: paymentRefunds.paymentId, amountMinor: paymentRefunds.amountMinor, status: paymentRefunds.status })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.bookingId, booking.id))
    .orderBy(asc(paymentRefunds.createdAt));
  const seesAmounts = seesNetRates(principal);
  return {
    holdExpiresAt: booking.holdExpiresAt,
    attempts: rows.map((row) => ({
      ...row,
      amountMinor: seesAmounts ? row.amountMinor : null,
      refunds: refunds
        .filter((refund) => refund.paymentId === row.id)
        .map((refund) => ({ id: refund.id, status: refund.status, amountMinor: seesAmounts ? refund.amountMinor : null })),
    })),
  };
}
