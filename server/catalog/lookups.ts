import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import type { Database } from '@/server/db/connection';
import { cities, hotels, offers, tours, type LocalizedText } from '@/server/db/schema';
import type { OfferPrices } from '@/shared/catalog/prices';
import { convertFromAed, type DisplayCurrency } from '@/shared/money/money';
import { offerPriceColumns } from './offer-price-columns';
import { seesNetRates } from '@/server/auth/customer-view';

// The catalogue's small lookups of spec §7 that no page reads as such: the hotel list by country,
// an offer's or a tour's tickets, and offers' prices. Never cached: the API answers them as they are.

export type HotelRow = { id: string; name: string; area: string | null; cityId: string; cityName: LocalizedText };

/** Spec §3 "hotel list by country", in the order the checkout lists them. */
export async function listHotels(db: Database, countryId: string): Promise<HotelRow[]> {
  return db
    .select({ id: hotels.id, name: hotels.name, area: hotels.area, cityId: hotels.cityId, cityName: cities.name })
    .from(hotels)
    .innerJoin(cities, eq(cities.id, hotels.cityId))
    .where(eq(hotels.countryId, countryId))
    .orderBy(asc(cities.sortOrder), asc(hotels.name));
}

/** An offer as a ticket (spec §3 "ticket stock per offer"): its stock kind, minimum and prices. */
export type OfferTicket = {
  offerId: string;
  tourId: string;
  name: LocalizedText;
  /** One pool for every guest (spec: isSameTicketForAdultsAndChildren), else adult and child pools. */
  isSameTicketForAdultsAndChildren: boolean;
  minPeople: number;
  hasLiveAvailability: boolean;
  /** Recommended retail prices, AED fils. */
  retail: OfferPrices;
  /** B2b (NET) prices, AED fils; only for an agent whose role sees b2b rates, else null. */
  b2b: OfferPrices | null;
};

/**
 * The active offers of an active tour, found by the offer's id or the tour's, as tickets. The b2b
 * prices only for an agent who may see them (`rates:viewB2b`): the public call never gets them.
 */
export async function loadTickets(db: Database, by: { offerId: string } | { tourId: string }, principal: Principal | null): Promise<OfferTicket[]> {
  const rows = await db
    .select({
      offerId: offers.id,
      tourId: offers.tourId,
      name: offers.name,
      stockMode: offers.stockMode,
      minPeople: offers.minPeople,
      hasLiveAvailability: offers.hasLiveAvailability,
      ...offerPriceColumns,
    })
    .from(offers)
    .innerJoin(tours, eq(tours.id, offers.tourId))
    .where(and('offerId' in by ? eq(offers.id, by.offerId) : eq(offers.tourId, by.tourId), eq(offers.isActive, true), eq(tours.isActive, true)))
    .orderBy(asc(offers.position));
  const seesB2b = seesNetRates(principal);
  return rows.map(({ stockMode, b2b, ...row }) => ({ ...row, isSameTicketForAdultsAndChildren: stockMode !== 'per_type', b2b: seesB2b ? b2b : null }));
}

export type OfferPricesRow = { offerId: string; currency: DisplayCurrency; b2b: OfferPrices | null; recommended: OfferPrices };

/**
 * Spec §7 `offersPrices`: the b2b and recommended prices of the offers named, in minor units of
 * `currency` (converted from AED at the fixed rate). Prices do not vary by date here, so the
 * range only has to be a valid one. B2b prices only for a role that sees them.
 */
export async function loadOffersPrices(db: Database, principal: Principal, ids: string[], currency: DisplayCurrency): Promise<OfferPricesRow[]> {
  const tickets = await db
    .select({
      offerId: offers.id,
      ...offerPriceColumns,
    })
    .from(offers)
    .innerJoin(tours, eq(tours.id, offers.tourId))
    .where(and(inArray(offers.id, ids), eq(offers.isActive, true), eq(tours.isActive, true)));
  const seesB2b = seesNetRates(principal);
  const convert = (prices: OfferPrices): OfferPrices => ({
    adult: prices.adult === null ? null : convertFromAed(prices.adult, currency),
    child: prices.child === null ? null : convertFromAed(prices.child, currency),
    trip: prices.trip === null ? null : convertFromAed(prices.trip, currency),
  });
  return ids.flatMap((id) => {
    const row = tickets.find((ticket) => ticket.offerId === id);
    return row ? [{ offerId: id, currency, b2b: seesB2b ? convert(row.b2b) : null, recommended: convert(row.retail) }] : [];
  });
}
