import { eq } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import { agencies, offers, settings, storedFiles, widgets } from '@/server/db/schema';
import { seedAgencies } from '@/server/db/seed/agencies';
import { seedCatalogue } from '@/server/db/seed/catalogue';
import { discountedPrice, lowestAllowedSalePrice } from '@/shared/widgets/widget-pricing';
import { aedInput, emptyWidgetValues, type WidgetFormValues, widgetFormSchema } from '@/shared/widgets/widget-schema';
import { createWidget, deleteWidget } from '@/server/widgets/manage-widgets';
import { loadWidgetCatalogue } from '@/server/widgets/widget-catalogue';
import { loadWidgetSiteFrom, widgetDomainOf } from '@/server/widgets/sites/widget-site';
import { principalFor } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// What a widget's domain serves. Only a verified, live site widget of an open agency,
// at the guest's prices (the sale prices after the discount), never the b2b cost.

let database: TestDatabase;
let admin: Principal;
let otherAdmin: Principal;
/** Per-person offers of two tours, with their b2b costs. */
let first: { id: string; tourId: string; adult: number; child: number | null };
let second: { id: string; tourId: string; adult: number; child: number | null };

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalogue(database.db, { today: new Date('2026-11-21T08:00:00Z') });
  await seedAgencies(database.db);
  admin = await principalFor(database.db, 'admin@desertrose.test');
  otherAdmin = await principalFor(database.db, 'admin@gulfhorizons.test');
  const catalogue = await loadWidgetCatalogue(database.db);
  const perPerson = [...catalogue.entries()].filter(([, cost]) => cost.b2b.adult !== null && cost.b2b.trip === null);
  const [a, b] = [perPerson[0]!, perPerson.find(([, cost]) => cost.tourId !== perPerson[0]![1].tourId)!];
  first = { id: a[0], tourId: a[1].tourId, adult: a[1].b2b.adult!, child: a[1].b2b.child };
  second = { id: b[0], tourId: b[1].tourId, adult: b[1].b2b.adult!, child: b[1].b2b.child };
});
afterAll(() => database.dispose());

/** An offer priced `markup` fils above the lowest price the discount allows. */
const priced = (offer: typeof first, discount: number, markup = 0) => ({
  offerId: offer.id,
  saleAdult: aedInput(lowestAllowedSalePrice(offer.adult, discount) + markup),
  saleChild: offer.child === null ? '' : aedInput(lowestAllowedSalePrice(offer.child, discount) + markup),
  saleTrip: '',
});

/** A widget created in the editor, then marked verified as the domain check would. */
async function siteWidget(domain: string, overrides: Partial<WidgetFormValues> = {}, principal = admin, status: 'verified' | 'pending' = 'verified') {
  const input = widgetFormSchema.parse({ ...emptyWidgetValues('en'), name: 'Desert tours', domain, offers: [priced(first, 0), priced(second, 0)], ...overrides });
  const { id } = await createWidget(database.db, principal, input);
  await database.db.update(widgets).set({ domainStatus: status }).where(eq(widgets.id, id));
  return id;
}

/** Every key of a JSON-like value, at any depth. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
}

describe('the widget site of a host', () => {
  it('is served only for a verified domain, on that host, whatever the case and port', async () => {
    const id = await siteWidget('tours.desertrose.test');
    await siteWidget('pending.desertrose.test', {}, admin, 'pending');
    expect((await loadWidgetSiteFrom(database.db, 'tours.desertrose.test'))?.id).toBe(id);
    expect((await loadWidgetSiteFrom(database.db, 'Tours.DesertRose.test:443'))?.id).toBe(id);
    expect(await loadWidgetSiteFrom(database.db, 'pending.desertrose.test')).toBeNull();
    expect(await loadWidgetSiteFrom(database.db, 'other.desertrose.test')).toBeNull();
    expect(await loadWidgetSiteFrom(database.db, 'desertrose.test')).toBeNull();
  });

  it('is not served for a deleted widget, an embedded type, or a suspended agency', async () => {
    const deleted = await siteWidget('deleted.desertrose.test');
    await deleteWidget(database.db, admin, deleted);
    expect(await loadWidgetSiteFrom(database.db, 'deleted.desertrose.test')).toBeNull();

    await siteWidget('embed.desertrose.test', { type: 'multi_tour_embedded' });
    expect(await loadWidgetSiteFrom(database.db, 'embed.desertrose.test')).toBeNull();

    await siteWidget('tours.gulfhorizons.test', {}, otherAdmin);
    expect(await loadWidgetSiteFrom(database.db, 'tours.gulfhorizons.test')).not.toBeNull();
    await database.db.update(agencies).set({ status: 'suspended' }).where(eq(agencies.id, otherAdmin.agencyId));
    expect(await loadWidgetSiteFrom(database.db, 'tours.gulfhorizons.test')).toBeNull();
    await database.db.update(agencies).set({ status: 'active' }).where(eq(agencies.id, otherAdmin.agencyId));
  });

  it('never looks up a host that cannot be a widget domain', () => {
    expect(widgetDomainOf('localhost:3000')).toBeNull();
    expect(widgetDomainOf('127.0.0.1')).toBeNull();
    expect(widgetDomainOf(`${'a'.repeat(300)}.test`)).toBeNull();
    expect(widgetDomainOf('TOURS.agency.test:8080')).toBe('tours.agency.test');
  });

  it('shows the guest prices (the sale prices after the discount), and nothing of the b2b cost', async () => {
    const discount = 10;
    const markup = 500;
    await siteWidget('discount.desertrose.test', { discountPercent: String(discount), offers: [priced(first, discount, markup), priced(second, discount)] });
    const site = await loadWidgetSiteFrom(database.db, 'discount.desertrose.test');
    const offer = site!.offers.find((candidate) => candidate.offerId === first.id)!;
    const sale = lowestAllowedSalePrice(first.adult, discount) + markup;
    expect(offer.prices.adult).toBe(discountedPrice(sale, discount));
    expect(offer.prices.child).toBe(first.child === null ? null : discountedPrice(lowestAllowedSalePrice(first.child, discount) + markup, discount));
    expect(offer.prices.trip).toBeNull();
    expect(Object.keys(offer).sort()).toEqual(['durationMinutes', 'name', 'offerId', 'photoUrl', 'prices', 'tourSlug', 'tourSummary', 'tourTitle']);
    expect(keysOf(site)).not.toContainEqual(expect.stringMatching(/cost|b2b|pricePer|discount|^recPrice/i));
  });

  it('leaves out an offer whose cost the operator raised above what its price allows, and inactive offers', async () => {
    await siteWidget('raised.desertrose.test');
    expect((await loadWidgetSiteFrom(database.db, 'raised.desertrose.test'))!.offers.map((offer) => offer.offerId)).toEqual([first.id, second.id]);
    await database.db.update(offers).set({ pricePerAdult: first.adult * 2 }).where(eq(offers.id, first.id));
    await database.db.update(offers).set({ isActive: false }).where(eq(offers.id, second.id));
    try {
      expect((await loadWidgetSiteFrom(database.db, 'raised.desertrose.test'))!.offers).toEqual([]);
    } finally {
      await database.db.update(offers).set({ pricePerAdult: first.adult }).where(eq(offers.id, first.id));
      await database.db.update(offers).set({ isActive: true }).where(eq(offers.id, second.id));
    }
  });

  it('carries the site settings: language, currency with the rouble rate, texts, links, pictures as public URLs', async () => {
    await database.db.insert(settings).values({ key: 'rubPerAed', value: 25.5 }).onConflictDoUpdate({ target: settings.key, set: { value: 25.5 } });
    const id = await siteWidget('ru.desertrose.test', {
      locale: 'ru',
      currency: 'RUB',
      offersTitle: 'Экскурсии',
      metaTitle: 'Туры по Дубаю',
      noIndex: true,
      conversionActionId: 'AW-123456789/AbC-D_efG',
      heroVideoUrl: 'https://video.example.com/hero.mp4',
      heroVideoDisabled: true,
      partners: [{ name: 'Partner', url: 'https://partner.example.com' }],
    });
    const [logo, hero] = await database.db
      .insert(storedFiles)
      .values([
        { agencyId: admin.agencyId, purpose: 'widgetLogo', storageKey: 'w/logo.png', originalName: 'logo.png', contentType: 'image/png', sizeBytes: 10 },
        { agencyId: admin.agencyId, purpose: 'widgetHeroImage', storageKey: 'w/hero.png', originalName: 'hero.png', contentType: 'image/png', sizeBytes: 10 },
      ])
      .returning({ id: storedFiles.id });
    await database.db.update(widgets).set({ logoFileIds: [logo!.id], heroImageFileId: hero!.id }).where(eq(widgets.id, id));

    const site = (await loadWidgetSiteFrom(database.db, 'ru.desertrose.test'))!;
    expect(site).toMatchObject({
      locale: 'ru',
      currency: 'RUB',
      rates: { rubPerAed: 25.5 },
      offersTitle: 'Экскурсии',
      metaTitle: 'Туры по Дубаю',
      noIndex: true,
      conversionActionId: 'AW-123456789/AbC-D_efG',
      heroVideoUrl: null,
      logoUrls: [`/api/catalog/images/${logo!.id}`],
      heroImageUrl: `/api/catalog/images/${hero!.id}`,
      partners: [{ name: 'Partner', url: 'https://partner.example.com' }],
    });
    // Names in the widget's language.
    expect(site.offers[0]!.name).toMatch(/[А-Яа-яЁё]/);
    await database.db.update(widgets).set({ heroVideoDisabled: false }).where(eq(widgets.id, id));
    expect((await loadWidgetSiteFrom(database.db, 'ru.desertrose.test'))!.heroVideoUrl).toBe('https://video.example.com/hero.mp4');
  });
});
