import 'server-only';
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { bookings, payments } from '@/server/db/schema';
import { releaseHold } from '@/server/bookings/booking-status';
import { sendJob } from '@/server/jobs/jobs';
import { stillLookedUp } from './provider-lookups';

// Stock held while a provider payment runs: taken when the payment starts, given
// back when it fails or when the hold expires (PAYMENT_HOLD_MINUTES, 15 by default). The expiry
// is a durable job per hold; the reconciliation sweep catches any whose job was lost, and is
// itself the expiry of a reseller's OCTO reservation, which gets no job (server/bookings/create-booking.ts).

export function holdMinutes(env: NodeJS.ProcessEnv = process.env): number {
  const minutes = Number(env.PAYMENT_HOLD_MINUTES ?? 15);
  return Number.isFinite(minutes) && minutes > 0 ? minutes : 15;
}

export function holdUntil(now: Date): Date {
  return new Date(now.getTime() + holdMinutes() * 60_000);
}

/**
 * A widget guest's booking first holds its stock only this long (GUEST_HOLD_MINUTES, 5 by
 * default): until the payer reaches the payment page, where the hold becomes the normal one. A
 * checkout nobody goes on to pay gives its places back within minutes.
 */
export function guestHoldMinutes(env: NodeJS.ProcessEnv = process.env): number {
  const minutes = Number(env.GUEST_HOLD_MINUTES ?? 5);
  // Never longer than the normal hold it is the first part of.
  return Math.min(Number.isFinite(minutes) && minutes > 0 ? minutes : 5, holdMinutes(env));
}

export function guestHoldUntil(now: Date): Date {
  return new Date(now.getTime() + guestHoldMinutes() * 60_000);
}

export async function scheduleHoldExpiry(bookingId: string, expiresAt: Date): Promise<void> {
  await sendJob('payments.expireHold', { bookingId }, { startAfter: expiresAt, singletonKey: `${bookingId}:${expiresAt.getTime()}` });
}

/**
 * The open payments of a booking whose hold is expiring: the expiry job (server/checkout/
 * settlement.ts) asks the provider about each first, since one that went through completes the
 * booking instead.
 */
export async function openPaymentsOfBooking(db: Database, bookingId: string, now: Date): Promise<string[]> {
  const open = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), sql`${payments.status} IN ('created', 'processing')`, stillLookedUp(now)));
  return open.map((payment) => payment.id);
}

/**
 * An unpaid hold whose time is up gives its stock back. The booking stays `payment_required`: it
 * can still be paid ("Pay now"). Answers whether anything was given back.
 */
export async function releaseExpiredHold(db: Database, bookingId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.id, bookingId),
          eq(bookings.status, 'payment_required'),
          eq(bookings.holdsStock, true),
          isNotNull(bookings.holdExpiresAt),
          lte(bookings.holdExpiresAt, now),
        ),
      )
      .for('update');
    if (!booking) return false;
    return releaseHold(tx, booking.id);
  });
}

/**
 * Bookings whose hold is past due (the reconciliation sweep): only unpaid ones still holding
 * stock, the ones `releaseExpiredHold` acts on. A booking that left `payment_required` (paid, cancelled)
 * is never looked at again, whatever its row says of an old hold.
 */
export async function overdueHolds(db: Database, now = new Date(), limit = 100): Promise<string[]> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(isNotNull(bookings.holdExpiresAt), lte(bookings.holdExpiresAt, now), eq(bookings.status, 'payment_required'), eq(bookings.holdsStock, true)))
    .limit(limit);
  return rows.map((row) => row.id);
}
