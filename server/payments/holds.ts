import 'server-only';
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@/server/db/connection';
import { bookings, offers, payments } from '@/server/db/schema';
import { giveBackStock } from '@/server/bookings/stock';
import { sendJob } from '@/server/jobs/jobs';
import { stillLookedUp } from './provider-lookups';

// Stock held while a provider payment runs: taken when the payment starts, given
// back when it fails or when the hold expires (PAYMENT_HOLD_MINUTES, 15 by default). The expiry
// is a durable job per hold; the reconciliation sweep catches any whose job was lost.

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
 * Gives a booking's held stock back, in the caller's transaction, if it still holds it; the
 * booking row must be locked by the caller. Returns whether anything was given back.
 */
export async function releaseHold(tx: Transaction, bookingId: string): Promise<boolean> {
  const [booking] = await tx
    .select({ slotId: bookings.slotId, holdsStock: bookings.holdsStock, stockMode: offers.stockMode, adults: bookings.adults, children: bookings.children, infants: bookings.infants })
    .from(bookings)
    .innerJoin(offers, eq(offers.id, bookings.offerId))
    .where(eq(bookings.id, bookingId));
  if (!booking?.holdsStock) return false;
  if (booking.slotId) await giveBackStock(tx, booking.slotId, booking.stockMode, booking);
  await tx.update(bookings).set({ holdsStock: false, holdExpiresAt: null, updatedAt: sql`now()` }).where(eq(bookings.id, bookingId));
  return true;
}

/**
 * The expiry job: first the provider is asked whether the booking's open payments went through
 * (a payment that did completes the booking instead); then an unpaid hold whose time is up gives
 * its stock back. The booking stays `payment_required`: it can still be paid ("Pay now").
 */
export async function expireHold(db: Database, bookingId: string, now = new Date()): Promise<boolean> {
  const { settlePayment } = await import('./settle-payment');
  const open = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), sql`${payments.status} IN ('created', 'processing')`, stillLookedUp(now)));
  for (const payment of open) await settlePayment(db, payment.id).catch((error: unknown) => console.warn('[payments] settle before expiry', error));

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
 * stock, the ones `expireHold` acts on. A booking that left `payment_required` (paid, cancelled)
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
