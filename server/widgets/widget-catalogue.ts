import 'server-only';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Locale } from '@/i18n/locales';
import type { Database, Transaction } from '@/server/db/connection';
import { offers, tours } from '@/server/db/schema';
import type { OfferPrices } from '@/server/shared/catalog/prices';
import type { WidgetOfferCost } from '@/server/shared/widgets/widget-schema';

// The offers a widget may sell: live offers of live tours (without a required hotel pick-up), with their b2b cost (what the agency
// pays) and the recommended retail price (a sensible first sale price).

export type WidgetOfferChoice = {
  offerId: string;
  tourId: string;
  tourTitle: string;
  offerName: string;
  b2b: OfferPrices;
  retail: OfferPrices;
};

const CHOICE_COLUMNS = {
  offerId: offers.id,
  tourId: tours.id,
  tourTitle: tours.title,
  offerName: offers.name,
  adult: offers.pricePerAdult,
  child: offers.pricePerChild,
  trip: offers.pricePerTrip,
  recAdult: offers.recPricePerAdult,
  recChild: offers.recPricePerChild,
  recTrip: offers.recPricePerTrip,
};

async function loadSellableOffers(db: Database | Transaction) {
  return db
    .select(CHOICE_COLUMNS)
    .from(offers)
    .innerJoin(tours, eq(tours.id, offers.tourId))
    // A guest on a widget site chooses no hotel, which an offer with pick-up included needs.
    .where(and(eq(offers.isActive, true), eq(tours.isActive, true), ne(offers.pickUp, 'included')))
    .orderBy(asc(tours.slug), asc(offers.position));
}

/** Every sellable offer for the editor's offer table, named in the editor's language. Admins only (the caller checks). */
export async function listWidgetOfferChoices(db: Database, locale: Locale): Promise<WidgetOfferChoice[]> {
  const rows = await loadSellableOffers(db);
  return rows.map((row) => ({
    offerId: row.offerId,
    tourId: row.tourId,
    tourTitle: row.tourTitle[locale],
    offerName: row.offerName[locale],
    b2b: { adult: row.adult, child: row.child, trip: row.trip },
    retail: { adult: row.recAdult, child: row.recChild, trip: row.recTrip },
  }));
}

/** The same offers as the save's minimum-price rule needs them. */
export async function loadWidgetCatalogue(db: Database | Transaction): Promise<Map<string, WidgetOfferCost>> {
  const rows = await loadSellableOffers(db);
  return new Map(rows.map((row) => [row.offerId, { tourId: row.tourId, b2b: { adult: row.adult, child: row.child, trip: row.trip } }]));
}
