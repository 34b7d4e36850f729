import type { Locale } from '@/i18n/locales';
import type { TourPage } from '@/server/catalog/queries';
import { lowestPrice } from '@/shared/catalog/prices';
import { convertFromAed, type DisplayCurrency } from '@/shared/money/money';

// The tour page's structured data for rich results: a TouristTrip (its itinerary and offers) and
// a Product whose AggregateOffer carries the retail prices in the host's currency (Google's
// product snippet requires a name and an offer with a price and its currency). Retail only: the
// page is cached and public. Pure, so it is tested without a server.

const IN_STOCK = 'https://schema.org/InStock';
/** An offer without live availability is booked on request and confirmed by hand. */
const ON_REQUEST = 'https://schema.org/LimitedAvailability';

type Site = { locale: Locale; url: string; origin: string; currency: DisplayCurrency };

const amount = (fils: number, currency: DisplayCurrency) => (convertFromAed(fils, currency) / 100).toFixed(2);

export function tourJsonLd(tour: TourPage, { locale, url, origin, currency }: Site) {
  const images = tour.photos.map((photo) => (photo.url.startsWith('/') ? `${origin}${photo.url}` : photo.url));
  const offers = tour.offers.flatMap((offer) =>
    (['adult', 'trip'] as const).flatMap((kind) => {
      const price = offer.retail[kind];
      if (price === null) return [];
      return [
        {
          '@type': 'Offer',
          name: offer.name[locale],
          price: amount(price, currency),
          priceCurrency: currency,
          priceSpecification: { '@type': 'UnitPriceSpecification', price: amount(price, currency), priceCurrency: currency, unitText: kind === 'adult' ? 'person' : 'trip' },
          availability: offer.hasLiveAvailability ? IN_STOCK : ON_REQUEST,
          url,
        },
      ];
    }),
  );
  const prices = tour.offers.flatMap((offer) => [offer.retail.adult, offer.retail.trip]).filter((price): price is number => price !== null);
  const low = lowestPrice(tour.offers.map((offer) => offer.retail));
  const aggregate =
    low === null
      ? undefined
      : {
          '@type': 'AggregateOffer',
          lowPrice: amount(low, currency),
          highPrice: amount(Math.max(...prices), currency),
          priceCurrency: currency,
          offerCount: offers.length,
          availability: tour.offers.some((offer) => offer.hasLiveAvailability) ? IN_STOCK : ON_REQUEST,
          url,
        };
  const category = tour.categories.map((entry) => entry.name[locale]);
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'TouristTrip',
        name: tour.title[locale],
        description: tour.summary[locale],
        url,
        image: images,
        touristType: category,
        itinerary: {
          '@type': 'ItemList',
          itemListElement: tour.itinerary.map((step, index) => ({ '@type': 'ListItem', position: index + 1, name: step.title[locale] })),
        },
        offers,
      },
      {
        '@type': 'Product',
        name: tour.title[locale],
        description: tour.summary[locale],
        image: images,
        url,
        sku: tour.slug,
        ...(category.length > 0 ? { category: category.join(', ') } : {}),
        ...(aggregate ? { offers: aggregate } : {}),
      },
    ],
  };
}
