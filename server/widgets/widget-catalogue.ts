import 'server-only';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Locale } from '@/i18n/locales';
import type { Database, Transaction } from '@/server/db/connection';
import { offers, photos, tours } from '@/server/db/schema';
import { LOCALES } from '@/i18n/locales';
import type { OfferPrices } from '@/shared/catalog/prices';
import type { WidgetOfferCost } from '@/shared/widgets/widget-schema';

// The offers a widget may sell: live offers of live tours (without a required hotel pick-up), with their b2b cost (what the agency
// pays) and the recommended retail price (a sensible first sale price).

export type WidgetOfferChoice = {
  offerId: string;
  tourId: string;
  tourTitle: string;
  offerName: string;
  b2b: OfferPrices;
  retail: OfferPrices;
  /** What the widget's guests see of it, in either language the widget may speak (the editor's preview). */
  guest: WidgetOfferGuestView;
};

export type WidgetOfferGuestView = {
  tourSlug: string;
  durationMinutes: number;
  /** The tour photo at the offer's position, else the tour's first (spec §3), as the site shows it. */
  photoUrl: string | null;
  text: Record<Locale, { tourTitle: string; tourSummary: string; offerName: string }>;
};

const CHOICE_COLUMNS = {
  offerId: offers.id,
  offerPosition: offers.position,
  tourId: tours.id,
  tourSlug: tours.slug,
  tourTitle: tours.title,
  tourSummary: tours.summary,
  durationMinutes: tours.durationMinutes,
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
  const tourIds = [...new Set(rows.map((row) => row.tourId))];
  const photoRows =
    tourIds.length > 0
      ? await db.select({ tourId: photos.tourId, position: photos.position, url: photos.url }).from(photos).where(inArray(photos.tourId, tourIds)).orderBy(asc(photos.position))
      : [];
  return rows.map((row) => ({
    offerId: row.offerId,
    tourId: row.tourId,
    tourTitle: row.tourTitle[locale],
    offerName: row.offerName[locale],
    b2b: { adult: row.adult, child: row.child, trip: row.trip },
    retail: { adult: row.recAdult, child: row.recChild, trip: row.recTrip },
    guest: {
      tourSlug: row.tourSlug,
      durationMinutes: row.durationMinutes,
      photoUrl: (() => {
        const tourPhotos = photoRows.filter((photo) => photo.tourId === row.tourId);
        return (tourPhotos.find((photo) => photo.position === row.offerPosition) ?? tourPhotos[0])?.url ?? null;
      })(),
      text: Object.fromEntries(
        LOCALES.map((language) => [language, { tourTitle: row.tourTitle[language], tourSummary: row.tourSummary[language], offerName: row.offerName[language] }]),
      ) as WidgetOfferGuestView['text'],
    },
  }));
}

/** The same offers as the save's minimum-price rule needs them. */
export async function loadWidgetCatalogue(db: Database | Transaction): Promise<Map<string, WidgetOfferCost>> {
  const rows = await loadSellableOffers(db);
  return new Map(rows.map((row) => [row.offerId, { tourId: row.tourId, b2b: { adult: row.adult, child: row.child, trip: row.trip } }]));
}
