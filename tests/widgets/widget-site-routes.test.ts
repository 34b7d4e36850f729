import { eq, ne } from 'drizzle-orm';
import { GET as getRobots } from '@/app/robots.txt/route';
import { GET as getSitemap } from '@/app/sitemap.xml/route';
import { GET as getWidgetTour } from '@/app/api/v1/widgets/tour/url/[url]/route';
import { generateMetadata as widgetSiteMetadata } from '@/app/widget-site/[host]/[visitorLocale]/layout';
import WidgetSitePage from '@/app/widget-site/[host]/[visitorLocale]/page';
import { createTranslator } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { loadMessages } from '@/messages/areas';
import type { Principal } from '@/server/auth/principal';
import { settings, tours, widgets } from '@/server/db/schema';
import { seedAgencies } from '@/server/db/seed/agencies';
import { seedCatalogue } from '@/server/db/seed/catalogue';
import { convertFromAed } from '@/shared/money/money';
import { discountedPrice, lowestAllowedSalePrice } from '@/shared/widgets/widget-pricing';
import { aedInput, emptyWidgetValues, type WidgetFormValues, widgetFormSchema } from '@/shared/widgets/widget-schema';
import { createWidget } from '@/server/widgets/manage-widgets';
import { loadWidgetCatalogue } from '@/server/widgets/widget-catalogue';
import { principalFor } from '../support/booking-fixtures';
import { apiRequest, segment, serveRoutesFrom } from '../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Spec §7's public `GET /widgets/tour/url/{url}` (a tour as an agency's widget sells
// it, or spec §8's 'could not get data'), and a widget domain's own sitemap.xml and robots.txt.
// Next's data cache needs a Next server: here a cached read runs its loader.
vi.mock('next/cache', async (original) => ({ ...(await original<object>()), unstable_cache: <T>(loader: T) => loader }));
// The pages' translations in the language they ask for, as the app's request config gives them.
vi.mock('next-intl/server', () => ({
  setRequestLocale: () => {},
  getTranslations: async ({ locale, namespace }: { locale: 'en' | 'ru'; namespace: string }) =>
    createTranslator({ locale, messages: await loadMessages(locale), namespace, timeZone: 'Asia/Dubai' }),
}));

let database: TestDatabase;
let admin: Principal;
let offer: { id: string; tourId: string; adult: number; child: number | null };
let tourSlug: string;
let otherTourSlug: string;
const DISCOUNT = 10;

async function siteWidget(domain: string, overrides: Partial<WidgetFormValues> = {}) {
  const sale = {
    offerId: offer.id,
    saleAdult: aedInput(lowestAllowedSalePrice(offer.adult, DISCOUNT)),
    saleChild: offer.child === null ? '' : aedInput(lowestAllowedSalePrice(offer.child, DISCOUNT)),
    saleTrip: '',
  };
  const input = widgetFormSchema.parse({ ...emptyWidgetValues('en'), name: 'Desert tours', domain, discountPercent: String(DISCOUNT), offers: [sale], ...overrides });
  const { id } = await createWidget(database.db, admin, input);
  await database.db.update(widgets).set({ domainStatus: 'verified' }).where(eq(widgets.id, id));
  return id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalogue(database.db, { today: new Date('2026-11-21T08:00:00Z') });
  await seedAgencies(database.db);
  serveRoutesFrom(database);
  admin = await principalFor(database.db, 'admin@desertrose.test');
  const catalogue = await loadWidgetCatalogue(database.db);
  const [id, cost] = [...catalogue.entries()].find(([, candidate]) => candidate.b2b.adult !== null && candidate.b2b.trip === null)!;
  offer = { id, tourId: cost.tourId, adult: cost.b2b.adult!, child: cost.b2b.child };
  const [tour] = await database.db.select({ slug: tours.slug }).from(tours).where(eq(tours.id, offer.tourId));
  tourSlug = tour!.slug;
  const [other] = await database.db.select({ slug: tours.slug }).from(tours).where(ne(tours.id, offer.tourId)).limit(1);
  otherTourSlug = other!.slug;
  await database.db.insert(settings).values({ key: 'rubPerAed', value: 25 }).onConflictDoUpdate({ target: settings.key, set: { value: 25 } });
  await siteWidget('tours.desertrose.test', { metaTitle: 'Desert <b>tours</b>' });
  await siteWidget('hidden.desertrose.test', { noIndex: true });
});
afterAll(() => database.dispose());

const tourRequest = (slug: string, query: Record<string, string>) =>
  getWidgetTour(apiRequest(`/api/v1/widgets/tour/url/${slug}?${new URLSearchParams(query)}`), segment({ url: slug }));

describe('GET /widgets/tour/url/{url}', () => {
  it('answers the tour as the agency’s widget sells it, at the guest’s prices in the asked currency', async () => {
    const response = await tourRequest(tourSlug, { agencyGuid: admin.agencyId, currencyCode: 'USD' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { currencyCode: string; tour: { slug: string; title: string }; offers: { offerId: string; prices: Record<string, number | null> }[] };
    const guestAdult = discountedPrice(lowestAllowedSalePrice(offer.adult, DISCOUNT), DISCOUNT);
    expect(body.currencyCode).toBe('USD');
    expect(body.tour.slug).toBe(tourSlug);
    expect(body.offers).toHaveLength(1);
    expect(body.offers[0]).toMatchObject({ offerId: offer.id, prices: { adult: convertFromAed(guestAdult, 'USD'), trip: null } });
    expect(JSON.stringify(body)).not.toContain(`"adult":${offer.adult}`);

    const roubles = (await (await tourRequest(tourSlug, { agencyGuid: admin.agencyId, currencyCode: 'RUB', language: 'ru' })).json()) as typeof body;
    expect(roubles.offers[0]!.prices.adult).toBe(convertFromAed(guestAdult, 'RUB', { rubPerAed: 25 }));
    expect(roubles.tour.title).toMatch(/[А-Яа-яЁё]/);

    const widgetCurrency = (await (await tourRequest(tourSlug, { agencyGuid: admin.agencyId })).json()) as typeof body;
    expect(widgetCurrency.currencyCode).toBe('AED');
    expect(widgetCurrency.offers[0]!.prices.adult).toBe(guestAdult);
  });

  it('answers an unknown tour, agency or a tour the widget does not sell with spec §8’s could not get data', async () => {
    for (const [slug, agencyGuid] of [
      ['no-such-tour', admin.agencyId],
      // A live tour the agency's widget does not sell.
      [otherTourSlug, admin.agencyId],
      [tourSlug, '00000000-0000-4000-8000-000000000009'],
      ['Not a slug!', admin.agencyId],
    ]) {
      const response = await tourRequest(slug!, { agencyGuid: agencyGuid! });
      expect(response.status, slug).toBe(404);
      expect(await response.json()).toEqual({ message: 'Could not get data' });
    }
  });

  it('answers a query that does not parse 422, with the same message', async () => {
    const response = await tourRequest(tourSlug, { agencyGuid: 'nope', currencyCode: 'EUR' });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual(
      expect.arrayContaining([
        { fieldName: 'agencyGuid', errorMessage: 'Could not get data' },
        { fieldName: 'currencyCode', errorMessage: 'Could not get data' },
      ]),
    );
  });
});

describe('a widget domain’s sitemap.xml and robots.txt', () => {
  const onHost = (host: string, path: string) => apiRequest(path, { headers: { host } });

  it('list the site itself on its own domain, over HTTPS', async () => {
    const sitemap = await getSitemap(onHost('tours.desertrose.test', '/sitemap.xml'));
    expect(sitemap.status).toBe(200);
    const xml = await sitemap.text();
    expect(xml).toContain('<loc>https://tours.desertrose.test/</loc>');
    expect(xml).not.toContain('localhost');
    const robots = await (await getRobots(onHost('tours.desertrose.test:3000', '/robots.txt'))).text();
    expect(robots).toContain('Sitemap: https://tours.desertrose.test/sitemap.xml');
    expect(robots).toContain('Allow: /');
    expect(robots).not.toContain('/my-bookings');
  });

  it('keep everything out of search engines for a no-index site and for a domain no widget serves', async () => {
    for (const host of ['hidden.desertrose.test', 'unknown.example.com']) {
      const robots = await (await getRobots(onHost(host, '/robots.txt'))).text();
      expect(robots, host).toBe('User-agent: *\nDisallow: /\n');
    }
    expect((await getSitemap(onHost('unknown.example.com', '/sitemap.xml'))).status).toBe(404);
    expect(await (await getSitemap(onHost('hidden.desertrose.test', '/sitemap.xml'))).text()).not.toContain('<loc>');
  });

  it('stay the portal’s on the portal’s own hosts', async () => {
    const robots = await (await getRobots(onHost('localhost:3000', '/robots.txt'))).text();
    expect(robots).toContain('Disallow: /my-bookings');
    expect(robots).toContain('Sitemap: http://localhost:');
  });
});

describe('the widget site’s page', () => {
  const params = (host: string, visitorLocale = 'en') => ({ params: Promise.resolve({ host, visitorLocale }) });

  it('renders the site of its host, the agency’s texts as text, with its own title and canonical URL', async () => {
    const html = renderToStaticMarkup(await WidgetSitePage(params('tours.desertrose.test')));
    expect(html).toContain('Desert &lt;b&gt;tours&lt;/b&gt;');
    expect(html).not.toContain('<b>');
    expect(html).toContain(`data-offer-id="${offer.id}"`);
    const metadata = await widgetSiteMetadata(params('tours.desertrose.test'));
    expect(metadata).toMatchObject({ title: 'Desert <b>tours</b>', alternates: { canonical: 'https://tours.desertrose.test/' }, icons: [] });
    expect(metadata.robots).toBeUndefined();
    expect((await widgetSiteMetadata(params('hidden.desertrose.test'))).robots).toEqual({ index: false, follow: false });
  });

  it('is not found on a domain no widget serves, and says so in the visitor’s language', async () => {
    await expect(WidgetSitePage(params('unknown.example.com'))).rejects.toMatchObject({ digest: expect.stringContaining('404') });
    expect(await widgetSiteMetadata(params('unknown.example.com', 'ru'))).toMatchObject({ title: 'Сайт не найден', robots: { index: false, follow: false } });
  });
});
