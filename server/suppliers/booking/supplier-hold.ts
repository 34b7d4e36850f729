import 'server-only';
import { and, eq, inArray, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import { visibleBookings } from '@/server/bookings/booking-scope';
import type { Database } from '@/server/db/connection';
import { RuleViolation } from '@/server/errors';
import { bookings } from '@/server/db/schema';
import { scheduleHoldExpiry } from '@/server/payments/holds';
import { supplierConnector } from '../connectors';

// The hold at the supplier runs beside ours (server/payments/holds.ts): our hold never outlives
// the supplier's, and when ours ends unpaid the supplier's seats are given back too.

const UNPAID = ['payment_required', 'payment_failed'] as const;

async function loadHold(db: Database, where: SQL) {
  const [row] = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      supplierId: bookings.supplierId,
      uuid: bookings.supplierBookingUuid,
      supplierStatus: bookings.supplierStatus,
      holdExpiresAt: bookings.holdExpiresAt,
      supplierHoldExpiresAt: bookings.supplierHoldExpiresAt,
    })
    .from(bookings)
    .where(where)
    .limit(1);
  return row ?? null;
}

/**
 * After a provider payment starts (at checkout, "Pay now"): when our hold would outlast the
 * supplier's, the supplier is asked to extend its hold to ours; if it will not, ours is shortened
 * to the supplier's (and its expiry job set for then).
 */
export async function alignSupplierHold(db: Database, reference: string, now = new Date()): Promise<void> {
  const hold = await loadHold(db, eq(bookings.reference, reference));
  if (!hold?.supplierId || !hold.uuid || hold.supplierStatus !== 'on_hold') return;
  if (!hold.holdExpiresAt || !hold.supplierHoldExpiresAt || hold.holdExpiresAt <= hold.supplierHoldExpiresAt) return;
  try {
    const minutes = Math.ceil((hold.holdExpiresAt.getTime() - now.getTime()) / 60_000) + 1;
    const extended = await (await supplierConnector(db, hold.supplierId)).extend(hold.uuid, minutes);
    if (extended.holdExpiresAt && extended.holdExpiresAt >= hold.holdExpiresAt) {
      await db.update(bookings).set({ supplierHoldExpiresAt: extended.holdExpiresAt, updatedAt: sql`now()` }).where(eq(bookings.id, hold.id));
      return;
    }
  } catch (error) {
    console.warn('[suppliers] extending a hold', reference, error);
  }
  await db.update(bookings).set({ holdExpiresAt: hold.supplierHoldExpiresAt, updatedAt: sql`now()` }).where(and(eq(bookings.id, hold.id), eq(bookings.status, 'payment_required')));
  await scheduleHoldExpiry(hold.id, hold.supplierHoldExpiresAt);
}

/**
 * When a booking's hold ends unpaid (the expiry job, after the provider was asked), the supplier's
 * seats are given back there too. The booking stays payable in our books, but with nothing held
 * at the supplier "Pay now" is refused (server/checkout/pay-booking.ts). Answers whether it released.
 */
export async function releaseSupplierHold(db: Database, bookingId: string, now = new Date()): Promise<boolean> {
  const hold = await loadHold(db, eq(bookings.id, bookingId));
  if (!hold?.supplierId || !hold.uuid || hold.supplierStatus !== 'on_hold') return false;
  if (!(UNPAID as readonly string[]).includes(hold.status)) return false;
  if (hold.holdExpiresAt && hold.holdExpiresAt > now) return false;
  try {
    await (await supplierConnector(db, hold.supplierId)).cancel(hold.uuid, 'Hold expired unpaid');
  } catch (error) {
    // Unreachable: its own expiry frees the seats at the supplier; we hold nothing any more.
    console.warn('[suppliers] releasing an expired hold', bookingId, error);
  }
  const released = await db
    .update(bookings)
    .set({ supplierStatus: 'cancelled', supplierHoldExpiresAt: null, updatedAt: sql`now()` })
    .where(and(eq(bookings.id, hold.id), eq(bookings.supplierStatus, 'on_hold'), inArray(bookings.status, [...UNPAID])))
    .returning({ id: bookings.id });
  return released.length > 0;
}

/** Unpaid supplier holds whose hold (ours, or the supplier's) has ended: the sweep releases them. */
export async function overdueSupplierHolds(db: Database, now = new Date(), limit = 100): Promise<string[]> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.supplierStatus, 'on_hold'),
        inArray(bookings.status, [...UNPAID]),
        or(lte(bookings.holdExpiresAt, now), and(isNotNull(bookings.supplierHoldExpiresAt), lte(bookings.supplierHoldExpiresAt, now))),
      ),
    )
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * "Pay now" and "Pay again" on a supplier's booking: refused once the supplier no longer holds
 * its seats (the hold expired unpaid, or the supplier refused it), since nothing would be there
 * to confirm; the agent books again instead.
 */
export async function assertSupplierStillHolds(db: Database, principal: Principal, reference: string): Promise<void> {
  const [row] = await db
    .select({ uuid: bookings.supplierBookingUuid, supplierStatus: bookings.supplierStatus, status: bookings.status })
    .from(bookings)
    .where(and(eq(bookings.reference, reference), visibleBookings(principal)))
    .limit(1);
  // A request the operator confirmed by hand was never held at the supplier: nothing to check.
  if (!row?.uuid || row.status === 'quotation_request' || row.status === 'completed' || row.status === 'cancelled') return;
  if (row.supplierStatus !== 'on_hold') throw new RuleViolation('supplierBooking.holdEnded');
}
