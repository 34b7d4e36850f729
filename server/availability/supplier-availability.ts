import 'server-only';
import type { SupplierSlot } from '@/server/suppliers/connector';
import { breakerState } from '@/server/suppliers/breaker';
import { supplierConnector } from '@/server/suppliers/connectors';
import { isSupplierDown, isSupplierError } from '@/server/suppliers/errors';
import type { SupplierAnswer, SupplierDaySlot, SupplierOfferRef, SupplierSlotsSource } from './queries';
import { ShortCache } from './short-cache';

// A supplier-backed offer's slots come from the supplier, through its connector (timeout and
// circuit breaker per supplier), mapped to our slot shape and kept briefly per offer and range
// (docs/suppliers.md "Availability from suppliers"). A supplier that is down or answers nonsense
// never fails the picker: the offer is answered "on request" for that view.

/** Seats we show for a free-sale slot (the supplier gives no count): more than any booking may take. */
export const FREE_SALE_LEFT = 9_999;

/** How long a supplier's answer is served as fresh: one call per offer and month every 30 s at most. */
export const SUPPLIER_AVAILABILITY_TTL_MS = 30_000;

/** Offer-months kept: a few hundred supplier offers' current and next months. */
const MAX_ENTRIES = 1_000;

/**
 * How long past its window an answer is still served while the next loads (so never older than
 * 60 s): a busy offer's pickers do not wait for the refresh of a supplier that is answering.
 */
const STALE_MS = 30_000;

/** Pickers arriving within this long of a supplier call's start share it; later ones do not wait for it. */
const JOIN_WINDOW_MS = 250;

const cache = new ShortCache<SupplierDaySlot[]>({ ttlMs: SUPPLIER_AVAILABILITY_TTL_MS, staleMs: STALE_MS, maxEntries: MAX_ENTRIES });

/**
 * The supplier's slots of an offer from `from` to `to`, from the short cache or the supplier. A
 * supplier failure answers `ok: false` (never throws): the caller shows the offer on request. Only
 * the pickers that start a call to a supplier believed healthy (or arrive within JOIN_WINDOW_MS of
 * its start) wait for it, at most its connector's timeout; everyone else answers at once.
 */
export const supplierSlots: SupplierSlotsSource = async (db, offer, range) => {
  const key = `${offer.offerId}|${offer.supplierProductId}|${offer.supplierOptionId}|${range.from}|${range.to}`;
  const load = async () => {
    const connector = await supplierConnector(db, offer.supplierId);
    const answer = await connector.availability({ productId: offer.supplierProductId, optionId: offer.supplierOptionId }, range);
    return toDaySlots(answer, offer.availabilityType);
  };
  const fresh = cache.fresh(key);
  if (fresh) return { ok: true, slots: fresh };
  // While the supplier's breaker is not closed (open, or letting its one trial call through)
  // nobody waits for it: the offer is on request at once, and the trial call, if it is time for
  // one, fills the cache in the background when the supplier answers again.
  if (breakerState(offer.supplierId).state !== 'closed') {
    inBackground(offer, cache.get(key, load));
    return SUPPLIER_UNAVAILABLE;
  }
  // A healthy supplier's answer just past its window is served while the next one loads.
  const stale = cache.stale(key);
  if (stale !== undefined) {
    inBackground(offer, cache.get(key, load));
    return { ok: true, slots: stale };
  }
  // A call already under way for a while is not joined: its askers wait out the supplier's
  // timeout, and a picker arriving late need not. (Pickers arriving together share the call.)
  const loadingFor = cache.loadingFor(key);
  if (loadingFor !== null && loadingFor > JOIN_WINDOW_MS) return SUPPLIER_UNAVAILABLE;
  try {
    return { ok: true, slots: await cache.get(key, load) };
  } catch (error) {
    reportFailure(offer, error);
    return SUPPLIER_UNAVAILABLE;
  }
};

const SUPPLIER_UNAVAILABLE: SupplierAnswer = { ok: false, reason: 'supplierUnavailable' };

/** A supplier call nobody awaits: its failure is reported, not lost. */
function inBackground(offer: SupplierOfferRef, call: Promise<unknown>): void {
  call.catch((error: unknown) => {
    if (isSupplierError(error)) reportFailure(offer, error);
    else console.error('[suppliers] availability failed', error);
  });
}

/**
 * Down (timeout, unreachable, breaker open) is expected and already counted by the breaker;
 * anything else a supplier says (a refused key, an unknown product, an answer we cannot read) is
 * the operator's to mend, so it is logged. An error that is not the supplier's is our bug: thrown.
 */
function reportFailure(offer: SupplierOfferRef, error: unknown): void {
  if (!isSupplierError(error)) throw error;
  if (!isSupplierDown(error)) console.warn('[suppliers] availability refused', { offerId: offer.offerId, code: error.code, error: error.error });
}

/** Forgets an offer's cached months: after a booking of it, the next picker asks the supplier again. */
export function forgetSupplierAvailability(offerId: string): void {
  cache.forget(`${offerId}|`);
}

/** Empties the cache (tests). */
export function clearSupplierAvailabilityCache(): void {
  cache.clear();
}

/**
 * The supplier's slots in our terms, in date and time order: a closed slot is left out; a sold-out
 * one has none left; no vacancy count is free sale. An opening-hours product is one slot a day (the
 * time it opens), bookable until it closes.
 */
export function toDaySlots(slots: readonly SupplierSlot[], availabilityType: SupplierOfferRef['availabilityType']): SupplierDaySlot[] {
  const mapped: SupplierDaySlot[] = [];
  const days = new Set<string>();
  const ordered = [...slots].sort((a, b) => (a.date === b.date ? a.startTime.localeCompare(b.startTime) : a.date.localeCompare(b.date)));
  for (const slot of ordered) {
    if (slot.status === 'closed') continue;
    const left = slot.status === 'sold_out' ? 0 : slot.vacancies === null ? FREE_SALE_LEFT : Math.max(0, slot.vacancies);
    if (availabilityType === 'opening_hours') {
      if (days.has(slot.date)) continue;
      days.add(slot.date);
      const opens = slot.openingHours[0]?.from ?? slot.startTime;
      const closes = slot.openingHours.at(-1)?.to ?? '23:59';
      mapped.push({ date: slot.date, time: opens.slice(0, 5), bookableUntil: closes.slice(0, 5), left });
    } else {
      const time = slot.startTime.slice(0, 5);
      mapped.push({ date: slot.date, time, bookableUntil: time, left });
    }
  }
  return mapped;
}
