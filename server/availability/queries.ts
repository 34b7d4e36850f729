import 'server-only';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { preparedPerDatabase } from '@/server/db/prepared';
import { availabilitySlots, offers, type SupplierUnitMap, tours } from '@/server/db/schema';
import { dubaiInstant, dubaiToday, isPastCutOff, type StockMode } from '@/shared/availability/rules';

// Live availability for the date picker and spec §7's ByOffer/ByTour calls. Our own stock is never
// cached: it changes with every booking. A supplier-backed offer's slots come from a supplier
// source the caller gives (./offer-availability.ts gives ./supplier-availability.ts, kept for
// seconds; a supplier that cannot answer makes the offer "on request" for that view). This module
// does not import the suppliers' code: our own inventory's connector reads its slots here.

export type DateRange = { from: string; to: string };

export type AvailabilitySlot = {
  /** Local start time in Asia/Dubai, `HH:mm`. */
  time: string;
  left: number;
  /** `per_type` offers only. */
  leftAdults: number | null;
  leftChildren: number | null;
  /** Automatic confirmation has closed: a booking of this slot becomes a request. */
  pastCutOff: boolean;
};

export type AvailabilityDay = { date: string; slots: AvailabilitySlot[] };

export type OfferAvailability = {
  offerId: string;
  stockMode: StockMode;
  minPeople: number;
  cutOffHours: number;
  hasLiveAvailability: boolean;
  /** Dates (`yyyy-MM-dd`, ascending) with at least one slot; empty without live availability. */
  days: AvailabilityDay[];
  /**
   * Set when an offer that has live availability is answered on request for this view only: its
   * supplier could not be reached (`hasLiveAvailability` is then false and `days` empty).
   */
  onRequestReason?: 'supplierUnavailable';
};

/** A supplier's slot in our terms, before the clock (started, cut-off) is applied. */
export type SupplierDaySlot = {
  date: string;
  /** `HH:mm`: the start time, or the time it opens for an opening-hours ticket. */
  time: string;
  /** Until when it can still be booked: the start time, or the closing time of an opening-hours day. */
  bookableUntil: string;
  left: number;
};

/** What a supplier-backed offer needs its supplier asked about. */
export type SupplierOfferRef = {
  offerId: string;
  supplierId: string;
  supplierProductId: string;
  supplierOptionId: string;
  availabilityType: 'start_time' | 'opening_hours';
};

export type SupplierAnswer = { ok: true; slots: SupplierDaySlot[] } | { ok: false; reason: 'supplierUnavailable' };

/** Where a supplier-backed offer's slots come from; never throws for a supplier's failure. */
export type SupplierSlotsSource = (db: Database, offer: SupplierOfferRef, range: DateRange) => Promise<SupplierAnswer>;

/** A slot as the query returns it: date, time, left, left adults, left children. */
type SlotTuple = [date: string, time: string, left: number, leftAdults: number | null, leftChildren: number | null];
type OwnOfferRow = Omit<OfferAvailability, 'days' | 'onRequestReason'> & { slots: SlotTuple[] };
/** A supplier-backed offer's side: which supplier option it sells. */
type SupplierColumns = {
  supplierId: string;
  productId: string | null;
  optionId: string | null;
  units: SupplierUnitMap | null;
  availabilityType: 'start_time' | 'opening_hours';
};
/** `slots` is the offer's own slots, or for a supplier-backed offer (which has none) its supplier columns. */
type OfferRow = Omit<OwnOfferRow, 'slots'> & { slots: SlotTuple[] | SupplierColumns };

/**
 * An offer's slots from the `from` to the `to` placeholder (live offers only), in order, as one
 * JSON array (both drivers parse it): one row per offer instead of one per slot, which the
 * embedded database's driver decodes field by field (a month of slots cost it more than the query
 * itself).
 */
const slotsInRange = sql<SlotTuple[]>`coalesce((
  select json_agg(json_build_array(${availabilitySlots.date}, ${availabilitySlots.startTime}, ${availabilitySlots.left}, ${availabilitySlots.leftAdults}, ${availabilitySlots.leftChildren}) order by ${availabilitySlots.date}, ${availabilitySlots.startTime})
  from ${availabilitySlots}
  where ${availabilitySlots.offerId} = ${offers.id} and ${offers.hasLiveAvailability}
    and ${availabilitySlots.date} between ${sql.placeholder('from')} and ${sql.placeholder('to')}
), '[]')`;

/**
 * The `slots` field of the offers query: our own slots in the range, or for a supplier-backed
 * offer its supplier columns as one JSON object. One field either way: an own offer's row is
 * decoded exactly as before (the embedded database's driver decodes field by field, and five more
 * columns cost an own offer's month about a fifth more there; a sixth field, about a twentieth).
 */
const slotsOrSupplier = sql<SlotTuple[] | SupplierColumns>`case when ${offers.supplierId} is null then ${slotsInRange} else json_build_object(
  'supplierId', ${offers.supplierId}, 'productId', ${offers.supplierProductId}, 'optionId', ${offers.supplierOptionId},
  'units', ${offers.supplierUnits}, 'availabilityType', ${offers.availabilityType}) end`;

/**
 * One active offer of an active tour with its slots in the range, or null when there is none. One
 * prepared query: the picker asks for a month on every step, and on the embedded database every
 * query waits its turn.
 */
export async function loadOfferAvailability(
  db: Database,
  offerId: string,
  range: DateRange,
  now: Date,
  suppliers: SupplierSlotsSource | null = null,
): Promise<OfferAvailability | null> {
  const bookable = bookableRange(range, now);
  const [offer] = await offerWithSlots(db).execute({ offerId, ...bookable });
  return offer ? present(db, offer, bookable, now, suppliers) : null;
}

/** Every active offer of an active tour, in display order, or null when the tour is unknown. */
export async function loadTourAvailability(
  db: Database,
  tourId: string,
  range: DateRange,
  now: Date,
  suppliers: SupplierSlotsSource | null = null,
): Promise<OfferAvailability[] | null> {
  const [tour] = await db
    .select({ id: tours.id })
    .from(tours)
    .where(and(eq(tours.id, tourId), eq(tours.isActive, true)))
    .limit(1);
  if (!tour) return null;
  const bookable = bookableRange(range, now);
  const rows = await tourOffersWithSlots(db).execute({ tourId: tour.id, ...bookable });
  // A tour's supplier offers are asked at once, each bounded by its supplier's timeout.
  return Promise.all(rows.map((offer) => present(db, offer, bookable, now, suppliers)));
}

/**
 * An offer's availability from its row: our own slots as the query read them (the hot path: no
 * await), or a supplier-backed offer's from `suppliers` (on request without one). An offer not
 * sold live is on request whatever its source, and its supplier is not asked.
 */
function present(db: Database, row: OfferRow, range: DateRange, now: Date, suppliers: SupplierSlotsSource | null): OfferAvailability | Promise<OfferAvailability> {
  const { slots, ...offer } = row;
  if (Array.isArray(slots)) return withDays({ ...offer, slots }, now);
  const { supplierId, productId, optionId, units, availabilityType } = slots;
  // Not sold live, or not yet mapped to a supplier option: no supplier is asked.
  if (productId === null || optionId === null || !offer.hasLiveAvailability) return { ...offer, days: [] };
  if (!suppliers) return { ...offer, hasLiveAvailability: false, days: [], onRequestReason: 'supplierUnavailable' };
  return suppliers(db, { offerId: offer.offerId, supplierId, supplierProductId: productId, supplierOptionId: optionId, availabilityType }, range).then((answer) => {
    if (!answer.ok) return { ...offer, hasLiveAvailability: false, days: [], onRequestReason: answer.reason };
    return { ...offer, days: supplierDays(answer.slots, offer, units, now) };
  });
}

/** Nothing before today in Dubai is bookable, whatever the caller asks for. */
function bookableRange(range: DateRange, now: Date): DateRange {
  return { from: range.from < dubaiToday(now) ? dubaiToday(now) : range.from, to: range.to };
}

const offerWithSlots = preparedPerDatabase((db) =>
  offersWithSlots(db, and(eq(offers.id, sql.placeholder('offerId')), eq(offers.isActive, true), eq(tours.isActive, true))).prepare('offer_availability'),
);

const tourOffersWithSlots = preparedPerDatabase((db) =>
  offersWithSlots(db, and(eq(offers.tourId, sql.placeholder('tourId')), eq(offers.isActive, true))).prepare('tour_availability'),
);

/** The offers that `where` picks, in display order, each with its slots in the range. */
function offersWithSlots(db: Database, where: SQL | undefined) {
  return db
    .select({
      offerId: offers.id,
      stockMode: offers.stockMode,
      minPeople: offers.minPeople,
      cutOffHours: offers.cutOffHours,
      hasLiveAvailability: offers.hasLiveAvailability,
      slots: slotsOrSupplier,
    })
    .from(offers)
    .innerJoin(tours, eq(tours.id, offers.tourId))
    .where(where)
    .orderBy(asc(offers.position), asc(offers.id));
}

/** The offer's slots grouped by date, leaving out slots already started. */
function withDays({ slots, ...offer }: OwnOfferRow, now: Date): OfferAvailability {
  const days: AvailabilityDay[] = [];
  for (const [date, time, left, leftAdults, leftChildren] of slots) {
    // A slot that has already started cannot be booked, not even as a request.
    if (dubaiInstant(date, time).getTime() <= now.getTime()) continue;
    let day = days.at(-1);
    if (day?.date !== date) {
      day = { date, slots: [] };
      days.push(day);
    }
    const pastCutOff = isPastCutOff(date, time, offer.cutOffHours, now);
    day.slots.push({ time, left, leftAdults, leftChildren, pastCutOff });
  }
  return { ...offer, days };
}

/**
 * A supplier's slots grouped by date under the same rules as ours: a slot that can no longer be
 * booked (started, or an opening-hours day that has closed) is left out, and the cut-off counts
 * back from its time. The supplier's single count of seats covers adults and children alike
 * (OCTO counts vacancies per slot, not per unit).
 */
function supplierDays(
  slots: readonly SupplierDaySlot[],
  offer: Pick<OfferAvailability, 'stockMode' | 'cutOffHours'>,
  units: SupplierUnitMap | null,
  now: Date,
): AvailabilityDay[] {
  const days: AvailabilityDay[] = [];
  const perType = offer.stockMode === 'per_type';
  // Per type, a guest type the offer maps to none of the supplier's units cannot be sold.
  const sells = (unit: string | null | undefined) => (unit ? 1 : 0);
  for (const { date, time, bookableUntil, left } of slots) {
    if (dubaiInstant(date, bookableUntil).getTime() <= now.getTime()) continue;
    let day = days.at(-1);
    if (day?.date !== date) {
      day = { date, slots: [] };
      days.push(day);
    }
    const pastCutOff = isPastCutOff(date, time, offer.cutOffHours, now);
    const leftAdults = perType ? left * sells(units?.adult) : null;
    const leftChildren = perType ? left * sells(units?.child) : null;
    day.slots.push({ time, left, leftAdults, leftChildren, pastCutOff });
  }
  return days;
}
