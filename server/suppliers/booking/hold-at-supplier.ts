import 'server-only';
import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { bookings } from '@/server/db/schema';
import { RuleViolation } from '@/server/errors';
import type { GuestCounts } from '@/shared/availability/rules';
import type { SupplierSlot, UnitCounts } from '../connector';
import { supplierConnector } from '../connectors';
import { isSupplierDown, isSupplierError } from '../errors';
import { loadSupplierOffer, type SupplierOffer, supplierUnitCounts } from './supplier-offer';
import { supplierBookingUuid } from './supplier-booking-uuid';

// Checkout of a supplier's offer, before our booking transaction (docs/suppliers.md "Booking
// through a supplier"): the slot is asked of the supplier live — a booking never trusts the
// picker's cache — and its seats are reserved there (a hold with an expiry) before we write the
// booking, so we never sell a seat the supplier has not set aside. A supplier that is down or
// whose breaker is open makes the booking a request for the operator instead of an error.

/** The supplier's live slot for the chosen date and time, or the supplier being down. */
export type SupplierSlotCheck =
  | { kind: 'slot'; offer: SupplierOffer; availabilityId: string; startTime: string; vacancies: number | null; units: UnitCounts }
  | { kind: 'down'; offer: SupplierOffer; error: string };

/** Seats reserved at the supplier under our uuid, until `holdExpiresAt` (the supplier's word). */
export type SupplierHold = { supplierId: string; uuid: string; holdExpiresAt: Date | null };

/**
 * The offer's supplier slot for `date` at `time` (a start-time product), or the day's one (an
 * opening-hours ticket); null for an offer of our own inventory. Refuses with the checkout's
 * messages a slot the supplier does not have or cannot seat the guests in.
 */
export async function checkSupplierSlot(db: Database, offerId: string, selection: { date: string; time: string | null; counts: GuestCounts }): Promise<SupplierSlotCheck | null> {
  const offer = await loadSupplierOffer(db, offerId);
  if (!offer) return null;
  const units = supplierUnitCounts(offer.units, selection.counts);
  let slots: SupplierSlot[];
  try {
    const connector = await supplierConnector(db, offer.supplierId);
    slots = await connector.availability({ productId: offer.productId, optionId: offer.optionId }, { from: selection.date, to: selection.date }, units);
  } catch (error) {
    if (cannotBookNow(error)) return { kind: 'down', offer, error: describeSupplierError(error) };
    throw refusal(error);
  }
  const ofDay = slots.filter((slot) => slot.date === selection.date);
  const slot = offer.availabilityType === 'opening_hours' ? ofDay[0] : ofDay.find((candidate) => candidate.startTime === selection.time);
  if (!slot || slot.status === 'closed') throw new RuleViolation('checkout.noSlot', {}, 'time');
  const seats = units.reduce((sum, unit) => sum + unit.quantity, 0);
  if (slot.status === 'sold_out') throw new RuleViolation('availability.soldOut', { max: 0 }, 'adults');
  if (slot.vacancies !== null && slot.vacancies < seats) throw new RuleViolation('availability.soldOut', { max: slot.vacancies }, 'adults');
  return { kind: 'slot', offer, availabilityId: slot.availabilityId, startTime: slot.startTime, vacancies: slot.vacancies, units };
}

/**
 * Reserves the slot at the supplier under the uuid of this checkout (agency + idempotency key),
 * for `expirationMinutes`. Answers the hold, or `down` when the supplier cannot be reached (the
 * booking then becomes a request); a supplier that refuses refuses the checkout.
 */
export async function holdAtSupplier(
  db: Database,
  slot: Extract<SupplierSlotCheck, { kind: 'slot' }>,
  checkout: { agencyId: string; idempotencyKey: string; expirationMinutes: number; reference?: string },
): Promise<SupplierHold | { kind: 'down'; error: string }> {
  const uuid = supplierBookingUuid(checkout.agencyId, checkout.idempotencyKey);
  try {
    const connector = await supplierConnector(db, slot.offer.supplierId);
    const held = await connector.reserve({
      uuid,
      productId: slot.offer.productId,
      optionId: slot.offer.optionId,
      availabilityId: slot.availabilityId,
      units: slot.units,
      expirationMinutes: checkout.expirationMinutes,
    });
    return { supplierId: slot.offer.supplierId, uuid, holdExpiresAt: held.holdExpiresAt };
  } catch (error) {
    if (cannotBookNow(error)) return { kind: 'down', error: describeSupplierError(error) };
    throw refusal(error);
  }
}

/**
 * A hold whose booking was never written (the transaction refused: funds, a rule) is given back
 * at once rather than left to expire. A hold some booking row holds — the concurrent twin of this
 * checkout, under the same uuid — is that booking's and stays.
 */
export async function releaseUnusedHold(db: Database, hold: SupplierHold): Promise<void> {
  const [owner] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.supplierBookingUuid, hold.uuid)).limit(1);
  if (owner) return;
  try {
    await (await supplierConnector(db, hold.supplierId)).cancel(hold.uuid, 'Checkout not completed');
  } catch (error) {
    // The supplier's own expiry frees the seats anyway.
    console.warn('[suppliers] releasing an unused hold', hold.uuid, error);
  }
}

/**
 * The supplier is down, or answers in a way only the operator can mend (our key refused, an answer
 * we cannot read): the agent can do nothing about it, so the booking becomes a request.
 */
function cannotBookNow(error: unknown): boolean {
  return isSupplierDown(error) || (isSupplierError(error) && (error.code === 'unauthorized' || error.code === 'invalid_response'));
}

/** The checkout refusal for the supplier's "no" (unknown slot, sold out, rejected). */
function refusal(error: unknown): unknown {
  if (!isSupplierError(error)) return error;
  if (error.code === 'sold_out') return new RuleViolation('availability.soldOut', { max: 0 }, 'adults');
  return new RuleViolation('supplierBooking.reserveRefused');
}

/** What the operator reads of a supplier failure: its code and the supplier's own words. */
export function describeSupplierError(error: unknown): string {
  if (isSupplierError(error)) return [error.code, error.errorMessage ?? error.message].filter(Boolean).join(': ').slice(0, 500);
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}
