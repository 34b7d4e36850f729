import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import { memberCan } from '@/shared/auth/permissions';
import type { Database, Transaction } from '@/server/db/connection';
import { bookings, offers } from '@/server/db/schema';
import { Forbidden, NotFound, RuleViolation } from '@/server/errors';
import { creditAgency, debitAgency } from '@/server/ledger/ledger';
import { loadSettings } from '@/server/settings/settings';
import { visibleBookings } from './booking-scope';
import { moveBooking, releaseHold } from './booking-status';
import { payingPayments, queueRefunds, recordRefund } from '@/server/payments/refunds';
import { isProviderPaymentMethod } from '@/shared/bookings/checkout-schema';
import { cancelAtSupplierFirst } from '@/server/suppliers/booking/cancel-at-supplier';
import { bookingPolicy, cancellationRefund, type CancellationRefund, isCancellable, type RefundQuote } from './refund-rules';

/**
 * Cancels a booking: its tickets go back to the slot and, for a balance payment, the refund of its
 * tier (less the processing fee) goes back to the agency's ledger. The booking row is locked first,
 * so two cancellations of one booking refund once.
 */
export async function cancelBooking(db: Database, principal: Principal, reference: string, now = new Date()): Promise<CancellationRefund> {
  if (!memberCan(principal, 'bookings:viewOwn')) throw new Forbidden();
  // A supplier's booking is cancelled at the supplier first; its refusal leaves everything as it was.
  const atSupplier = await cancelAtSupplierFirst(db, principal, reference, now);
  const refundIds: string[] = [];
  const quote = await db.transaction(async (tx) => {
    const [booking] = await tx
      .select({
        id: bookings.id,
        agencyId: bookings.agencyId,
        status: bookings.status,
        tourDate: bookings.tourDate,
        startTime: bookings.startTime,
        paidMinor: bookings.paidMinor,
        netTotalMinor: bookings.netTotalMinor,
        paymentMethod: bookings.paymentMethod,
        cancellationPolicy: bookings.cancellationPolicy,
        offerPolicy: offers.cancellationPolicy,
      })
      .from(bookings)
      .innerJoin(offers, eq(offers.id, bookings.offerId))
      .where(and(eq(bookings.reference, reference), visibleBookings(principal)))
      .for('update', { of: bookings });
    if (!booking) throw new NotFound();
    if (!isCancellable(booking, now)) throw new RuleViolation('booking.notCancellable');

    const settings = await loadSettings(tx);
    const policy = bookingPolicy(booking, settings);
    // Money paid through a provider goes back the way it came, in the currency charged; the booking
    // keeps the refund in AED like a balance one. The booking page previewed exactly this.
    const paying = booking.status === 'completed' && isProviderPaymentMethod(booking.paymentMethod) ? await payingPayments(tx, booking.id) : [];
    const quote = cancellationRefund({ ...booking, policy }, paying.map(({ payment, remainingMinor }) => ({ amountMinor: remainingMinor, currency: payment.currency })), settings, now);
    // Its places go back once, with its hold: the expiry job and the sweep then find nothing to do.
    await releaseHold(tx, booking.id);
    if (quote.charged) {
      // Each payment that paid the booking gets its own share back (a card-paid amendment's too).
      for (const [index, part] of quote.chargedParts.entries()) {
        if (part.refundMinor > 0) refundIds.push(await recordRefund(tx, paying[index]!.payment, { amountMinor: part.refundMinor, reason: 'cancellation' }));
      }
    } else await postRefund(tx, { agencyId: booking.agencyId, bookingId: booking.id, reference }, quote);
    await moveBooking(tx, booking.id, 'cancel', {
      holdsStock: false,
      holdExpiresAt: null,
      refundMinor: quote.refundMinor,
      cancellationFeeMinor: quote.feeMinor,
      cancelledAt: now,
      ...(atSupplier === 'cancelled' ? { supplierStatus: 'cancelled' as const, supplierHoldExpiresAt: null } : {}),
    });
    return quote;
  });
  await queueRefunds(refundIds);
  return quote;
}

/**
 * The refund of the tier and the processing fee kept from it as two statement lines,
 * in the cancellation's transaction: the balance moves by the net refund, as one credit of it did.
 * The credit comes first, so the fee's debit can never be refused for want of funds.
 */
async function postRefund(tx: Transaction, booking: { agencyId: string; bookingId: string; reference: string }, quote: RefundQuote): Promise<void> {
  if (quote.grossRefundMinor > 0) {
    await creditAgency(tx, {
      agencyId: booking.agencyId,
      kind: 'refund',
      amountMinor: quote.grossRefundMinor,
      bookingId: booking.bookingId,
      description: `Refund ${booking.reference}`,
    });
  }
  if (quote.feeMinor > 0) {
    await debitAgency(tx, {
      agencyId: booking.agencyId,
      kind: 'cancellation_fee',
      amountMinor: quote.feeMinor,
      bookingId: booking.bookingId,
      description: `Cancellation fee ${booking.reference}`,
    });
  }
}
