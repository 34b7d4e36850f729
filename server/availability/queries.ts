import 'server-only';
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
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

const offerColumns = {
  offerId: offers.id,
  stockMode: offers.stockMode,
  minPeople: offers.minPeople,
  cutOffHours: offers.cutOffHours,
  hasLiveAvailability: offers.hasLiveAvailability,
};

/** One active offer of an active tour with its slots in the range, or null when there is none. */
export async function loadOfferAvailability(db: Database, offerId: string, range: DateRange, now: Date): Promise<OfferAvailability | null> {
  const [offer] = await db
    .select(offerColumns)
    .from(offers)
    .innerJoin(tours, eq(tours.id, offers.tourId))
    .where(and(eq(offers.id, offerId), eq(offers.isActive, true), eq(tours.isActive, true)))
    .limit(1);
  if (!offer) return null;
  const [availability] = await withSlots(db, [offer], range, now);
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
  const offerRows = await db
    .select(offerColumns)
    .from(offers)
    .where(and(eq(offers.tourId, tour.id), eq(offers.isActive, true)))
    .orderBy(asc(offers.position));
  return withSlots(db, offerRows, range, now);
}

/** Reads the slots of all live offers in one query and groups them by offer and date. */
async function withSlots(db: Database, offerRows: OfferRow[], range: DateRange, now: Date): Promise<OfferAvailability[]> {
  // Nothing before today in Dubai is bookable, whatever the caller asks for.
  const from = range.from < dubaiToday(now) ? dubaiToday(now) : range.from;
  const liveIds = offerRows.filter((offer) => offer.hasLiveAvailability).map((offer) => offer.offerId);
  const rows: SlotRow[] =
    liveIds.length === 0 || from > range.to
      ? []
      : await db
          .select({
            offerId: availabilitySlots.offerId,
            date: availabilitySlots.date,
            time: availabilitySlots.startTime,
            left: availabilitySlots.left,
            leftAdults: availabilitySlots.leftAdults,
            leftChildren: availabilitySlots.leftChildren,
          })
          .from(availabilitySlots)
          .where(and(inArray(availabilitySlots.offerId, liveIds), gte(availabilitySlots.date, from), lte(availabilitySlots.date, range.to)))
          .orderBy(asc(availabilitySlots.offerId), asc(availabilitySlots.date), asc(availabilitySlots.startTime));

  const daysByOffer = new Map<string, AvailabilityDay[]>();
  const cutOffByOffer = new Map(offerRows.map((offer) => [offer.offerId, offer.cutOffHours]));
  for (const { offerId, date, time, left, leftAdults, leftChildren } of rows) {
    // A slot that has already started cannot be booked, not even as a request.
    if (dubaiInstant(date, time).getTime() <= now.getTime()) continue;
    const days = daysByOffer.get(offerId) ?? [];
    if (!daysByOffer.has(offerId)) daysByOffer.set(offerId, days);
    let day = days.at(-1);
    if (day?.date !== date) {
      day = { date, slots: [] };
      days.push(day);
    }
    const pastCutOff = isPastCutOff(date, time, cutOffByOffer.get(offerId) ?? 0, now);
    day.slots.push({ time, left, leftAdults, leftChildren, pastCutOff });
  }
  return offerRows.map((offer) => ({ ...offer, days: daysByOffer.get(offer.offerId) ?? [] }));
}
