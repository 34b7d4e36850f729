// What an amendment of a booking may change, and what it costs or gives back. Pure: the booking
// page's preview and the amendment's transaction apply exactly these figures to exactly these rules.
import 'server-only';
import type { AmendmentState } from '@/server/db/schema';
import { RuleViolation } from '@/server/errors';
import type { Settings } from '@/server/settings/defaults';
import { dubaiInstant, type GuestCounts, isPastCutOff, type SlotStock, type StockMode, stockProblem, stockTaken } from '@/shared/availability/rules';
import type { AmendmentChange } from '@/shared/bookings/amendment-schema';
import type { BookingCancellationPolicy } from '@/shared/bookings/offer-terms';
import { quoteBooking } from '@/shared/bookings/pricing';
import type { OfferPrices } from '@/shared/catalog/prices';
import { type RefundQuote, refundQuote } from './refund-rules';

/** How the difference is settled: the booking's own way of paying (its balance, or its provider's method). */
export type AmendmentMethod = 'balance' | 'card' | 'crypto' | 'sbp';

/** The booking as an amendment reads it (locked, in the amendment's transaction). */
export type AmendableBooking = {
  status: string;
  paymentMethod: string;
  supplierId: string | null;
  widgetId: string | null;
  slotId: string | null;
  holdsStock: boolean;
  documentIssue: number;
  tourDate: string;
  startTime: string | null;
  adults: number;
  children: number;
  infants: number;
  guestName: string;
  guestPhone: string;
  guestEmail: string;
  guestNames: string[] | null;
  netTotalMinor: number;
  publishedTotalMinor: number;
  discountMinor: number;
  policy: BookingCancellationPolicy;
  /** The promo's percent the booking was sold with (0 without one). */
  percentOff: number;
};

/** The offer as an amendment prices it: today's prices by the checkout's one pricing function. */
export type AmendableOffer = {
  hasLiveAvailability: boolean;
  cutOffHours: number;
  minPeople: number;
  stockMode: StockMode;
  b2b: OfferPrices;
  retail: OfferPrices;
};

/** The slot the booking moves to, as read (its stock checked again, under lock, when taken). */
export type TargetSlot = SlotStock & { id: string; date: string; startTime: string };

export type AmendmentQuote = {
  /** The documents' issue the quote was made against. */
  issue: number;
  from: AmendmentState;
  to: AmendmentState;
  method: AmendmentMethod;
  /** The new NET less the old, AED fils. */
  differenceMinor: number;
  /**
   * What moves: positive is paid by the agency (the whole increase), negative is given back (the
   * refund tier's share of the decrease, less the processing fee); 0 when nothing is owed.
   */
  settledMinor: number;
  /** A decrease's refund, by refund-rules.ts's tiers and fee; null for an increase or no change. */
  refund: RefundQuote | null;
  /** Whether the booking's tickets move between slots or counts (the stock is given back and taken again). */
  movesStock: boolean;
};

/** The booking's methods an amendment can settle; cash and requests have nothing to charge or refund. */
export function amendmentMethod(paymentMethod: string): AmendmentMethod | null {
  return paymentMethod === 'balance' || paymentMethod === 'card' || paymentMethod === 'crypto' || paymentMethod === 'sbp' ? paymentMethod : null;
}

export function stateOf(booking: AmendableBooking, slotId: string | null): AmendmentState {
  return {
    tourDate: booking.tourDate,
    startTime: booking.startTime,
    slotId,
    adults: booking.adults,
    children: booking.children,
    infants: booking.infants,
    guestName: booking.guestName,
    guestPhone: booking.guestPhone,
    guestEmail: booking.guestEmail,
    guestNames: booking.guestNames ?? [],
    netTotalMinor: booking.netTotalMinor,
    publishedTotalMinor: booking.publishedTotalMinor,
    discountMinor: booking.discountMinor,
  };
}

/**
 * Whether this booking can be amended at all, and why not (a message key under
 * `amendments.errors`): only a confirmed booking of our own live inventory, before its own cut-off,
 * paid in a way the difference can go back through.
 */
export function amendRefusal(
  booking: Pick<AmendableBooking, 'status' | 'supplierId' | 'widgetId' | 'slotId' | 'paymentMethod' | 'tourDate' | 'startTime'>,
  offer: Pick<AmendableOffer, 'hasLiveAvailability' | 'cutOffHours'>, now: Date): string | null {
  if (booking.status !== 'completed') return 'notConfirmed';
  if (booking.supplierId) return 'supplier';
  if (booking.widgetId) return 'widget';
  if (!offer.hasLiveAvailability || !booking.slotId) return 'noLiveAvailability';
  if (!amendmentMethod(booking.paymentMethod)) return 'method';
  if (isPastCutOff(booking.tourDate, booking.startTime, offer.cutOffHours, now)) return 'cutOffPassed';
  return null;
}

/**
 * Prices and checks an amendment. The new total is what the checkout would charge for the new
 * guests today (`quoteBooking`, with the booking's promo percent); when the counts stay the same
 * the booking keeps the total it was sold at, so a new date or a corrected name costs nothing.
 * An increase is paid whole; a decrease gives back the refund tier's share of it (by hours left
 * before the booked start, the booking's own policy), less the processing fee — as cancelling
 * that part would.
 */
export function quoteAmendment(
  booking: AmendableBooking,
  offer: AmendableOffer,
  change: AmendmentChange,
  slot: TargetSlot | null,
  settings: Pick<Settings, 'refundProcessingFeePercent'>,
  now: Date,
): AmendmentQuote {
  const refusal = amendRefusal(booking, offer, now);
  if (refusal) throw new RuleViolation(`amendments.errors.${refusal}`);
  if (!slot || dubaiInstant(slot.date, slot.startTime).getTime() <= now.getTime()) throw new RuleViolation('checkout.noSlot', {}, 'time');
  if (isPastCutOff(slot.date, slot.startTime, offer.cutOffHours, now)) throw new RuleViolation('availability.cutOffPassed', {}, 'date');

  const counts: GuestCounts = { adults: change.adults, children: change.children, infants: change.infants };
  const sameCounts = counts.adults === booking.adults && counts.children === booking.children && counts.infants === booking.infants;
  const movesStock = !sameCounts || slot.id !== booking.slotId;
  // The booking's own tickets count as free in its own slot: they are given back before the take.
  const available = slot.id === booking.slotId && booking.holdsStock ? withOwnTickets(slot, offer.stockMode, booking) : slot;
  const problem = stockProblem(offer.stockMode, available, counts, offer.minPeople);
  if (problem?.code === 'minPeople') throw new RuleViolation('availability.minPeople', { min: problem.min }, 'adults');
  if (problem && movesStock) throw new RuleViolation('availability.soldOut', { max: problem.max }, 'adults');

  const priced = sameCounts
    ? { netTotalMinor: booking.netTotalMinor, publishedTotalMinor: booking.publishedTotalMinor, discountMinor: booking.discountMinor }
    : quoteBooking(offer, counts, booking.percentOff);
  const tickets = counts.adults + counts.children + counts.infants;
  const to: AmendmentState = {
    tourDate: slot.date,
    startTime: slot.startTime,
    slotId: slot.id,
    ...counts,
    guestName: change.guestName,
    guestPhone: change.guestPhone,
    guestEmail: change.guestEmail.toLowerCase(),
    // One name per ticket; an empty one (or a ticket beyond the list) prints the lead guest.
    guestNames: change.guestNames.slice(0, tickets).map((name) => name.trim()),
    netTotalMinor: priced.netTotalMinor,
    publishedTotalMinor: priced.publishedTotalMinor,
    discountMinor: priced.discountMinor,
  };
  const from = stateOf(booking, booking.slotId);
  if (sameState(from, to)) throw new RuleViolation('amendments.errors.nothingChanged');

  const differenceMinor = to.netTotalMinor - from.netTotalMinor;
  const refund =
    differenceMinor < 0 ? refundQuote({ paidMinor: -differenceMinor, tourDate: booking.tourDate, startTime: booking.startTime, policy: booking.policy }, settings, now) : null;
  return {
    issue: booking.documentIssue,
    from,
    to,
    method: amendmentMethod(booking.paymentMethod)!,
    differenceMinor,
    settledMinor: refund ? -refund.refundMinor : differenceMinor,
    refund,
    movesStock,
  };
}

function withOwnTickets(slot: TargetSlot, mode: StockMode, counts: GuestCounts): TargetSlot {
  const own = stockTaken(mode, counts);
  return {
    ...slot,
    left: slot.left + own.left,
    leftAdults: slot.leftAdults === null ? null : slot.leftAdults + own.leftAdults,
    leftChildren: slot.leftChildren === null ? null : slot.leftChildren + own.leftChildren,
  };
}

function sameState(a: AmendmentState, b: AmendmentState): boolean {
  // Empty names at the end print the lead guest, as a missing one does.
  const names = (state: AmendmentState) => {
    const list = [...state.guestNames];
    while (list.at(-1) === '') list.pop();
    return JSON.stringify(list);
  };
  return (
    a.slotId === b.slotId &&
    a.adults === b.adults &&
    a.children === b.children &&
    a.infants === b.infants &&
    a.guestName === b.guestName &&
    a.guestPhone === b.guestPhone &&
    a.guestEmail === b.guestEmail &&
    names(a) === names(b)
  );
}
