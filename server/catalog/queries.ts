import 'server-only';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { unstable_cache } from 'next/cache';
import { unstable_rethrow } from 'next/navigation';
import { getDb } from '@/server/db/database';
import type { Database } from '@/server/db/connection';
import {
  categories,
  cities,
  countries,
  type FaqItem,
  type ItineraryStep,
  type LocalizedText,
  type MeetingPoint,
  offers,
  photos,
  tourCategories,
  tours,
} from '@/server/db/schema';
import { offerHeroImage } from './hero-image';
import { lowestPrice, type OfferPrices } from '@/shared/catalog/prices';
import { type BookingCancellationPolicy, type PickUpMode, resolveCancellationPolicy } from '@/shared/bookings/offer-terms';
import { loadSettings, REFUND_TERMS_TAG } from '@/server/settings/settings';
import { isSlug } from '@/shared/catalog/slug';
import type { TourLanguage } from '@/shared/catalog/tour-languages';
import { CATALOG_REVALIDATE_SECONDS, CATALOG_TAGS } from './tags';

// Public catalogue reads: retail data only, never b2b prices or notes to agents. They carry both
// languages, so one cached entry serves /… and /ru/…; pages pick the locale.

export type Place = { slug: string; name: LocalizedText; heroImage: string };
export type Category = Place;

export type TourCard = {
  slug: string;
  title: LocalizedText;
  summary: LocalizedText;
  heroImage: string | null;
  durationMinutes: number;
  /** Lowest retail price, AED fils. */
  fromPrice: number | null;
  city: Place;
  categorySlugs: string[];
};

export type PublicOffer = {
  id: string;
  position: number;
  name: LocalizedText;
  description: LocalizedText;
  retail: OfferPrices;
  hasLiveAvailability: boolean;
  /** At a slot's start time, or any time during the day's opening hours (from the slot's time). */
  availabilityType: 'start_time' | 'opening_hours';
  minPeople: number;
  heroImage: string | null;
  /** Whether a hotel pick-up comes with it. */
  pickUp: PickUpMode;
  /** Its cancellation policy with the settings' tiers filled in, as a booking made now would keep it. */
  cancellationPolicy: BookingCancellationPolicy;
};

export type TourPage = {
  slug: string;
  title: LocalizedText;
  summary: LocalizedText;
  description: LocalizedText;
  itinerary: ItineraryStep[];
  terms: LocalizedText;
  faq: FaqItem[];
  videoUrl: string | null;
  durationMinutes: number;
  inclusions: LocalizedText[];
  exclusions: LocalizedText[];
  meetingPoint: MeetingPoint | null;
  languages: TourLanguage[];
  accessibility: LocalizedText | null;
  city: Place;
  country: Place;
  categories: Category[];
  /** The gallery in the operator's order; the first is the hero. */
  photos: { url: string; alt: LocalizedText }[];
  offers: PublicOffer[];
  /** Percent of every refund kept as the processing fee (settings), told beside the policies. */
  refundFeePercent: number;
  updatedAt: string;
};

const activeTour = eq(tours.isActive, true);

export async function loadTourCards(db: Database, where: SQL | undefined, limit?: number, offset = 0): Promise<TourCard[]> {
  const query = db
    .select({
      id: tours.id,
      slug: tours.slug,
      title: tours.title,
      summary: tours.summary,
      durationMinutes: tours.durationMinutes,
      city: { slug: cities.slug, name: cities.name, heroImage: cities.heroImage },
    })
    .from(tours)
    .innerJoin(cities, eq(cities.id, tours.cityId))
    .where(and(activeTour, where))
    .orderBy(asc(cities.sortOrder), asc(tours.slug))
    .offset(offset);
  const rows = limit === undefined ? await query : await query.limit(limit);
  if (rows.length === 0) return [];

  const ids = rows.map((row) => row.id);
  const [offerRows, photoRows, categoryRows] = await Promise.all([
    db
      .select({ tourId: offers.tourId, adult: offers.recPricePerAdult, child: offers.recPricePerChild, trip: offers.recPricePerTrip })
      .from(offers)
      .where(and(inArray(offers.tourId, ids), eq(offers.isActive, true))),
    db
      .select({ tourId: photos.tourId, url: photos.url })
      .from(photos)
      .where(and(inArray(photos.tourId, ids), eq(photos.position, 0))),
    db
      .select({ tourId: tourCategories.tourId, slug: categories.slug })
      .from(tourCategories)
      .innerJoin(categories, eq(categories.id, tourCategories.categoryId))
      .where(inArray(tourCategories.tourId, ids)),
  ]);

  return rows.map(({ id, ...row }) => ({
    ...row,
    heroImage: photoRows.find((photo) => photo.tourId === id)?.url ?? null,
    fromPrice: lowestPrice(offerRows.filter((offer) => offer.tourId === id)),
    categorySlugs: categoryRows.filter((category) => category.tourId === id).map((category) => category.slug),
  }));
}

/** The cards of these tours (active ones, by slug), in the order given: the search's page of results. */
export async function loadTourCardsInOrder(db: Database, slugs: string[]): Promise<TourCard[]> {
  if (slugs.length === 0) return [];
  const cards = new Map((await loadTourCards(db, inArray(tours.slug, slugs))).map((card) => [card.slug, card]));
  return slugs.flatMap((slug) => cards.get(slug) ?? []);
}

async function listCategories(db: Database): Promise<Category[]> {
  return db
    .select({ slug: categories.slug, name: categories.name, heroImage: categories.heroImage })
    .from(categories)
    .orderBy(asc(categories.sortOrder));
}

async function listCities(db: Database): Promise<(Place & { isTopDestination: boolean; countrySlug: string })[]> {
  return db
    .select({
      slug: cities.slug,
      name: cities.name,
      heroImage: cities.heroImage,
      isTopDestination: cities.isTopDestination,
      countrySlug: countries.slug,
    })
    .from(cities)
    .innerJoin(countries, eq(countries.id, cities.countryId))
    .orderBy(asc(countries.sortOrder), asc(cities.sortOrder));
}

// ---------------------------------------------------------------------------
// Home
// ---------------------------------------------------------------------------

export type HomeData = {
  categories: Category[];
  cities: (Place & { isTopDestination: boolean; countrySlug: string })[];
  featured: TourCard[];
};

export async function loadHomeData(db: Database): Promise<HomeData> {
  const [categoryList, cityList, featured] = await Promise.all([
    listCategories(db),
    listCities(db),
    loadTourCards(db, eq(tours.isFeatured, true), 8),
  ]);
  return { categories: categoryList, cities: cityList, featured };
}

export const getHomeData = unstable_cache(
  async (): Promise<HomeData> => loadHomeData(await getDb()),
  ['catalog-home'],
  { tags: [CATALOG_TAGS.home], revalidate: CATALOG_REVALIDATE_SECONDS },
);

// ---------------------------------------------------------------------------
// Country and city
// ---------------------------------------------------------------------------

export type PlacePage = {
  place: Place;
  country: Place;
  cities: Place[];
  categories: Category[];
  tours: TourCard[];
};

export function getCountryPage(slug: string): Promise<PlacePage | null> {
  return unstable_cache(async () => loadCountryPage(await getDb(), slug), ['catalog-country', slug], {
    tags: [CATALOG_TAGS.country(slug)],
    revalidate: CATALOG_REVALIDATE_SECONDS,
  })();
}

export async function loadCountryPage(db: Database, slug: string): Promise<PlacePage | null> {
  if (!isSlug(slug)) return null;
  const [country] = await db
    .select({ id: countries.id, slug: countries.slug, name: countries.name, heroImage: countries.heroImage })
    .from(countries)
    .where(eq(countries.slug, slug))
    .limit(1);
  if (!country) return null;
  const { id, ...place } = country;
  const [cityList, categoryList, tourList] = await Promise.all([
    db
      .select({ slug: cities.slug, name: cities.name, heroImage: cities.heroImage })
      .from(cities)
      .where(eq(cities.countryId, id))
      .orderBy(asc(cities.sortOrder)),
    listCategories(db),
    loadTourCards(db, eq(cities.countryId, id)),
  ]);
  return { place, country: place, cities: cityList, categories: usedCategories(categoryList, tourList), tours: tourList };
}

export function getCityPage(slug: string): Promise<PlacePage | null> {
  return unstable_cache(async () => loadCityPage(await getDb(), slug), ['catalog-city', slug], {
    tags: [CATALOG_TAGS.city(slug)],
    revalidate: CATALOG_REVALIDATE_SECONDS,
  })();
}

export async function loadCityPage(db: Database, slug: string): Promise<PlacePage | null> {
  if (!isSlug(slug)) return null;
  const [city] = await db
    .select({
      id: cities.id,
      slug: cities.slug,
      name: cities.name,
      heroImage: cities.heroImage,
      country: { slug: countries.slug, name: countries.name, heroImage: countries.heroImage },
    })
    .from(cities)
    .innerJoin(countries, eq(countries.id, cities.countryId))
    .where(eq(cities.slug, slug))
    .limit(1);
  if (!city) return null;
  const { id, country, ...place } = city;
  const [categoryList, tourList] = await Promise.all([listCategories(db), loadTourCards(db, eq(tours.cityId, id))]);
  return { place, country, cities: [], categories: usedCategories(categoryList, tourList), tours: tourList };
}

function usedCategories(all: Category[], tourList: TourCard[]): Category[] {
  const used = new Set(tourList.flatMap((tour) => tour.categorySlugs));
  return all.filter((category) => used.has(category.slug));
}

// ---------------------------------------------------------------------------
// Tour
// ---------------------------------------------------------------------------

export function getTourPage(slug: string): Promise<TourPage | null> {
  return unstable_cache(async () => loadTourPage(await getDb(), slug), ['catalog-tour', slug], {
    // The page also shows the settings' refund tiers and fee: a new one expires every tour page.
    tags: [CATALOG_TAGS.tour(slug), REFUND_TERMS_TAG],
    revalidate: CATALOG_REVALIDATE_SECONDS,
  })();
}

export async function loadTourPage(db: Database, slug: string): Promise<TourPage | null> {
  if (!isSlug(slug)) return null;
  const [tour] = await db
    .select({
      id: tours.id,
      slug: tours.slug,
      title: tours.title,
      summary: tours.summary,
      description: tours.description,
      itinerary: tours.itinerary,
      terms: tours.terms,
      faq: tours.faq,
      videoUrl: tours.videoUrl,
      durationMinutes: tours.durationMinutes,
      inclusions: tours.inclusions,
      exclusions: tours.exclusions,
      meetingPoint: tours.meetingPoint,
      languages: tours.languages,
      accessibility: tours.accessibility,
      updatedAt: tours.updatedAt,
      city: { slug: cities.slug, name: cities.name, heroImage: cities.heroImage },
      country: { slug: countries.slug, name: countries.name, heroImage: countries.heroImage },
    })
    .from(tours)
    .innerJoin(cities, eq(cities.id, tours.cityId))
    .innerJoin(countries, eq(countries.id, cities.countryId))
    .where(and(eq(tours.slug, slug), activeTour))
    .limit(1);
  if (!tour) return null;

  const [photoRows, categoryRows, offerRows, settings] = await Promise.all([
    db
      .select({ position: photos.position, url: photos.url, alt: photos.alt })
      .from(photos)
      .where(eq(photos.tourId, tour.id))
      .orderBy(asc(photos.position)),
    db
      .select({ slug: categories.slug, name: categories.name, heroImage: categories.heroImage })
      .from(tourCategories)
      .innerJoin(categories, eq(categories.id, tourCategories.categoryId))
      .where(eq(tourCategories.tourId, tour.id))
      .orderBy(asc(categories.sortOrder)),
    db
      .select({
        id: offers.id,
        position: offers.position,
        name: offers.name,
        description: offers.description,
        adult: offers.recPricePerAdult,
        child: offers.recPricePerChild,
        trip: offers.recPricePerTrip,
        hasLiveAvailability: offers.hasLiveAvailability,
        availabilityType: offers.availabilityType,
        minPeople: offers.minPeople,
        pickUp: offers.pickUp,
        cancellationPolicy: offers.cancellationPolicy,
      })
      .from(offers)
      .where(and(eq(offers.tourId, tour.id), eq(offers.isActive, true)))
      .orderBy(asc(offers.position)),
    loadSettings(db),
  ]);

  const { id: _id, updatedAt, ...rest } = tour;
  return {
    ...rest,
    updatedAt: updatedAt.toISOString(),
    categories: categoryRows,
    photos: photoRows.map(({ url, alt }) => ({ url, alt })),
    refundFeePercent: settings.refundProcessingFeePercent,
    offers: offerRows.map(({ adult, child, trip, cancellationPolicy, ...offer }) => ({
      ...offer,
      cancellationPolicy: resolveCancellationPolicy(cancellationPolicy, settings.refundTiers),
      retail: { adult, child, trip },
      heroImage: offerHeroImage(offer.position, { photos: photoRows, categories: categoryRows }),
    })),
  };
}

// ---------------------------------------------------------------------------
// Lists of the API (`/api/v1/b2b/tours`, a category's tours); the search page is search.ts
// ---------------------------------------------------------------------------

export type TourListFilter = { category?: string; city?: string };
export const SEARCH_PAGE_SIZE = 12;

export function tourListCondition(filter: TourListFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.city) conditions.push(eq(cities.slug, filter.city));
  if (filter.category) {
    conditions.push(
      sql`exists (select 1 from ${tourCategories} inner join ${categories} on ${categories.id} = ${tourCategories.categoryId}
          where ${tourCategories.tourId} = ${tours.id} and ${categories.slug} = ${filter.category})`,
    );
  }
  return and(...conditions);
}

/** The first `pages` pages of the active tours (in the places' order), plus whether another page follows. */
export async function searchTourCards(
  db: Database,
  filter: TourListFilter,
  pages: number,
): Promise<{ tours: TourCard[]; total: number; hasMore: boolean }> {
  const condition = tourListCondition(filter);
  const limit = pages * SEARCH_PAGE_SIZE;
  const [found, [counted]] = await Promise.all([
    loadTourCards(db, condition, limit),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(tours)
      .innerJoin(cities, eq(cities.id, tours.cityId))
      .where(and(activeTour, condition)),
  ]);
  const total = counted?.total ?? 0;
  return { tours: found, total, hasMore: total > found.length };
}

/**
 * A few tours to offer where a page was not found: the home page's featured ones (cached with it).
 * The 404 page still renders, without them, when the catalogue cannot be read.
 */
export async function getPopularTours(limit = 6): Promise<TourCard[]> {
  try {
    return (await getHomeData()).featured.slice(0, limit);
  } catch (error) {
    unstable_rethrow(error);
    return [];
  }
}

export async function getSearchFilters(): Promise<Pick<HomeData, 'categories' | 'cities'>> {
  const { categories: categoryList, cities: cityList } = await getHomeData();
  return { categories: categoryList, cities: cityList };
}

// ---------------------------------------------------------------------------
// Sitemap
// ---------------------------------------------------------------------------

export type SitemapEntries = {
  countries: string[];
  cities: string[];
  tours: { slug: string; updatedAt: string }[];
};

export const getSitemapEntries = unstable_cache(
  async (): Promise<SitemapEntries> => {
    const db = await getDb();
    const [countryRows, cityRows, tourRows] = await Promise.all([
      db.select({ slug: countries.slug }).from(countries).orderBy(asc(countries.sortOrder)),
      db.select({ slug: cities.slug }).from(cities).orderBy(asc(cities.sortOrder)),
      db.select({ slug: tours.slug, updatedAt: tours.updatedAt }).from(tours).where(activeTour).orderBy(asc(tours.slug)),
    ]);
    return {
      countries: countryRows.map((row) => row.slug),
      cities: cityRows.map((row) => row.slug),
      tours: tourRows.map((row) => ({ slug: row.slug, updatedAt: row.updatedAt.toISOString() })),
    };
  },
  ['catalog-sitemap'],
  { tags: [CATALOG_TAGS.sitemap], revalidate: CATALOG_REVALIDATE_SECONDS },
);
