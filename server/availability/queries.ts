import 'server-only';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { preparedPerDatabase } from '@/server/db/prepared';
import { availabilitySlots, offers, tours } from '@/server/db/schema';
import { dubaiInstant, dubaiToday, isPastCutOff, type StockMode } from '@/shared/availability/rules';

// Live availability for the date picker and spec §7's ByOffer/ByTour calls. Never cached: stock
// changes with every booking.

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
};

/** A slot as the query returns it: date, time, left, left adults, left children. */
type SlotTuple = [date: string, time: string, left: number, leftAdults: number | null, leftChildren: number | null];
type OfferRow = Omit<OfferAvailability, 'days'> & { slots: SlotTuple[] };

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
 * One active offer of an active tour with its slots in the range, or null when there is none. One
 * prepared query: the picker asks for a month on every step, and on the embedded database every
 * query waits its turn.
 */
export async function loadOfferAvailability(db: Database, offerId: string, range: DateRange, now: Date): Promise<OfferAvailability | null> {
  const [offer] = await offerWithSlots(db).execute({ offerId, ...bookableRange(range, now) });
  return offer ? withDays(offer, now) : null;
}

/** Every active offer of an active tour, in display order, or null when the tour is unknown. */
export async function loadTourAvailability(db: Database, tourId: string, range: DateRange, now: Date): Promise<OfferAvailability[] | null> {
  const [tour] = await db
    .select({ id: tours.id })
    .from(tours)
    .where(and(eq(tours.id, tourId), eq(tours.isActive, true)))
    .limit(1);
  if (!tour) return null;
  const rows = await tourOffersWithSlots(db).execute({ tourId: tour.id, ...bookableRange(range, now) });
  return rows.map((offer) => withDays(offer, now));
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
      slots: slotsInRange,
    })
    .from(offers)
    .innerJoin(tours, eq(tours.id, offers.tourId))
    .where(where)
    .orderBy(asc(offers.position), asc(offers.id));
}

/** The offer's slots grouped by date, leaving out slots already started. */
function withDays({ slots, ...offer }: OfferRow, now: Date): OfferAvailability {
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
