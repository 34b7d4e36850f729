import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import { visibleBookings } from '@/server/bookings/booking-scope';
import { isCancellable } from '@/server/bookings/refund-rules';
import type { Database } from '@/server/db/connection';
import { bookings } from '@/server/db/schema';
import { RuleViolation } from '@/server/errors';
import { supplierConnector } from '../connectors';
import { isSupplierDown, isSupplierError } from '../errors';
import { settleSupplierBooking } from './confirm-at-supplier';

/**
 * A cancellation reaches the supplier before anything of ours changes (docs/suppliers.md): a
 * booking the supplier confirmed (or may have: `awaiting_supplier`) is cancelled there first, and
 * only its "yes" lets our cancellation and its refund go ahead. A supplier that refuses or cannot
 * be reached leaves the booking as it was, with a message saying which. An unpaid hold is given
 * back on a best-effort basis: it lapses at the supplier anyway. Answers whether the booking has a
 * side at the supplier that is now cancelled (null when it has none, or the booking is not ours to
 * cancel: the cancellation's own checks then answer).
 */
export async function cancelAtSupplierFirst(db: Database, principal: Principal, reference: string, now: Date): Promise<'cancelled' | null> {
  const [booking] = await db
    .select({
      id: bookings.id,
      supplierId: bookings.supplierId,
      uuid: bookings.supplierBookingUuid,
      supplierStatus: bookings.supplierStatus,
      status: bookings.status,
      tourDate: bookings.tourDate,
      startTime: bookings.startTime,
    })
    .from(bookings)
    .where(and(eq(bookings.reference, reference), visibleBookings(principal)))
    .limit(1);
  if (!booking?.supplierId || !booking.uuid || !isCancellable(booking, now)) return null;
  // Paid but unanswered: the supplier is asked first how it stands. Refused or unknown there, the
  // booking was never confirmed and its money went back whole (no tier applies); confirmed there,
  // it is cancelled there like any other; still silent, nothing can be cancelled yet.
  if (booking.supplierStatus === 'awaiting_supplier') {
    await settleSupplierBooking(db, booking.id).catch((error: unknown) => console.warn('[suppliers] settling before a cancellation', reference, error));
    const [current] = await db.select({ supplierStatus: bookings.supplierStatus }).from(bookings).where(eq(bookings.id, booking.id));
    if (current?.supplierStatus === 'awaiting_supplier') throw new RuleViolation('supplierBooking.cancelUnreachable');
    booking.supplierStatus = current?.supplierStatus ?? null;
  }
  if (booking.supplierStatus !== 'on_hold' && booking.supplierStatus !== 'confirmed') return null;
  const unpaidHold = booking.supplierStatus === 'on_hold' && booking.status !== 'completed';
  try {
    const connector = await supplierConnector(db, booking.supplierId);
    await connector.cancel(booking.uuid, 'Cancelled by the agency');
    return 'cancelled';
  } catch (error) {
    if (unpaidHold) {
      console.warn('[suppliers] releasing a hold on cancellation', reference, error);
      return 'cancelled';
    }
    if (await alreadyCancelledThere(db, booking.supplierId, booking.uuid)) return 'cancelled';
    if (isSupplierDown(error) || !isSupplierError(error)) throw new RuleViolation('supplierBooking.cancelUnreachable');
    // The supplier's own words are for the operator's log, never the agent's screen.
    console.warn('[suppliers] cancellation refused', reference, error);
    throw new RuleViolation('supplierBooking.cancelRefused');
  }
}

/**
 * A cancel refused because there is nothing left to cancel there — cancelled already (a retry
 * after a lost answer), expired, or never made (a confirm that never arrived) — counts as done.
 */
async function alreadyCancelledThere(db: Database, supplierId: string, uuid: string): Promise<boolean> {
  try {
    const found = await (await supplierConnector(db, supplierId)).getBooking(uuid);
    return found === null || found.state === 'cancelled' || found.state === 'expired';
  } catch {
    return false;
  }
}
