import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import { visibleBookings } from '@/server/bookings/booking-scope';
import { moveBooking } from '@/server/bookings/booking-status';
import { lockBookingStock, takeStock } from '@/server/bookings/stock';
import type { Database } from '@/server/db/connection';
import { bookings, payments } from '@/server/db/schema';
import { Conflict, Forbidden, NotFound } from '@/server/errors';
import { debitAgency } from '@/server/ledger/ledger';
import { assertMayPayFromBalance } from '@/server/credit/credit-standing';
import { memberCan } from '@/shared/auth/permissions';

/**
 * "Pay now" from the balance: a booking that needs payment is paid within the
 * agency's funds, taking its stock again if its hold was given back. A provider attempt still
 * waiting for its payer may later succeed too: settlement then refunds it (not payable any more).
 */
export async function payBookingFromBalance(db: Database, principal: Principal, reference: string): Promise<void> {
  if (!memberCan(principal, 'bookings:create')) throw new Forbidden();
  await db.transaction(async (tx) => {
    const booking = await lockBookingStock(tx, and(eq(bookings.reference, reference), visibleBookings(principal)));
    if (!booking) throw new NotFound();
    if (booking.status !== 'payment_required' && booking.status !== 'payment_failed') throw new Conflict('paymentErrors.notPayable');
    const [processing] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.bookingId, booking.id), eq(payments.status, 'processing')))
      .limit(1);
    if (processing) throw new Conflict('paymentErrors.inProgress');
    if (!booking.holdsStock && booking.slotId) await takeStock(tx, booking.slotId, booking.stockMode, booking);
    if (booking.netTotalMinor > 0) {
      await assertMayPayFromBalance(tx, booking.agencyId, booking.netTotalMinor, new Date());
      await debitAgency(tx, { agencyId: booking.agencyId, kind: 'booking', amountMinor: booking.netTotalMinor, bookingId: booking.id, description: `Booking ${reference}` });
    }
    await moveBooking(tx, booking.id, 'paid', {
      paymentMethod: 'balance',
      paidMinor: booking.netTotalMinor,
      holdsStock: booking.slotId !== null,
      holdExpiresAt: null,
      chargeCurrency: null,
      chargeTotalMinor: null,
      chargeFeeMinor: 0,
      chargeTaxMinor: 0,
    });
  });
}
