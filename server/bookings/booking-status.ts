import 'server-only';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Transaction } from '@/server/db/connection';
import { bookings, offers } from '@/server/db/schema';
import { Conflict } from '@/server/errors';
import { emitBookingEvent } from '@/server/webhooks/emit-event';
import type { WebhookEventType } from '@/shared/webhooks/webhook-schema';
import { giveBackStock } from './stock';

// The booking lifecycle (DESIGN.md "Booking lifecycle") has one writer: every move of
// `bookings.status` — a request confirmed or declined, a payment started, paid, failed, a booking
// cancelled — is one of the transitions below, written here and nowhere else. Callers lock the
// booking row first (lockBookingStock, `FOR UPDATE`) and check its status for their own message;
// the move itself is still a conditional update (`WHERE status IN (from)`), so a transition that
// is not allowed from the row's status never writes, whoever forgot to check.

export type BookingStatus = (typeof bookings.$inferSelect)['status'];

const PAYABLE = ['payment_required', 'payment_failed'] as const satisfies readonly BookingStatus[];

/** Each transition: the statuses it may leave and the one it reaches. */
export const BOOKING_TRANSITIONS = {
  /** The operator confirms a request; the agent then pays with "Pay now". */
  confirmRequest: { from: ['quotation_request'], to: 'payment_required' },
  /** The operator confirms a request and charges the agency's balance at once. */
  confirmRequestFromBalance: { from: ['quotation_request'], to: 'completed' },
  /** The operator declines a request. */
  declineRequest: { from: ['quotation_request'], to: 'cancelled' },
  /** A provider payment starts (at checkout, "Pay now", "Pay again"): the booking waits for it. */
  awaitPayment: { from: PAYABLE, to: 'payment_required' },
  /** Paid: from the balance ("Pay now") or by the provider's settled payment. */
  paid: { from: PAYABLE, to: 'completed' },
  /** The booking's latest payment attempt failed, or its provider could not be reached. */
  paymentFailed: { from: ['payment_required'], to: 'payment_failed' },
  /** Paid after its hold expired and the slot filled up: the payment is refunded, the booking not confirmed. */
  paidTooLate: { from: PAYABLE, to: 'payment_failed' },
  /**
   * Paid, but its supplier refused to confirm it (server/suppliers/booking): the money went back
   * in the same transaction and the booking is not confirmed.
   */
  supplierRefused: { from: ['completed'], to: 'payment_failed' },
  /** Cancelled by the agent (refund tiers apply); a cancelled booking is never cancelled twice. */
  cancel: { from: ['quotation_request', 'payment_required', 'payment_failed', 'completed'], to: 'cancelled' },
} as const satisfies Record<string, { from: readonly BookingStatus[]; to: BookingStatus }>;

export type BookingTransition = keyof typeof BOOKING_TRANSITIONS;

/**
 * The webhook event each move sends to the agency's endpoints, from this one writer so no move is
 * missed (docs/webhooks.md): reaching `completed` confirms, reaching `cancelled` cancels, any other
 * change of status amends. A payment starting (`awaitPayment`) is no news to an integrator.
 */
const TRANSITION_EVENTS: Record<BookingTransition, WebhookEventType | null> = {
  confirmRequest: 'booking.amended',
  confirmRequestFromBalance: 'booking.confirmed',
  declineRequest: 'booking.cancelled',
  awaitPayment: null,
  paid: 'booking.confirmed',
  paymentFailed: 'booking.amended',
  paidTooLate: 'booking.amended',
  supplierRefused: 'booking.amended',
  cancel: 'booking.cancelled',
};

/**
 * A supplier's booking paid but not yet confirmed at the supplier: its `booking.confirmed` goes out
 * when the supplier confirms (server/suppliers/booking), so an integrator never hears "confirmed"
 * for a booking the supplier may still refuse.
 */
function awaitsSupplierConfirmation(supplierStatus: string | null): boolean {
  return supplierStatus !== null && supplierStatus !== 'confirmed';
}

/** A transition asked of a booking whose status does not allow it (answered 409). */
export class IllegalBookingTransition extends Conflict {
  constructor(
    readonly transition: BookingTransition,
    readonly bookingId: string,
  ) {
    super('errors.conflict');
  }
}

/** The other columns a transition may write with the status (never the status itself). */
type BookingColumns = typeof bookings.$inferInsert;
export type BookingStatusChanges = { [K in Exclude<keyof BookingColumns, 'id' | 'status' | 'updatedAt'>]?: BookingColumns[K] | SQL };

/**
 * Moves a booking by `transition`, writing `changes` with it, in the caller's transaction. Throws
 * IllegalBookingTransition (and writes nothing) when the booking's status does not allow it.
 * Answers the `updatedAt` the move wrote, so a caller answering the booking needs no second read.
 */
export async function moveBooking(tx: Transaction, bookingId: string, transition: BookingTransition, changes: BookingStatusChanges = {}): Promise<{ updatedAt: Date }> {
  const moved = await move(tx, bookingId, transition, changes);
  if (!moved) throw new IllegalBookingTransition(transition, bookingId);
  return moved;
}

/**
 * The same move for a caller to whom a booking that has moved on meanwhile is no error (a failed
 * charge of a booking paid another way): answers whether it moved.
 */
export async function moveBookingIfAllowed(tx: Transaction, bookingId: string, transition: BookingTransition, changes: BookingStatusChanges = {}): Promise<boolean> {
  return (await move(tx, bookingId, transition, changes)) !== null;
}

async function move(tx: Transaction, bookingId: string, transition: BookingTransition, changes: BookingStatusChanges): Promise<{ updatedAt: Date } | null> {
  const { from, to } = BOOKING_TRANSITIONS[transition];
  const moved = await tx
    .update(bookings)
    .set({ ...changes, status: to, updatedAt: sql`now()` })
    .where(and(eq(bookings.id, bookingId), inArray(bookings.status, [...from])))
    .returning({ id: bookings.id, agencyId: bookings.agencyId, supplierStatus: bookings.supplierStatus, updatedAt: bookings.updatedAt });
  const [booking] = moved;
  if (!booking) return null;
  // In the move's transaction: a move that rolls back sends nothing.
  const event = TRANSITION_EVENTS[transition];
  if (event && !(event === 'booking.confirmed' && awaitsSupplierConfirmation(booking.supplierStatus))) {
    await emitBookingEvent(tx, { id: booking.id, agencyId: booking.agencyId }, event);
  }
  return { updatedAt: booking.updatedAt };
}

/**
 * The status a new booking starts in: a request unless it is instant (live availability, before
 * the cut-off, not "book with an agent"); an instant one waits for its provider payment, or is
 * complete at once (balance, cash).
 */
export function initialBookingStatus(booking: { instant: boolean; paysByProvider: boolean }): BookingStatus {
  if (!booking.instant) return 'quotation_request';
  return booking.paysByProvider ? 'payment_required' : 'completed';
}

/**
 * Gives a booking's held stock back (its hold expired, its payment failed, it is cancelled), in
 * the caller's transaction, if it still holds it; the status is left as it is. The booking row
 * must be locked by the caller. Returns whether anything was given back.
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
