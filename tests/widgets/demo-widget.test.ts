import { seedDemoData } from '@/server/db/seed';
import { DEMO_EMBED_DOMAIN, DEMO_EMBED_WIDGET_ID, DEMO_RUSSIAN_WIDGET_DOMAIN, DEMO_WIDGET_DOMAIN } from '@/server/db/seed/widgets';
import { loadEmbedWidgetFrom } from '@/server/widgets/embeds/embed-widget';
import { widgets } from '@/server/db/schema';
import { loadWidgetSiteFrom } from '@/server/widgets/sites/widget-site';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The demo data has two widget sites (English in dirhams, Russian in dollars) and an embed to look at (and for the benchmark): verified, with offers a
// guest can book, served on its host; seeding again adds nothing.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, { today: new Date('2026-11-21T08:00:00Z') });
});
afterAll(() => database.dispose());

it('seeds verified widget sites in both languages and an embed with their offers, once', async () => {
  const site = await loadWidgetSiteFrom(database.db, `${DEMO_WIDGET_DOMAIN}:3000`);
  expect(site).toMatchObject({ name: 'Desert Rose Tours', type: 'multi_tour', domain: DEMO_WIDGET_DOMAIN });
  expect(site!.offers.length).toBeGreaterThan(0);
  const embed = await loadEmbedWidgetFrom(database.db, { widgetId: DEMO_EMBED_WIDGET_ID, site: DEMO_EMBED_DOMAIN });
  expect(embed?.offers.length).toBe(site!.offers.length);
  const russian = await loadWidgetSiteFrom(database.db, DEMO_RUSSIAN_WIDGET_DOMAIN);
  expect(russian).toMatchObject({ type: 'single_tour', locale: 'ru', currency: 'USD' });
  expect(new Set(russian!.offers.map((offer) => offer.tourSlug)).size).toBe(1);
  await seedDemoData(database.db, { today: new Date('2026-11-21T08:00:00Z') });
  expect(await database.db.$count(widgets)).toBe(3);
});
