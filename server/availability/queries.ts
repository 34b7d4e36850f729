import 'server-only';
import { and, asc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { availabilitySlots, offers, tours } from '@/server/db/schema';
import { dubaiInstant, dubaiToday, isPastCutOff, type StockMode } from '@/server/shared/availability/rules';

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

type OfferRow = Omit<OfferAvailability, 'days'>;
type SlotRow = { offerId: string; date: string; time: string; left: number; leftAdults: number | null; leftChildren: number | null };
/** An offer's columns with one of its slots in the range, or none (a left join). */
type OfferSlotRow = OfferRow & { slot: Omit<SlotRow, 'offerId'> | null };

const offerColumns = {
  offerId: offers.id,
  stockMode: offers.stockMode,
  minPeople: offers.minPeople,
  cutOffHours: offers.cutOffHours,
  hasLiveAvailability: offers.hasLiveAvailability,
};

/**
 * One active offer of an active tour with its slots in the range, or null when there is none. One
 * query (the offer left-joined to its slots): the picker asks for a month on every step, and on
 * the embedded database every query waits its turn.
 */
export async function loadOfferAvailability(db: Database, offerId: string, range: DateRange, now: Date): Promise<OfferAvailability | null> {
  const rows = await offersWithSlots(db, and(eq(offers.id, offerId), eq(offers.isActive, true), eq(tours.isActive, true)), range, now);
  const [availability] = groupByOffer(rows, now);
  return availability ?? null;
}

/** Every active offer of an active tour, in display order, or null when the tour is unknown. */
export async function loadTourAvailability(db: Database, tourId: string, range: DateRange, now: Date): Promise<OfferAvailability[] | null> {
  const [tour] = await db
    .select({ id: tours.id })
    .from(tours)
    .where(and(eq(tours.id, tourId), eq(tours.isActive, true)))
    .limit(1);
  if (!tour) return null;
  return groupByOffer(await offersWithSlots(db, and(eq(offers.tourId, tour.id), eq(offers.isActive, true)), range, now), now);
}

/** The offers that `where` picks, each with its slots in the range (live offers only), in display then slot order. */
async function offersWithSlots(db: Database, where: SQL | undefined, range: DateRange, now: Date): Promise<OfferSlotRow[]> {
  // Nothing before today in Dubai is bookable, whatever the caller asks for.
  const from = range.from < dubaiToday(now) ? dubaiToday(now) : range.from;
  return db
    .select({
      ...offerColumns,
      slot: {
        date: availabilitySlots.date,
        time: availabilitySlots.startTime,
        left: availabilitySlots.left,
        leftAdults: availabilitySlots.leftAdults,
        leftChildren: availabilitySlots.leftChildren,
      },
    })
    .from(offers)
    .innerJoin(tours, eq(tours.id, offers.tourId))
    .leftJoin(
      availabilitySlots,
      and(
        eq(availabilitySlots.offerId, offers.id),
        eq(offers.hasLiveAvailability, true),
        gte(availabilitySlots.date, from),
        lte(availabilitySlots.date, range.to),
      ),
    )
    .where(where)
    .orderBy(asc(offers.position), asc(offers.id), asc(availabilitySlots.date), asc(availabilitySlots.startTime));
}

/** Groups the joined rows by offer (first-seen order) and date, leaving out slots already started. */
function groupByOffer(rows: OfferSlotRow[], now: Date): OfferAvailability[] {
  const byOffer = new Map<string, OfferAvailability>();
  for (const { slot, ...offer } of rows) {
    let availability = byOffer.get(offer.offerId);
    if (!availability) {
      availability = { ...offer, days: [] };
      byOffer.set(offer.offerId, availability);
    }
    if (!slot) continue;
    const { date, time, left, leftAdults, leftChildren } = slot;
    // A slot that has already started cannot be booked, not even as a request.
    if (dubaiInstant(date, time).getTime() <= now.getTime()) continue;
    let day = availability.days.at(-1);
    if (day?.date !== date) {
      day = { date, slots: [] };
      availability.days.push(day);
    }
    const pastCutOff = isPastCutOff(date, time, offer.cutOffHours, now);
    day.slots.push({ time, left, leftAdults, leftChildren, pastCutOff });
  }
  return [...byOffer.values()];
}
