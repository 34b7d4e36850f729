import { inArray } from 'drizzle-orm';
import type { Database } from '../connection';
import {
  availabilitySlots,
  categories,
  cities,
  countries,
  hotels,
  offers,
  photos,
  pickUpTimes,
  tourCategories,
  tours,
} from '../schema';
import { demoCatalogue } from './catalogue-data';
import type { SeedOffer, SeedTour } from './types';

export type SeedCatalogueOptions = {
  /** Availability starts on this day (its date in Asia/Dubai). */
  today: Date;
  /** Days of availability to create for offers with live availability; default 120. */
  days?: number;
};

/** PGlite runs one statement at a time: insert in large batches, well under the 65,535-parameter limit. */
const BATCH_ROWS = 4000;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Inserts the demo catalogue of catalogue.json (countries, cities, categories, hotels, tours with
 * photos and offers), availability for the next `days` days and hotel pick-up times, in one
 * transaction.
 *
 * Idempotent: every row is keyed by a unique index (slugs; offers and photos by tour and position;
 * slots by offer, date and start time; hotels by city and name; pick-up times by tour, hotel and
 * start time) and inserted with ON CONFLICT DO NOTHING, so running it again adds only what is
 * missing — for example the slots of days that have come into range — and never resets stock
 * that bookings have already taken.
 */
export async function seedCatalogue(db: Database, options: SeedCatalogueOptions): Promise<void> {
  const days = options.days ?? 120;
  const dates = dubaiDates(options.today, days);
  const { countries: seedCountries, cities: seedCities, categories: seedCategories, hotels: seedHotels, tours: seedTours } = demoCatalogue();

  await db.transaction(async (tx) => {
    // Countries, cities, categories -------------------------------------------------------
    await tx.insert(countries).values(seedCountries).onConflictDoNothing({ target: countries.slug });
    const countryIds = await idsBySlug(tx, countries, seedCountries.map((c) => c.slug));

    await tx
      .insert(cities)
      .values(
        seedCities.map(({ country, ...city }) => ({ ...city, countryId: lookUp(countryIds, country, 'country') })),
      )
      .onConflictDoNothing({ target: cities.slug });
    const cityIds = await idsBySlug(tx, cities, seedCities.map((c) => c.slug));
    const countryOfCity = new Map(seedCities.map((c) => [c.slug, c.country]));

    await tx.insert(categories).values(seedCategories).onConflictDoNothing({ target: categories.slug });
    const categoryIds = await idsBySlug(tx, categories, seedCategories.map((c) => c.slug));

    // Hotels ----------------------------------------------------------------------------
    await tx
      .insert(hotels)
      .values(
        seedHotels.map((hotel) => ({
          name: hotel.name,
          area: hotel.area,
          cityId: lookUp(cityIds, hotel.city, 'city'),
          countryId: lookUp(countryIds, lookUp(countryOfCity, hotel.city, 'city'), 'country'),
        })),
      )
      .onConflictDoNothing({ target: [hotels.cityId, hotels.name] });
    const seededHotelNames = new Set(seedHotels.map((h) => `${h.city}|${h.name}`));
    const citySlugById = new Map([...cityIds].map(([slug, id]) => [id, slug]));
    const hotelsByCity = new Map<string, { id: string; name: string }[]>();
    const hotelRows = await tx
      .select({ id: hotels.id, name: hotels.name, cityId: hotels.cityId })
      .from(hotels)
      .where(inArray(hotels.cityId, [...cityIds.values()]));
    for (const row of hotelRows) {
      const city = citySlugById.get(row.cityId);
      if (!city || !seededHotelNames.has(`${city}|${row.name}`)) continue;
      const list = hotelsByCity.get(city) ?? [];
      list.push({ id: row.id, name: row.name });
      hotelsByCity.set(city, list);
    }
    for (const list of hotelsByCity.values()) list.sort((a, b) => a.name.localeCompare(b.name));

    // Tours, their categories and photos --------------------------------------------------
    await tx
      .insert(tours)
      .values(
        seedTours.map((tour) => ({
          slug: tour.slug,
          cityId: lookUp(cityIds, tour.city, 'city'),
          title: tour.title,
          summary: tour.summary,
          description: tour.description,
          itinerary: tour.itinerary,
          terms: tour.terms,
          notesToAgents: tour.notesToAgents ?? null,
          faq: tour.faq,
          videoUrl: tour.videoUrl ?? null,
          durationMinutes: tour.durationMinutes,
          inclusions: tour.inclusions ?? [],
          exclusions: tour.exclusions ?? [],
          meetingPoint: tour.meetingPoint ? { ...tour.meetingPoint, mapImage: null } : null,
          languages: tour.languages ?? [],
          accessibility: tour.accessibility ?? null,
          isFeatured: tour.featured ?? false,
        })),
      )
      .onConflictDoNothing({ target: tours.slug });
    const tourIds = await idsBySlug(tx, tours, seedTours.map((t) => t.slug));

    await tx
      .insert(tourCategories)
      .values(
        seedTours.flatMap((tour) =>
          tour.categories.map((category) => ({
            tourId: lookUp(tourIds, tour.slug, 'tour'),
            categoryId: lookUp(categoryIds, category, 'category'),
          })),
        ),
      )
      .onConflictDoNothing();

    await tx
      .insert(photos)
      .values(
        seedTours.flatMap((tour) =>
          tour.photos.map((photo, position) => ({
            tourId: lookUp(tourIds, tour.slug, 'tour'),
            position,
            url: photo.url,
            alt: photo.alt,
          })),
        ),
      )
      .onConflictDoNothing({ target: [photos.tourId, photos.position] });

    // Offers ------------------------------------------------------------------------------
    await tx
      .insert(offers)
      .values(
        seedTours.flatMap((tour) =>
          tour.offers.map((offer, position) => ({
            tourId: lookUp(tourIds, tour.slug, 'tour'),
            position,
            name: offer.name,
            description: offer.description,
            pricePerAdult: offer.b2b.adult ?? null,
            pricePerChild: offer.b2b.child ?? null,
            pricePerTrip: offer.b2b.trip ?? null,
            recPricePerAdult: offer.retail.adult ?? null,
            recPricePerChild: offer.retail.child ?? null,
            recPricePerTrip: offer.retail.trip ?? null,
            stockMode: offer.stockMode,
            availabilityType: offer.availabilityType,
            hasLiveAvailability: offer.hasLiveAvailability,
            minPeople: offer.minPeople,
            cutOffHours: offer.cutOffHours,
            pickUpCityId: offer.pickUpCity ? lookUp(cityIds, offer.pickUpCity, 'city') : null,
            pickUp: offer.pickUp ?? (tour.pickUpLeadMinutes === undefined ? 'none' : 'included'),
            cancellationPolicy: tour.cancellation,
          })),
        ),
      )
      .onConflictDoNothing({ target: [offers.tourId, offers.position] });
    const offerRows = await tx
      .select({ id: offers.id, tourId: offers.tourId, position: offers.position })
      .from(offers)
      .where(inArray(offers.tourId, [...tourIds.values()]));
    const offerIds = new Map(offerRows.map((o) => [`${o.tourId}|${o.position}`, o.id]));
    const offerId = (tour: SeedTour, position: number): string =>
      lookUp(offerIds, `${lookUp(tourIds, tour.slug, 'tour')}|${position}`, 'offer');

    // Availability ------------------------------------------------------------------------
    const slotRows: (typeof availabilitySlots.$inferInsert)[] = [];
    for (const tour of seedTours) {
      tour.offers.forEach((offer, position) => {
        if (!offer.hasLiveAvailability) return;
        const id = offerId(tour, position);
        for (const { date, weekday } of dates) {
          if (offer.closedWeekdays?.includes(weekday)) continue;
          for (const startTime of offer.startTimes) {
            slotRows.push({ offerId: id, date, startTime, ...stockFor(offer, `${tour.slug}#${position}|${date}|${startTime}`) });
          }
        }
      });
    }
    for (const batch of batches(slotRows)) {
      await tx
        .insert(availabilitySlots)
        .values(batch)
        .onConflictDoNothing({ target: [availabilitySlots.offerId, availabilitySlots.date, availabilitySlots.startTime] });
    }

    // Hotel pick-up times -----------------------------------------------------------------
    const pickUpRows: (typeof pickUpTimes.$inferInsert)[] = [];
    for (const tour of seedTours) {
      const lead = tour.pickUpLeadMinutes;
      if (lead === undefined) continue;
      const tourId = lookUp(tourIds, tour.slug, 'tour');
      const seen = new Set<string>();
      for (const offer of tour.offers) {
        for (const hotel of hotelsByCity.get(offer.pickUpCity ?? tour.city) ?? []) {
          for (const startTime of offer.startTimes) {
            const key = `${hotel.id}|${startTime}`;
            if (seen.has(key)) continue;
            seen.add(key);
            // Hotels further along the route are collected earlier: 0–20 minutes before the lead time.
            const extra = (hashString(`${tour.slug}|${hotel.name}`) % 5) * 5;
            pickUpRows.push({ tourId, hotelId: hotel.id, startTime, pickUpTime: minusMinutes(startTime, lead + extra) });
          }
        }
      }
    }
    for (const batch of batches(pickUpRows)) {
      await tx
        .insert(pickUpTimes)
        .values(batch)
        .onConflictDoNothing({ target: [pickUpTimes.tourId, pickUpTimes.hotelId, pickUpTimes.startTime] });
    }
  });
}

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

type SluggedTable = typeof countries | typeof cities | typeof categories | typeof tours;

async function idsBySlug(db: Database, table: SluggedTable, slugs: string[]): Promise<Map<string, string>> {
  const rows = await db.select({ id: table.id, slug: table.slug }).from(table).where(inArray(table.slug, slugs));
  return new Map(rows.map((row) => [row.slug, row.id]));
}

function lookUp<V>(map: Map<string, V>, key: string, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Demo catalogue refers to unknown ${what} "${key}".`);
  return value;
}

function* batches<T>(rows: T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += BATCH_ROWS) yield rows.slice(i, i + BATCH_ROWS);
}

const dubaiDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Dubai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** `days` consecutive calendar dates ('YYYY-MM-DD', weekday 0 = Sunday) starting with today's date in Dubai. */
export function dubaiDates(today: Date, days: number): { date: string; weekday: number }[] {
  const [year, month, day] = dubaiDay.format(today).split('-').map(Number);
  if (year === undefined || month === undefined || day === undefined) throw new Error('Could not read the date in Asia/Dubai.');
  const start = Date.UTC(year, month - 1, day);
  return Array.from({ length: days }, (_, i) => {
    const date = new Date(start + i * DAY_MS);
    return { date: date.toISOString().slice(0, 10), weekday: date.getUTCDay() };
  });
}

function minusMinutes(time: string, minutes: number): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const total = (((h * 60 + m - minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** FNV-1a, 32-bit. */
function hashString(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** mulberry32: a deterministic stream of numbers in [0, 1). */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Tickets left in one slot, as if some were already sold: about 4% of slots are sold out and
 * 8% nearly so (1–3 left); the rest keep 35–100% of the daily release.
 */
function stockFor(offer: SeedOffer, key: string): { left: number; leftAdults: number | null; leftChildren: number | null } {
  const next = generator(hashString(key));
  const roll = next();
  const pool = (): number => {
    if (roll < 0.04) return 0;
    if (roll < 0.12) return Math.min(offer.dailyStock, 1 + Math.floor(next() * 3));
    return Math.max(1, Math.round(offer.dailyStock * (0.35 + next() * 0.65)));
  };
  if (offer.stockMode === 'per_type') {
    const leftAdults = pool();
    const leftChildren = pool();
    return { left: leftAdults + leftChildren, leftAdults, leftChildren };
  }
  return { left: pool(), leftAdults: null, leftChildren: null };
}
