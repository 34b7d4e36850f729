import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '@/server/db/connection';
import { availabilitySlots, cities, countries, hotels, offers, pickUpTimes, tours, type LocalizedText } from '@/server/db/schema';
import type { SlotStock, StockMode } from '@/shared/availability/rules';
import type { CancellationPolicy, PickUpMode } from '@/shared/bookings/offer-terms';
import type { OfferPrices } from '@/shared/catalog/prices';
import { offerPriceColumns } from '@/server/catalog/offer-price-columns';

// What checkout and the booking transaction need to know about the offer being booked.

export type BookableOffer = {
  offerId: string;
  offerName: LocalizedText;
  tourId: string;
  tourSlug: string;
  tourTitle: LocalizedText;
  durationMinutes: number;
  countryId: string;
  cityName: LocalizedText;
  stockMode: StockMode;
  availabilityType: 'start_time' | 'opening_hours';
  hasLiveAvailability: boolean;
  minPeople: number;
  cutOffHours: number;
  pickUpCity: { id: string; name: LocalizedText } | null;
  pickUp: PickUpMode;
  cancellationPolicy: CancellationPolicy;
  b2b: OfferPrices;
  retail: OfferPrices;
  /** The supplier whose option this offer sells (its slots are the supplier's, asked live); null for our own. */
  supplierId: string | null;
};

/**
 * A BookableOffer's columns (the pick-up city by id), of `offers` joined with its tour and the
 * tour's city: for a caller that reads the offer within a query of its own (a reseller's
 * reservation reads it with the slot and the agency's attempt, server/octo-api).
 */
export const bookableOfferColumns = {
  offerId: offers.id,
  offerName: offers.name,
  tourId: tours.id,
  tourSlug: tours.slug,
  tourTitle: tours.title,
  durationMinutes: tours.durationMinutes,
  countryId: cities.countryId,
  cityName: cities.name,
  stockMode: offers.stockMode,
  availabilityType: offers.availabilityType,
  hasLiveAvailability: offers.hasLiveAvailability,
  minPeople: offers.minPeople,
  cutOffHours: offers.cutOffHours,
  pickUpCityId: offers.pickUpCityId,
  pickUp: offers.pickUp,
  cancellationPolicy: offers.cancellationPolicy,
  supplierId: offers.supplierId,
  ...offerPriceColumns,
};

/** An active offer of an active tour, or null. */
export async function loadBookableOffer(db: Database | Transaction, offerId: string): Promise<BookableOffer | null> {
  const [row] = await db
    .select(bookableOfferColumns)
    .from(offers)
    .innerJoin(tours, eq(tours.id, offers.tourId))
    .innerJoin(cities, eq(cities.id, tours.cityId))
    .where(and(eq(offers.id, offerId), eq(offers.isActive, true), eq(tours.isActive, true)))
    .limit(1);
  if (!row) return null;
  const { pickUpCityId, ...offer } = row;
  return { ...offer, pickUpCity: pickUpCityId ? await loadCity(db, pickUpCityId) : null };
}

async function loadCity(db: Database | Transaction, cityId: string) {
  const [city] = await db.select({ id: cities.id, name: cities.name }).from(cities).where(eq(cities.id, cityId)).limit(1);
  return city ?? null;
}

export type SlotRow = SlotStock & { id: string; date: string; startTime: string };

/** The slot of an offer at a date and start time, or null. */
export async function loadSlot(db: Database | Transaction, offerId: string, date: string, time: string): Promise<SlotRow | null> {
  const [slot] = await db
    .select({
      id: availabilitySlots.id,
      date: availabilitySlots.date,
      startTime: availabilitySlots.startTime,
      left: availabilitySlots.left,
      leftAdults: availabilitySlots.leftAdults,
      leftChildren: availabilitySlots.leftChildren,
    })
    .from(availabilitySlots)
    .where(and(eq(availabilitySlots.offerId, offerId), eq(availabilitySlots.date, date), eq(availabilitySlots.startTime, time)))
    .limit(1);
  return slot ?? null;
}

export type PickUpHotel = { id: string; name: string; area: string | null; cityId: string; cityName: LocalizedText; pickUpTime: string | null };

/**
 * The hotel list of the tour's country (spec §3), each with its pick-up time for the tour's start
 * time when one is known.
 */
export async function loadPickUpHotels(db: Database, offer: BookableOffer, startTime: string | null): Promise<PickUpHotel[]> {
  const rows = await db
    .select({
      id: hotels.id,
      name: hotels.name,
      area: hotels.area,
      cityId: hotels.cityId,
      cityName: cities.name,
      citySort: cities.sortOrder,
      pickUpTime: pickUpTimes.pickUpTime,
    })
    .from(hotels)
    .innerJoin(cities, eq(cities.id, hotels.cityId))
    .innerJoin(countries, eq(countries.id, hotels.countryId))
    .leftJoin(
      pickUpTimes,
      and(eq(pickUpTimes.hotelId, hotels.id), eq(pickUpTimes.tourId, offer.tourId), eq(pickUpTimes.startTime, startTime ?? '')),
    )
    .where(eq(hotels.countryId, offer.countryId))
    .orderBy(asc(cities.sortOrder), asc(hotels.name));
  return rows.map(({ citySort: _citySort, ...hotel }) => hotel);
}

/** The pick-up time of a hotel for a tour's start time (spec §7 /pickuptimes/value). */
export async function lookUpPickUpTime(db: Database | Transaction, tourId: string, hotelId: string, startTime: string | null): Promise<string | null> {
  if (!startTime) return null;
  const [row] = await db
    .select({ pickUpTime: pickUpTimes.pickUpTime })
    .from(pickUpTimes)
    .where(and(eq(pickUpTimes.tourId, tourId), eq(pickUpTimes.hotelId, hotelId), eq(pickUpTimes.startTime, startTime)))
    .limit(1);
  return row?.pickUpTime ?? null;
}
