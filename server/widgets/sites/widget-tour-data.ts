import 'server-only';
import { z } from 'zod';
import { LOCALES, type Locale } from '@/i18n/locales';
import type { Database } from '@/server/db/connection';
import { NotFound } from '@/server/errors';
import { loadSettings } from '@/server/settings/settings';
import type { OfferPrices } from '@/shared/catalog/prices';
import { isSlug } from '@/shared/catalog/slug';
import { convertFromAed, CURRENCIES, type Currency, type ExchangeRates } from '@/shared/money/money';
import { findAgencyWidgetSellingTour, loadSiteWidget } from './widget-site';

// Spec §7 `GET /widgets/tour/url/{url} (currencyCode, agencyGuid)`, a public call: a tour as an
// agency's widget sells it, at the guest's prices in the asked currency. Any failure is spec §8's
// one generic 'could not get data' error: a caller learns nothing about which agency, widget or
// tour exists.

export const COULD_NOT_GET_DATA = 'widgetSites.errors.couldNotGetData';

/** Not found, told as 'could not get data' (404). */
export class WidgetDataUnavailable extends NotFound {
  override readonly code = COULD_NOT_GET_DATA;
}

export const widgetTourQuerySchema = z.object({
  agencyGuid: z.uuid({ error: COULD_NOT_GET_DATA }),
  /** Omitted: the widget's own currency. */
  currencyCode: z.enum(CURRENCIES, { error: COULD_NOT_GET_DATA }).optional(),
  /** Omitted: the widget's own language. */
  language: z.enum(LOCALES, { error: COULD_NOT_GET_DATA }).optional(),
});

export type WidgetTourQuery = z.output<typeof widgetTourQuerySchema>;

export type WidgetTourOffer = {
  offerId: string;
  name: string;
  /** The guest's prices in minor units of `currencyCode`; null where the offer is not sold so. */
  prices: OfferPrices;
};

export type WidgetTourData = {
  currencyCode: Currency;
  language: Locale;
  tour: { slug: string; title: string; summary: string; durationMinutes: number; photoUrl: string | null };
  offers: WidgetTourOffer[];
};

function convertPrices(prices: OfferPrices, currency: Currency, rates: ExchangeRates | undefined): OfferPrices {
  const convert = (fils: number | null) => (fils === null ? null : convertFromAed(fils, currency, rates));
  return { adult: convert(prices.adult), child: convert(prices.child), trip: convert(prices.trip) };
}

/** The tour `slug` as the agency's site widget selling it shows it. */
export async function loadWidgetTourData(db: Database, slug: string, query: WidgetTourQuery): Promise<WidgetTourData> {
  if (!isSlug(slug)) throw new WidgetDataUnavailable();
  const widgetId = await findAgencyWidgetSellingTour(db, query.agencyGuid, slug);
  const site = widgetId ? await loadSiteWidget(db, widgetId, { language: query.language }) : null;
  const offers = site?.offers.filter((offer) => offer.tourSlug === slug) ?? [];
  const [tour] = offers;
  // A widget whose offers of the tour all fell under their cost sells nothing of it.
  if (!site || !tour) throw new WidgetDataUnavailable();
  const currency = query.currencyCode ?? site.currency;
  const rates = currency === 'RUB' ? (site.rates ?? { rubPerAed: (await loadSettings(db)).rubPerAed }) : undefined;
  return {
    currencyCode: currency,
    language: query.language ?? site.locale,
    tour: { slug, title: tour.tourTitle, summary: tour.tourSummary, durationMinutes: tour.durationMinutes, photoUrl: tour.photoUrl },
    offers: offers.map((offer) => ({ offerId: offer.offerId, name: offer.name, prices: convertPrices(offer.prices, currency, rates) })),
  };
}
