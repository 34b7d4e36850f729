import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import { can } from '@/server/shared/auth/permissions';
import { stockTaken } from '@/server/shared/availability/rules';
import type { Database, Transaction } from '@/server/db/connection';
import { availabilitySlots, bookings, offers } from '@/server/db/schema';
import { Forbidden, NotFound, RuleViolation } from '@/server/errors';
import { creditAgency, debitAgency } from '@/server/ledger/ledger';
import { loadSettings } from '@/server/settings/settings';
import { visibleBookings } from './booking-scope';
import { bookingPolicy, isCancellable, refundQuote, type RefundQuote } from './refund-rules';

/**
 * Cancels a booking: its tickets go back to the slot and, for a balance payment, the refund of its
 * tier (less the processing fee) goes back to the agency's ledger. The booking row is locked first,
 * so two cancellations of one booking refund once.
 */
export async function cancelBooking(db: Database, principal: Principal, reference: string, now = new Date()): Promise<RefundQuote> {
  if (!can(principal.role, 'bookings:viewOwn')) throw new Forbidden();
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .select({
        id: bookings.id,
        agencyId: bookings.agencyId,
        status: bookings.status,
        tourDate: bookings.tourDate,
        startTime: bookings.startTime,
        paidMinor: bookings.paidMinor,
        cancellationPolicy: bookings.cancellationPolicy,
        offerPolicy: offers.cancellationPolicy,
        slotId: bookings.slotId,
        holdsStock: bookings.holdsStock,
        stockMode: offers.stockMode,
        adults: bookings.adults,
        children: bookings.children,
        infants: bookings.infants,
      })
      .from(bookings)
      .innerJoin(offers, eq(offers.id, bookings.offerId))
      .where(and(eq(bookings.reference, reference), visibleBookings(principal)))
      .for('update', { of: bookings });
    if (!booking) throw new NotFound();
    if (!isCancellable(booking, now)) throw new RuleViolation('booking.notCancellable');

    const settings = await loadSettings(tx);
    const quote = refundQuote({ ...booking, policy: bookingPolicy(booking, settings) }, settings, now);
    if (booking.holdsStock && booking.slotId) await giveBackStock(tx, booking.slotId, booking.stockMode, booking);
    await postRefund(tx, { agencyId: booking.agencyId, bookingId: booking.id, reference }, quote);
    await tx
      .update(bookings)
      .set({
        status: 'cancelled',
        holdsStock: false,
        refundMinor: quote.refundMinor,
        cancellationFeeMinor: quote.feeMinor,
        cancelledAt: now,
        updatedAt: sql`now()`,
      })
      .where(eq(bookings.id, booking.id));
    return quote;
  });
}

/**
 * The refund of the tier and the processing fee kept from it as two statement lines (issue 17 §1),
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

async function giveBackStock(
  tx: Transaction,
  slotId: string,
  mode: 'shared' | 'per_type',
  counts: { adults: number; children: number; infants: number },
): Promise<void> {
  const taken = stockTaken(mode, counts);
  await tx
    .update(availabilitySlots)
    .set({
      left: sql`${availabilitySlots.left} + ${taken.left}`,
      ...(mode === 'per_type' && {
        leftAdults: sql`${availabilitySlots.leftAdults} + ${taken.leftAdults}`,
        leftChildren: sql`${availabilitySlots.leftChildren} + ${taken.leftChildren}`,
      }),
    })
    .where(eq(availabilitySlots.id, slotId));
}
