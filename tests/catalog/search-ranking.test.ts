import { eq, sql } from 'drizzle-orm';
import { createBooking } from '@/server/bookings/create-booking';
import { countTourPopularity } from '@/server/catalog/popularity';
import { searchCatalogue } from '@/server/catalog/search';
import { cities, offers, tours } from '@/server/db/schema';
import { DURATION_BAND_KEYS, PRICE_BAND_KEYS, PRICE_BANDS, type TourSearch } from '@/shared/catalog/search-filters';
import { addDays, checkoutInput, findOffer, prepareSlot, principalFor } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The search (docs/catalogue.md#search) on the demo catalogue: pg_trgm's word similarity over each
// tour's text in the search spelling, on PGlite and on PostgreSQL alike.

const now = new Date('2026-11-21T08:00:00Z');
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: now } });
});
afterAll(() => database.dispose());

const slugs = async (search: TourSearch, pages = 5) => (await searchCatalogue(database.db, search, pages)).tours.map((tour) => tour.slug);

describe('the search spelling (catalog_search_text)', () => {
  it.each([
    ['Burj Khalifa', 'burj halifa'],
    ['burdj khalifa', 'burj halifa'],
    ['Бурдж-Халифа', 'burj halifa'],
    ['Абу-Даби', 'abu dabi'],
    ['Abu Dhabi', 'abu dabi'],
    ['Шарджа', 'sharja'],
    ['Sharjah', 'sharja'],
    ['Аджман', 'ajman'],
    ['Сити-тур', 'siti tur'],
    ['city tour', 'siti tur'],
    ['%_!', ''],
  ])('spells %j as %j', async (input, expected) => {
    const result = await database.db.execute<{ spelled: string }>(sql`select catalog_search_text(${input}) as spelled`);
    const rows = (Array.isArray(result) ? result : (result as unknown as { rows: { spelled: string }[] }).rows) as { spelled: string }[];
    expect(rows[0]?.spelled).toBe(expected);
  });
});

describe('matching', () => {
  it('finds Burj Khalifa by its Latin spellings and in Cyrillic, the best match first', async () => {
    for (const text of ['Burj Khalifa', 'burdj khalifa', 'бурдж халифа', 'Бурдж-Халифа', 'BURJ KHALIFA']) {
      expect((await slugs({ text }))[0], text).toBe('burj-khalifa-at-the-top');
    }
  });

  it('finds every tour named Burj for "burdj" and "бурдж", and the same ones', async () => {
    const latin = await slugs({ text: 'burdj' });
    expect(latin).toContain('burj-khalifa-at-the-top');
    expect(latin).toContain('jet-ski-burj-al-arab');
    expect(await slugs({ text: 'бурдж' })).toEqual(latin);
  });

  it('forgives a letter wrong, missing or doubled', async () => {
    for (const text of ['burj khalifs', 'burj kalifa', 'burj khallifa', 'aquaventur']) {
      const found = await slugs({ text });
      expect(found[0], text).toBe(text.startsWith('aqua') ? 'aquaventure-waterpark' : 'burj-khalifa-at-the-top');
    }
    const safaris = await slugs({ text: 'dezert safary' });
    expect(safaris).toContain('morning-desert-safari');
    expect(safaris).not.toContain('burj-khalifa-at-the-top');
  });

  it('matches the city, country and category in either language', async () => {
    const abuDhabi = await searchCatalogue(database.db, { text: 'абу даби' }, 5);
    expect(abuDhabi.total).toBeGreaterThan(3);
    expect(abuDhabi.facets.city['abu-dhabi']).toBe(abuDhabi.total);
    const cruises = await searchCatalogue(database.db, { text: 'круизы' }, 5);
    expect(cruises.total).toBeGreaterThan(0);
    expect(cruises.tours.every((tour) => tour.categorySlugs.includes('cruises'))).toBe(true);
  });

  it('leaves out loose matches far below the best one', async () => {
    // "aquaventure" shares "venture" with every adventure tour; only the park is a result.
    expect(await slugs({ text: 'aquaventure' })).toEqual(['aquaventure-waterpark']);
  });

  it('treats LIKE wildcards and punctuation as nothing to search for', async () => {
    for (const text of ['%', '_', '%%--!!']) {
      const results = await searchCatalogue(database.db, { text }, 1);
      expect(results.total, text).toBe(0);
      expect(results.suggestions).toEqual([]);
    }
  });
});

describe('filters and their counts', () => {
  const facetSearches: TourSearch[] = [{}, { text: 'dubai' }, { text: 'safari', duration: 'over-6h' }, { city: 'dubai', price: '250-500' }];

  it.each(facetSearches)('each value of %j counts the results it gives', async (search) => {
    const results = await searchCatalogue(database.db, search, 1);
    expect(results.total).toBeGreaterThan(0);
    const checks: [keyof TourSearch, string, number][] = [
      ...Object.entries(results.facets.category).map(([value, count]) => ['category', value, count] as [keyof TourSearch, string, number]),
      ...Object.entries(results.facets.city).map(([value, count]) => ['city', value, count] as [keyof TourSearch, string, number]),
      ...PRICE_BAND_KEYS.map((band) => ['price', band, results.facets.price[band]] as [keyof TourSearch, string, number]),
      ...DURATION_BAND_KEYS.map((band) => ['duration', band, results.facets.duration[band]] as [keyof TourSearch, string, number]),
    ];
    expect(checks.some(([, , count]) => count > 0)).toBe(true);
    for (const [key, value, count] of checks) {
      const narrowed = await searchCatalogue(database.db, { ...search, [key]: value }, 1);
      expect(narrowed.total, `${key}=${value}`).toBe(count);
    }
  });

  it('narrows to what each filter says', async () => {
    const results = await searchCatalogue(database.db, { category: 'desert-safari', price: '100-250', duration: '3-6h' }, 5);
    expect(results.total).toBeGreaterThan(0);
    const [from, below] = PRICE_BANDS['100-250'];
    for (const tour of results.tours) {
      expect(tour.categorySlugs).toContain('desert-safari');
      expect(tour.fromPrice).toBeGreaterThanOrEqual(from);
      expect(tour.fromPrice).toBeLessThan(below);
      expect(tour.durationMinutes).toBeGreaterThanOrEqual(180);
      expect(tour.durationMinutes).toBeLessThan(360);
    }
  });

  it("keeps a country's tours for its page's 'see all' links", async () => {
    const oman = await searchCatalogue(database.db, { country: 'oman' }, 5);
    expect(oman.total).toBeGreaterThan(0);
    expect(Object.keys(oman.facets.city)).toEqual(['khasab']);
    expect(oman.tours.every((tour) => tour.city.slug === 'khasab')).toBe(true);
  });

  it('keeps only tours bookable on the date (stock left, or confirmed on request)', async () => {
    const all = await searchCatalogue(database.db, {}, 10);
    const onDate = await searchCatalogue(database.db, { date: '2026-12-01' }, 10);
    expect(onDate.total).toBeGreaterThan(0);
    expect(onDate.total).toBeLessThanOrEqual(all.total);
    // Far outside the seeded window only offers without live availability remain.
    const outsideWindow = await searchCatalogue(database.db, { date: '2030-01-01' }, 10);
    expect(outsideWindow.total).toBeLessThan(onDate.total);
  });

  it('pages in twelves and says when more follow', async () => {
    const first = await searchCatalogue(database.db, {}, 1);
    expect(first.tours).toHaveLength(12);
    expect(first.hasMore).toBe(true);
    const two = await searchCatalogue(database.db, {}, 2);
    expect(two.tours.slice(0, 12)).toEqual(first.tours);
  });
});

describe('sorts', () => {
  it('orders by price both ways and by duration', async () => {
    const prices = (await searchCatalogue(database.db, { sort: 'price' }, 10)).tours.map((tour) => tour.fromPrice ?? Infinity);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const descending = (await searchCatalogue(database.db, { sort: 'price-desc' }, 10)).tours.map((tour) => tour.fromPrice ?? -Infinity);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    const durations = (await searchCatalogue(database.db, { text: 'dubai', sort: 'duration' }, 10)).tours.map((tour) => tour.durationMinutes);
    expect(durations).toEqual([...durations].sort((a, b) => a - b));
  });

  it('puts the most booked tour first once the bookings are counted', async () => {
    const offer = await findOffer(database.db, 'shared');
    const [tour] = await database.db.select({ slug: tours.slug }).from(tours).where(eq(tours.id, offer.tourId));
    const date = addDays('2026-11-21', 25);
    const slot = await prepareSlot(database.db, offer.id, date, { left: 10 });
    const agent = await principalFor(database.db, 'senior@desertrose.test');
    for (let i = 0; i < 2; i++) {
      await createBooking(database.db, agent, checkoutInput({ offerId: offer.id, date, time: slot.startTime }), { locale: 'en', now });
    }
    await countTourPopularity(database.db);
    expect((await slugs({ sort: 'popular' }, 1))[0]).toBe(tour!.slug);
    // Without a text the most booked come first by default.
    expect((await slugs({}, 1))[0]).toBe(tour!.slug);
  });
});

describe('when nothing matches', () => {
  it('suggests the closest tours', async () => {
    const results = await searchCatalogue(database.db, { text: 'burj halifaa towr' }, 1);
    if (results.total === 0) expect(results.suggestions.map((tour) => tour.slug)).toContain('burj-khalifa-at-the-top');
    else expect(results.tours[0]!.slug).toBe('burj-khalifa-at-the-top');
    const farOff = await searchCatalogue(database.db, { text: 'akvaventchur' }, 1);
    expect(farOff.total).toBe(0);
    expect(farOff.suggestions.map((tour) => tour.slug)).toContain('aquaventure-waterpark');
  });

  it('suggests matches elsewhere when the filters leave none', async () => {
    const results = await searchCatalogue(database.db, { text: 'burj khalifa', city: 'sharjah' }, 1);
    expect(results.total).toBe(0);
    expect(results.suggestions[0]?.slug).toBe('burj-khalifa-at-the-top');
  });
});

describe('the search columns the database keeps', () => {
  it('follows a renamed city and a changed price', async () => {
    await database.db.update(cities).set({ name: { en: 'Fujairah Coast', ru: 'Побережье Фуджейры' } }).where(eq(cities.slug, 'fujairah'));
    expect((await searchCatalogue(database.db, { text: 'побережье' }, 1)).facets.city.fujairah).toBeGreaterThan(0);

    const offer = await findOffer(database.db, 'shared');
    await database.db.update(offers).set({ recPricePerAdult: 1 }).where(eq(offers.id, offer.id));
    const [row] = await database.db.select({ fromPrice: tours.fromPrice }).from(tours).where(eq(tours.id, offer.tourId));
    expect(row?.fromPrice).toBe(1);
    const cheapest = await searchCatalogue(database.db, { sort: 'price' }, 1);
    expect(cheapest.tours[0]?.fromPrice).toBe(1);
  });

  it('uses the trigram index for a text', async () => {
    // Ten thousand tours make the planner choose it (the bench); here, with seq scans off, it must be there to be chosen.
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(sql`explain select id from tours where catalog_search_text('burdj') <% search_text`);
    });
    expect(JSON.stringify(plan)).toContain('tours_search_text_trgm_idx');
  });
});
