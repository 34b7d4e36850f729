import 'server-only';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Transaction } from '@/server/db/connection';
import { availabilitySlots, bookings } from '@/server/db/schema';
import { RuleViolation } from '@/server/errors';
import { type GuestCounts, stockTaken, type StockMode } from '@/shared/availability/rules';

// Places held by widget guests' unpaid bookings (anonymous, and possibly never paid) may be at
// most a share of what a slot has not sold: however many guest checkouts arrive, from however
// many clients, agents can still book the rest. Paid bookings and agents' own are not counted.

/** The share of a slot's unsold places (left + held by unpaid guest bookings) guests may hold unpaid. */
export const GUEST_HOLD_SHARE = 0.5;

/** How many more places unpaid guest bookings may hold on a slot with `left` places left and `held` held by them. */
export function guestHoldRoom(left: number, held: number): number {
  return Math.max(0, Math.ceil(GUEST_HOLD_SHARE * (left + held)) - held);
}

/**
 * Refuses a guest booking's hold of `counts` on the slot when unpaid guest bookings would then
 * hold more than their share. Locks the slot row first, so simultaneous guest checkouts count one
 * after another; call it in the transaction that then takes the stock.
 */
export async function assertGuestHoldRoom(tx: Transaction, slotId: string, mode: StockMode, counts: GuestCounts): Promise<void> {
  const [slot] = await tx.select({ left: availabilitySlots.left }).from(availabilitySlots).where(eq(availabilitySlots.id, slotId)).for('update');
  if (!slot) return;
  const seats = stockTaken(mode, counts).left;
  // More than is left: takeStock says it is sold out, with the number left.
  if (seats > slot.left) return;
  const holding = await tx
    .select({ adults: bookings.adults, children: bookings.children, infants: bookings.infants })
    .from(bookings)
    .where(
      and(
        eq(bookings.slotId, slotId),
        isNotNull(bookings.widgetId),
        eq(bookings.status, 'payment_required'),
        eq(bookings.holdsStock, true),
        // Every booking holding for a payment has an expiry (a partial index covers these few rows).
        isNotNull(bookings.holdExpiresAt),
      ),
    );
  const held = holding.reduce((sum, booking) => sum + stockTaken(mode, booking).left, 0);
  const room = guestHoldRoom(slot.left, held);
  if (seats > room) throw new RuleViolation('widgetBookings.limits.slotHeld', { max: room }, 'adults');
}
