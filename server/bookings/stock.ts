import 'server-only';
import { and, eq, gte, type SQL, sql } from 'drizzle-orm';
import type { Transaction } from '@/server/db/connection';
import { availabilitySlots, bookings, offers } from '@/server/db/schema';
import { RuleViolation } from '@/server/errors';
import { type GuestCounts, stockProblem, stockTaken, type StockMode } from '@/shared/availability/rules';

// A slot's stock, taken by a booking (or a payment's hold) and given back by a cancellation, a
// failed payment or an expired hold: always exactly what `stockTaken` says the booking took.

/** What a slot has left once a booking took its tickets (returned by the update itself, no second read). */
export type SlotStockLeft = { left: number; leftAdults: number | null; leftChildren: number | null };

/**
 * Takes the tickets with one conditional update, so two bookings can never both take the last
 * ones: the second waits for the first's row lock, re-checks the condition and updates nothing.
 * Answers what the slot has left after the take.
 */
export async function takeStock(tx: Transaction, slotId: string, mode: StockMode, counts: GuestCounts): Promise<SlotStockLeft> {
  const taken = stockTaken(mode, counts);
  const enough =
    mode === 'per_type'
      ? and(gte(availabilitySlots.leftAdults, taken.leftAdults), gte(availabilitySlots.leftChildren, taken.leftChildren))
      : gte(availabilitySlots.left, taken.left);
  const updated = await tx
    .update(availabilitySlots)
    .set({
      left: sql`${availabilitySlots.left} - ${taken.left}`,
      ...(mode === 'per_type' && {
        leftAdults: sql`${availabilitySlots.leftAdults} - ${taken.leftAdults}`,
        leftChildren: sql`${availabilitySlots.leftChildren} - ${taken.leftChildren}`,
      }),
    })
    .where(and(eq(availabilitySlots.id, slotId), enough))
    .returning({ left: availabilitySlots.left, leftAdults: availabilitySlots.leftAdults, leftChildren: availabilitySlots.leftChildren });
  if (updated[0]) return updated[0];

  const [slot] = await tx
    .select({ left: availabilitySlots.left, leftAdults: availabilitySlots.leftAdults, leftChildren: availabilitySlots.leftChildren })
    .from(availabilitySlots)
    .where(eq(availabilitySlots.id, slotId));
  const problem = slot ? stockProblem(mode, slot, counts, 0) : null;
  throw new RuleViolation('availability.soldOut', { max: problem?.code === 'soldOut' ? problem.max : 0 }, 'adults');
}

/** Gives back what `takeStock` took for these counts. */
export async function giveBackStock(
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

/** What a booking's stock and payment decisions read, locked until the transaction ends. */
export type LockedBookingStock = NonNullable<Awaited<ReturnType<typeof lockBookingStock>>>;

/**
 * Locks the booking matching `where` (FOR UPDATE of the booking row only) and reads what taking
 * or giving back its stock needs; undefined when none matches.
 */
export async function lockBookingStock(tx: Transaction, where: SQL | undefined) {
  const [booking] = await tx
    .select({
      id: bookings.id,
      agencyId: bookings.agencyId,
      status: bookings.status,
      netTotalMinor: bookings.netTotalMinor,
      publishedTotalMinor: bookings.publishedTotalMinor,
      widgetId: bookings.widgetId,
      quoteId: bookings.quoteId,
      slotId: bookings.slotId,
      holdsStock: bookings.holdsStock,
      holdExpiresAt: bookings.holdExpiresAt,
      stockMode: offers.stockMode,
      adults: bookings.adults,
      children: bookings.children,
      infants: bookings.infants,
      guestName: bookings.guestName,
      guestEmail: bookings.guestEmail,
      guestPhone: bookings.guestPhone,
    })
    .from(bookings)
    .innerJoin(offers, eq(offers.id, bookings.offerId))
    .where(where)
    .for('update', { of: bookings });
  return booking;
}
