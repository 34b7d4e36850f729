import { eq } from 'drizzle-orm';
import { getAgentTourDetails } from '@/server/catalog/agent-details';
import { loadCityPage, loadCountryPage, loadHomeData, loadTourPage, SEARCH_PAGE_SIZE, searchTourCards } from '@/server/catalog/queries';
import type { Principal } from '@/server/auth/principal';
import { offers, tours } from '@/server/db/schema';
import { seedCatalogue } from '@/server/db/seed/catalogue';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
// A date inside the seeded window (Asia/Dubai).
const today = new Date('2026-11-21T08:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalogue(database.db, { today });
});
afterAll(() => database.dispose());

const agent = (role: Principal['role']): Principal => ({
  userId: '00000000-0000-4000-8000-000000000000',
  email: `${role}@example.test`,
  name: role,
  role,
  agencyId: '00000000-0000-4000-8000-000000000001',
  agencyName: 'Test agency',
  agencyApproved: true,
});

describe("the API's tour lists", () => {
  it('filters by city and category', async () => {
    const inSharjah = await searchTourCards(database.db, { city: 'sharjah' }, 5);
    expect(inSharjah.total).toBeGreaterThan(0);
    expect(inSharjah.tours.every((tour) => tour.city.slug === 'sharjah')).toBe(true);
    const safaris = await searchTourCards(database.db, { category: 'desert-safari' }, 5);
    expect(safaris.total).toBeGreaterThan(0);
    expect(safaris.tours.every((tour) => tour.categorySlugs.includes('desert-safari'))).toBe(true);
  });

  it('pages in twelves and says when more follow', async () => {
    const first = await searchTourCards(database.db, {}, 1);
    expect(first.tours).toHaveLength(SEARCH_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    const two = await searchTourCards(database.db, {}, 2);
    expect(two.tours.slice(0, SEARCH_PAGE_SIZE)).toEqual(first.tours);
    expect(two.tours.length).toBe(Math.min(first.total, 2 * SEARCH_PAGE_SIZE));
  });
});

describe('public pages', () => {
  it('gives a tour page its offers with retail prices only and hero images by the spec rule', async () => {
    const page = await loadTourPage(database.db, 'burj-khalifa-at-the-top');
    expect(page?.offers.length).toBeGreaterThan(0);
    const [first] = page!.offers;
    expect(first!.heroImage).toBe(page!.photos[0]!.url);
    expect(JSON.stringify(page)).not.toMatch(/pricePer|notesToAgents/);
    const [dbOffer] = await database.db.select().from(offers).where(eq(offers.id, first!.id));
    expect(first!.retail.adult).toBe(dbOffer!.recPricePerAdult);
  });

  it('has no page for an unknown or inactive tour', async () => {
    expect(await loadTourPage(database.db, 'no-such-tour')).toBeNull();
    await database.db.update(tours).set({ isActive: false }).where(eq(tours.slug, 'dubai-frame'));
    expect(await loadTourPage(database.db, 'dubai-frame')).toBeNull();
    await database.db.update(tours).set({ isActive: true }).where(eq(tours.slug, 'dubai-frame'));
  });

  it('groups a city’s and a country’s tours by the categories they use', async () => {
    const city = await loadCityPage(database.db, 'dubai');
    expect(city?.country.slug).toBe('uae');
    expect(city!.tours.every((tour) => tour.city.slug === 'dubai')).toBe(true);
    for (const category of city!.categories) {
      expect(city!.tours.some((tour) => tour.categorySlugs.includes(category.slug))).toBe(true);
    }
    const country = await loadCountryPage(database.db, 'uae');
    expect(country!.cities.map((c) => c.slug)).toContain('abu-dhabi');
    expect(country!.tours.length).toBeGreaterThan(city!.tours.length);
  });

  it('offers featured tours and top destinations for the home page', async () => {
    const home = await loadHomeData(database.db);
    expect(home.featured.length).toBeGreaterThan(0);
    expect(home.cities.some((city) => city.isTopDestination)).toBe(true);
  });
});

describe('slugs that cannot be one', () => {
  // PostgreSQL refuses a NUL in text: before the check, each of these answered a 500.
  const bad = ['dubai\u0000', 'x'.repeat(5_000), 'Burj Khalifa', '../uae'];

  it('are not found, without a database error', async () => {
    for (const slug of bad) {
      expect(await loadTourPage(database.db, slug)).toBeNull();
      expect(await loadCityPage(database.db, slug)).toBeNull();
      expect(await loadCountryPage(database.db, slug)).toBeNull();
      expect(await getAgentTourDetails(database.db, agent('senior'), slug)).toBeNull();
    }
  });
});

describe('agent details', () => {
  it('gives seniors the b2b rates, and juniors only the notes', async () => {
    const senior = await getAgentTourDetails(database.db, agent('senior'), 'burj-khalifa-at-the-top');
    const junior = await getAgentTourDetails(database.db, agent('junior'), 'burj-khalifa-at-the-top');
    expect(senior?.b2b?.length).toBeGreaterThan(0);
    expect(senior?.notesToAgents?.en).toBeTruthy();
    expect(junior?.b2b).toBeNull();
    expect(junior?.notesToAgents).toEqual(senior?.notesToAgents);
  });
});
