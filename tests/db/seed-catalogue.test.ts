import { existsSync } from 'node:fs';
import path from 'node:path';
import { count, countDistinct, eq, isNull, max, min, sql, sum } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
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
} from '@/server/db/schema';
import { seedCatalogue } from '@/server/db/seed/catalogue';
import catalogueJson from '@/server/db/seed/catalogue.json';
import { demoCatalogue, parseCatalogue } from '@/server/db/seed/catalogue-data';

// 12:00 in Dubai on Saturday 21 November 2026.
const today = new Date('2026-11-21T08:00:00Z');

let connection: TestDatabase;

async function tableCounts(): Promise<Record<string, number>> {
  const { db } = connection;
  const tables = { countries, cities, categories, hotels, tours, tourCategories, photos, offers, availabilitySlots, pickUpTimes };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => {
      const [row] = await db.select({ n: count() }).from(table);
      return [name, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(entries);
}

beforeAll(async () => {
  connection = await createTestDatabase();
  await seedCatalogue(connection.db, { today });
});

afterAll(async () => {
  await connection.dispose();
});

describe('demo catalogue seed', () => {
  // What the seed wrote when the catalogue was TypeScript literals, before it became catalogue.json
  // (the whole seeded database was also compared row by row then): moving the data changed no row.
  it('seeds the catalogue it seeded before the data became JSON', async () => {
    expect(await tableCounts()).toEqual({
      countries: 2,
      cities: 7,
      categories: 10,
      hotels: 65,
      tours: 48,
      tourCategories: 91,
      photos: 128,
      offers: 92,
      availabilitySlots: 15157,
      pickUpTimes: 373,
    });
    const { db } = connection;
    const [stock] = await db
      .select({ left: sum(availabilitySlots.left).mapWith(Number), leftAdults: sum(availabilitySlots.leftAdults).mapWith(Number) })
      .from(availabilitySlots);
    expect(stock).toEqual({ left: 323086, leftAdults: 87507 });
    const [prices] = await db
      .select({
        b2b: sql<number>`sum(coalesce(${offers.pricePerAdult}, 0) + coalesce(${offers.pricePerChild}, 0) + coalesce(${offers.pricePerTrip}, 0))`.mapWith(Number),
        retail: sql<number>`sum(coalesce(${offers.recPricePerAdult}, 0) + coalesce(${offers.recPricePerChild}, 0) + coalesce(${offers.recPricePerTrip}, 0))`.mapWith(Number),
      })
      .from(offers);
    expect(prices).toEqual({ b2b: 7535000, retail: 9401000 });
    const texts = await db.select({ terms: tours.terms, faq: tours.faq, featured: tours.isFeatured }).from(tours);
    expect(texts.reduce((n, tour) => n + tour.terms.en.length + tour.terms.ru.length, 0)).toBe(38309);
    expect(texts.reduce((n, tour) => n + tour.faq.length, 0)).toBe(115);
    expect(texts.filter((tour) => tour.featured)).toHaveLength(8);
    const [safari] = await db.select({ terms: tours.terms }).from(tours).where(eq(tours.slug, 'evening-desert-safari-bbq-dinner'));
    expect(safari?.terms.en.split('\n\n')).toHaveLength(4);
    expect(safari?.terms.en).toMatch(/^Free cancellation up to 24 hours before the start time\./);
    const [pickUp] = await db
      .select({ time: pickUpTimes.pickUpTime })
      .from(pickUpTimes)
      .innerJoin(tours, eq(tours.id, pickUpTimes.tourId))
      .innerJoin(hotels, eq(hotels.id, pickUpTimes.hotelId))
      .where(sql`${tours.slug} = 'evening-desert-safari-bbq-dinner' and ${hotels.name} = 'Al Seef Heritage Hotel Dubai' and ${pickUpTimes.startTime} = '15:00'`);
    expect(pickUp?.time).toBe('14:25');
  });

  it('is idempotent: seeding again adds nothing', async () => {
    const first = await tableCounts();
    await seedCatalogue(connection.db, { today });
    expect(await tableCounts()).toEqual(first);
  });

  it('does not reset stock that bookings have taken', async () => {
    const [slot] = await connection.db.select().from(availabilitySlots).where(sql`${availabilitySlots.left} > 0`).limit(1);
    expect(slot).toBeDefined();
    await connection.db.update(availabilitySlots).set({ left: 0 }).where(eq(availabilitySlots.id, slot!.id));
    await seedCatalogue(connection.db, { today });
    const [after] = await connection.db.select().from(availabilitySlots).where(eq(availabilitySlots.id, slot!.id));
    expect(after?.left).toBe(0);
  });

  it('has at least 40 tours across at least 4 emirates and 2 tours in Oman', async () => {
    const perCountry = await connection.db
      .select({ country: countries.slug, tours: count(tours.id), cities: countDistinct(cities.id) })
      .from(tours)
      .innerJoin(cities, eq(cities.id, tours.cityId))
      .innerJoin(countries, eq(countries.id, cities.countryId))
      .groupBy(countries.slug);
    const uae = perCountry.find((row) => row.country === 'uae');
    const oman = perCountry.find((row) => row.country === 'oman');
    expect((uae?.tours ?? 0) + (oman?.tours ?? 0)).toBeGreaterThanOrEqual(40);
    expect(uae?.cities).toBeGreaterThanOrEqual(4);
    expect(oman?.tours).toBeGreaterThanOrEqual(2);
  });

  it('gives every tour 1–4 offers, 2–4 photos and at least one category', async () => {
    const perTour = async (table: typeof offers | typeof photos | typeof tourCategories): Promise<Map<string, number>> => {
      const counted = await connection.db.select({ tourId: table.tourId, n: count() }).from(table).groupBy(table.tourId);
      return new Map(counted.map((row) => [row.tourId, row.n]));
    };
    const [offerCounts, photoCounts, categoryCounts] = await Promise.all([perTour(offers), perTour(photos), perTour(tourCategories)]);
    const rows = (await connection.db.select({ id: tours.id, slug: tours.slug }).from(tours)).map((tour) => ({
      slug: tour.slug,
      offers: offerCounts.get(tour.id) ?? 0,
      photos: photoCounts.get(tour.id) ?? 0,
      categories: categoryCounts.get(tour.id) ?? 0,
    }));
    expect(rows.length).toBe(demoCatalogue().tours.length);
    for (const row of rows) {
      expect(row.offers, row.slug).toBeGreaterThanOrEqual(1);
      expect(row.offers, row.slug).toBeLessThanOrEqual(4);
      expect(row.photos, row.slug).toBeGreaterThanOrEqual(2);
      expect(row.photos, row.slug).toBeLessThanOrEqual(4);
      expect(row.categories, row.slug).toBeGreaterThanOrEqual(1);
    }
  });

  it('prices every offer below retail, per person or per trip', async () => {
    const rows = await connection.db.select().from(offers);
    for (const offer of rows) {
      const pairs = [
        [offer.pricePerAdult, offer.recPricePerAdult],
        [offer.pricePerChild, offer.recPricePerChild],
        [offer.pricePerTrip, offer.recPricePerTrip],
      ] as const;
      const priced = pairs.filter(([b2b]) => b2b !== null);
      expect(priced.length, offer.id).toBeGreaterThan(0);
      expect(offer.pricePerAdult !== null && offer.pricePerTrip !== null, offer.id).toBe(false);
      for (const [b2b, retail] of pairs) {
        expect(b2b === null, offer.id).toBe(retail === null);
        if (b2b !== null && retail !== null) {
          expect(Number.isInteger(b2b)).toBe(true);
          expect(b2b).toBeGreaterThan(0);
          expect(b2b).toBeLessThan(retail);
        }
      }
    }
    expect(rows.some((o) => o.pricePerTrip !== null)).toBe(true);
    expect(rows.some((o) => o.pricePerChild !== null)).toBe(true);
  });

  it('mixes stock modes, requests, cut-offs, minimum group sizes and city-limited pick-ups', async () => {
    const rows = await connection.db.select().from(offers);
    expect(new Set(rows.map((o) => o.stockMode))).toEqual(new Set(['shared', 'per_type']));
    expect(rows.some((o) => !o.hasLiveAvailability)).toBe(true);
    expect(rows.some((o) => o.cutOffHours >= 24)).toBe(true);
    expect(rows.some((o) => o.cutOffHours > 0 && o.cutOffHours <= 12)).toBe(true);
    expect(rows.some((o) => o.minPeople >= 2)).toBe(true);
    expect(rows.some((o) => o.pickUpCityId !== null)).toBe(true);
  });

  it('creates no slots for offers without live availability', async () => {
    const rows = await connection.db
      .select({ id: offers.id, live: offers.hasLiveAvailability, slots: count(availabilitySlots.id) })
      .from(offers)
      .leftJoin(availabilitySlots, eq(availabilitySlots.offerId, offers.id))
      .groupBy(offers.id, offers.hasLiveAvailability);
    const requests = rows.filter((r) => !r.live);
    expect(requests.length).toBeGreaterThan(0);
    for (const row of requests) expect(row.slots).toBe(0);
    for (const row of rows.filter((r) => r.live)) expect(row.slots, row.id).toBeGreaterThan(0);
  });

  it('covers 120 days from today in Dubai, skipping closed weekdays', async () => {
    const [range] = await connection.db
      .select({ first: min(availabilitySlots.date), last: max(availabilitySlots.date), days: countDistinct(availabilitySlots.date) })
      .from(availabilitySlots);
    expect(range).toEqual({ first: '2026-11-21', last: '2027-03-20', days: 120 });

    // The Louvre is closed on Mondays.
    const [louvre] = await connection.db
      .select({ mondays: count() })
      .from(availabilitySlots)
      .innerJoin(offers, eq(offers.id, availabilitySlots.offerId))
      .innerJoin(tours, eq(tours.id, offers.tourId))
      .where(sql`${tours.slug} = 'louvre-abu-dhabi' and extract(dow from ${availabilitySlots.date}) = 1`);
    expect(louvre?.mondays).toBe(0);
  });

  it('keeps per-type pools for per_type offers and a single pool for shared ones', async () => {
    const rows = await connection.db
      .select({
        stockMode: offers.stockMode,
        left: availabilitySlots.left,
        leftAdults: availabilitySlots.leftAdults,
        leftChildren: availabilitySlots.leftChildren,
      })
      .from(availabilitySlots)
      .innerJoin(offers, eq(offers.id, availabilitySlots.offerId));
    for (const slot of rows) {
      if (slot.stockMode === 'per_type') {
        expect(slot.leftAdults).not.toBeNull();
        expect(slot.leftChildren).not.toBeNull();
        expect(slot.left).toBe((slot.leftAdults ?? 0) + (slot.leftChildren ?? 0));
      } else {
        expect(slot.leftAdults).toBeNull();
        expect(slot.leftChildren).toBeNull();
      }
    }
    const soldOut = rows.filter((s) => s.left === 0).length;
    expect(soldOut).toBeGreaterThan(0);
    expect(soldOut / rows.length).toBeLessThan(0.1);
  });

  it('sets pick-up times before the start time for every hotel of the pick-up city', async () => {
    const rows = await connection.db.select().from(pickUpTimes);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.pickUpTime).toMatch(/^\d{2}:\d{2}$/);
      expect(row.pickUpTime < row.startTime, `${row.startTime} ${row.pickUpTime}`).toBe(true);
    }
    // The Abu Dhabi city tour's Dubai offer collects from Dubai hotels.
    const [fromDubai] = await connection.db
      .select({ n: count() })
      .from(pickUpTimes)
      .innerJoin(tours, eq(tours.id, pickUpTimes.tourId))
      .innerJoin(hotels, eq(hotels.id, pickUpTimes.hotelId))
      .innerJoin(cities, eq(cities.id, hotels.cityId))
      .where(sql`${tours.slug} = 'abu-dhabi-city-tour' and ${cities.slug} = 'dubai'`);
    expect(fromDubai?.n).toBeGreaterThan(0);
    // Ticket-only tours have no pick-up.
    const [tickets] = await connection.db
      .select({ n: count() })
      .from(pickUpTimes)
      .innerJoin(tours, eq(tours.id, pickUpTimes.tourId))
      .where(eq(tours.slug, 'burj-khalifa-at-the-top'));
    expect(tickets?.n).toBe(0);
  });

  it('references only images that exist under public/', async () => {
    const urls = new Set<string>();
    for (const row of await connection.db.select({ url: photos.url }).from(photos)) urls.add(row.url);
    for (const table of [countries, cities, categories]) {
      for (const row of await connection.db.select({ url: table.heroImage }).from(table)) urls.add(row.url);
    }
    expect(urls.size).toBeGreaterThan(10);
    for (const url of urls) {
      expect(url).toMatch(/^\/images\/demo\/[a-z0-9-]+\.webp$/);
      expect(existsSync(path.join(process.cwd(), 'public', url)), url).toBe(true);
    }
  });

  it('writes both languages everywhere', async () => {
    const rows = await connection.db.select({ title: tours.title, summary: tours.summary, terms: tours.terms }).from(tours);
    for (const row of rows) {
      for (const text of [row.title, row.summary, row.terms]) {
        expect(text.en.length).toBeGreaterThan(0);
        expect(text.ru).toMatch(/[а-яё]/i);
      }
    }
    const [untranslated] = await connection.db.select({ n: count() }).from(offers).where(isNull(offers.name));
    expect(untranslated?.n).toBe(0);
  });
});

describe('demo catalogue data (catalogue.json)', () => {
  type EditableTour = Record<string, unknown> & { offers: Record<string, unknown>[] };
  const copy = () => structuredClone(catalogueJson) as unknown as { tours: EditableTour[] };

  it('is valid against its schema', () => {
    expect(() => parseCatalogue(catalogueJson)).not.toThrow();
  });

  it('is refused, with the path, when a tour names an unknown city, paragraph or scene', () => {
    const data = copy();
    Object.assign(data.tours[0]!, { city: 'atlantis', terms: ['cancel24', 'smallPrint'], photos: ['moon'] });
    expect(() => parseCatalogue(data)).toThrow(/unknown city "atlantis"[\s\S]*tours\[0\]\.city/);
    expect(() => parseCatalogue(data)).toThrow(/unknown terms paragraph "smallPrint"/);
    expect(() => parseCatalogue(data)).toThrow(/unknown scene "moon"/);
  });

  it('is refused when an offer sells at or above its retail price, or a field is misspelt', () => {
    const priced = copy();
    const offer = priced.tours[0]!.offers[0]!;
    offer.b2b = { ...(offer.retail as object) };
    expect(() => parseCatalogue(priced)).toThrow(/the b2b price is below the retail price/);

    const misspelt = copy();
    Object.assign(misspelt.tours[0]!, { feature: true });
    expect(() => parseCatalogue(misspelt)).toThrow(/feature/);
  });
});
