import { eq } from 'drizzle-orm';
import { JsonLd } from '@/components/catalog/json-ld';
import { mapsLink, MAP_HEIGHT, MAP_WIDTH, staticMapShape } from '@/components/catalog/tour-page/static-map';
import { tourJsonLd } from '@/components/catalog/tour-page/tour-json-ld';
import { loadTourPage, type TourPage } from '@/server/catalog/queries';
import { loadRelatedTours, loadRelatedTourSlugs, RELATED_TOURS_LIMIT } from '@/server/catalog/related-tours';
import { tours } from '@/server/db/schema';
import { tourVideoOf } from '@/shared/catalog/tour-video';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The tour page's data on a real database (its facts, gallery and related tours) and its pure
// parts: the structured data for rich results, the generated map, the video's kind.

let database: TestDatabase;
const today = new Date('2026-11-21T08:00:00Z');
const SAFARI = 'evening-desert-safari-bbq-dinner';

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today } });
});
afterAll(() => database.dispose());

async function safari(): Promise<TourPage> {
  const tour = await loadTourPage(database.db, SAFARI);
  if (!tour) throw new Error('the demo safari is missing');
  return tour;
}

describe('the tour page loader', () => {
  it('reads the facts the operator set: inclusions, exclusions, meeting point, languages, accessibility, video', async () => {
    const tour = await safari();
    expect(tour.inclusions.length).toBeGreaterThan(2);
    expect(tour.inclusions[0]).toEqual({ en: expect.any(String), ru: expect.any(String) });
    expect(tour.exclusions.map((item) => item.en)).toContain('Tips');
    expect(tour.meetingPoint).toMatchObject({ name: { en: expect.stringContaining('Lahbab'), ru: expect.stringContaining('Лахбаб') }, latitude: 24.9731, longitude: 55.6236, mapImage: null });
    expect(tour.languages).toEqual(['en', 'ru', 'ar']);
    expect(tour.accessibility?.ru).toMatch(/колясок/);
    expect(tour.videoUrl).toBe('/videos/desert-safari.webm');
  });

  it('gives the gallery in the operator order, each photo with its text in both languages', async () => {
    const tour = await safari();
    expect(tour.photos.length).toBeGreaterThanOrEqual(4);
    expect(tour.photos[0]?.url).toBe('/images/demo/desert-sunset.webp');
    for (const photo of tour.photos) expect(photo.alt).toEqual({ en: expect.any(String), ru: expect.any(String) });
  });

  it('leaves the facts empty for a tour that has none', async () => {
    const tour = await loadTourPage(database.db, 'dune-buggy-adventure');
    expect(tour).toMatchObject({ inclusions: [], exclusions: [], meetingPoint: null, languages: [], accessibility: null });
  });
});

describe('related tours', () => {
  it('lists other tours of the same city, those sharing its categories first, never the tour itself', async () => {
    const related = await loadRelatedTours(database.db, SAFARI);
    expect(related).toHaveLength(RELATED_TOURS_LIMIT);
    expect(related.map((tour) => tour.slug)).not.toContain(SAFARI);
    expect(related.every((tour) => tour.city.slug === 'dubai')).toBe(true);
    // The city's other desert safaris share both its categories: they come first.
    expect(related.slice(0, 2).every((tour) => tour.categorySlugs.includes('desert-safari'))).toBe(true);
    expect(related.every((tour) => tour.fromPrice !== null && tour.heroImage !== null)).toBe(true);
  });

  it('leaves out a tour taken off sale, and shows none for a city with one tour', async () => {
    const [first] = await loadRelatedTourSlugs(database.db, SAFARI);
    await database.db.update(tours).set({ isActive: false }).where(eq(tours.slug, first!));
    try {
      expect((await loadRelatedTours(database.db, SAFARI)).map((tour) => tour.slug)).not.toContain(first);
    } finally {
      await database.db.update(tours).set({ isActive: true }).where(eq(tours.slug, first!));
    }
    const [khasab] = await database.db.select({ cityId: tours.cityId }).from(tours).where(eq(tours.slug, 'khasab-mountain-safari'));
    const neighbours = await database.db.select({ slug: tours.slug }).from(tours).where(eq(tours.cityId, khasab!.cityId));
    expect((await loadRelatedTours(database.db, 'khasab-mountain-safari')).map((tour) => tour.slug).sort()).toEqual(
      neighbours.map((row) => row.slug).filter((slug) => slug !== 'khasab-mountain-safari').sort().slice(0, RELATED_TOURS_LIMIT),
    );
  });

  it('answers nothing for an unknown or malformed slug', async () => {
    expect(await loadRelatedTours(database.db, 'no-such-tour')).toEqual([]);
    expect(await loadRelatedTours(database.db, "x' or 1=1")).toEqual([]);
  });
});

describe('structured data', () => {
  /** The JSON-LD exactly as the page sends it, parsed back. */
  function rendered(data: object) {
    const element = JsonLd({ data });
    return JSON.parse(element.props.dangerouslySetInnerHTML.__html) as { '@context': string; '@graph': Record<string, unknown>[] };
  }
  const site = { locale: 'en' as const, url: 'https://traveldesk.example/tour/x', origin: 'https://traveldesk.example' };

  it('is a Product with an AggregateOffer of retail prices in the host currency, and a TouristTrip', async () => {
    const tour = await safari();
    const data = rendered(tourJsonLd(tour, { ...site, currency: 'AED' }));
    expect(data['@context']).toBe('https://schema.org');
    const product = data['@graph'].find((node) => node['@type'] === 'Product');
    const trip = data['@graph'].find((node) => node['@type'] === 'TouristTrip');
    // Google's product snippet: a name, an image and an offer with a price and its currency.
    expect(product).toMatchObject({ name: tour.title.en, description: tour.summary.en, sku: SAFARI, url: site.url });
    expect(product?.image).toEqual(tour.photos.map((photo) => `https://traveldesk.example${photo.url}`));
    expect(product?.offers).toMatchObject({ '@type': 'AggregateOffer', lowPrice: '180.00', highPrice: '1200.00', priceCurrency: 'AED', availability: 'https://schema.org/InStock' });
    const offers = trip?.offers as Record<string, unknown>[];
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) {
      expect(offer).toMatchObject({ '@type': 'Offer', priceCurrency: 'AED', availability: expect.stringMatching(/^https:\/\/schema\.org\//), url: site.url });
      expect(offer.price).toMatch(/^\d+\.\d{2}$/);
    }
  });

  it('prices the Russian host in dollars, in Russian', async () => {
    const tour = await safari();
    const data = rendered(tourJsonLd(tour, { ...site, locale: 'ru', currency: 'USD' }));
    const product = data['@graph'].find((node) => node['@type'] === 'Product');
    expect(product).toMatchObject({ name: tour.title.ru, offers: { priceCurrency: 'USD', lowPrice: (Math.round(18000 / 3.65) / 100).toFixed(2) } });
  });

  it('escapes a text that would close the script early', async () => {
    const tour = await safari();
    const sneaky = { ...tour, title: { en: '</script><script>alert(1)</script>', ru: 'x' } };
    const html = JsonLd({ data: tourJsonLd(sneaky, { ...site, currency: 'AED' }) }).props.dangerouslySetInnerHTML.__html;
    expect(html).not.toContain('</script>');
    expect(rendered(tourJsonLd(sneaky, { ...site, currency: 'AED' }))['@graph'][0]?.name).toBe(sneaky.title.en);
  });
});

describe('the generated map and the video', () => {
  it('pins a point of the Emirates on the outline, and a point elsewhere on a grid', () => {
    const dubai = staticMapShape(25.1972, 55.2744);
    expect(dubai.country).toMatch(/^M/);
    expect(dubai.pin.x).toBeGreaterThan(0);
    expect(dubai.pin.x).toBeLessThan(MAP_WIDTH);
    expect(dubai.pin.y).toBeGreaterThan(0);
    expect(dubai.pin.y).toBeLessThan(MAP_HEIGHT);
    const abuDhabi = staticMapShape(24.4539, 54.3773);
    expect(abuDhabi.pin.x).toBeLessThan(dubai.pin.x);
    expect(abuDhabi.pin.y).toBeGreaterThan(dubai.pin.y);
    const moscow = staticMapShape(55.75, 37.62);
    expect(moscow).toMatchObject({ country: null, sea: [], pin: { x: MAP_WIDTH / 2, y: MAP_HEIGHT / 2 } });
    expect(moscow.grid).toMatch(/^M/);
  });

  it('links to the maps provider at the coordinates', () => {
    expect(mapsLink(25.1972, 55.2744)).toBe('https://www.google.com/maps/search/?api=1&query=25.197200%2C55.274400');
  });

  it('plays a path on our host as a file, and reads YouTube and Vimeo links as their players', () => {
    expect(tourVideoOf('/videos/desert-safari.webm')).toEqual({ kind: 'file', url: '/videos/desert-safari.webm' });
    expect(tourVideoOf('https://www.youtube.com/embed/Xc2m7bQ0rLk')).toEqual({ kind: 'youtube', id: 'Xc2m7bQ0rLk' });
    expect(tourVideoOf('//evil.example/x.webm')).toBeNull();
    expect(tourVideoOf('javascript:alert(1)')).toBeNull();
    expect(tourVideoOf(null)).toBeNull();
  });
});
