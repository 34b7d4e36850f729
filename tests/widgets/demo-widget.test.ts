import { seedDemoData } from '@/server/db/seed';
import { DEMO_EMBED_DOMAIN, DEMO_EMBED_WIDGET_ID, DEMO_WIDGET_DOMAIN } from '@/server/db/seed/widgets';
import { loadEmbedWidgetFrom } from '@/server/widgets/embeds/embed-widget';
import { widgets } from '@/server/db/schema';
import { loadWidgetSiteFrom } from '@/server/widgets/sites/widget-site';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The demo data has a widget site and an embed to look at (and for the benchmark): verified, with offers a
// guest can book, served on its host; seeding again adds nothing.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, { today: new Date('2026-11-21T08:00:00Z') });
});
afterAll(() => database.dispose());

it('seeds a verified multi-tour widget site and an embed with their offers, once', async () => {
  const site = await loadWidgetSiteFrom(database.db, `${DEMO_WIDGET_DOMAIN}:3000`);
  expect(site).toMatchObject({ name: 'Desert Rose Tours', type: 'multi_tour', domain: DEMO_WIDGET_DOMAIN });
  expect(site!.offers.length).toBeGreaterThan(0);
  const embed = await loadEmbedWidgetFrom(database.db, { widgetId: DEMO_EMBED_WIDGET_ID, site: DEMO_EMBED_DOMAIN });
  expect(embed?.offers.length).toBe(site!.offers.length);
  await seedDemoData(database.db, { today: new Date('2026-11-21T08:00:00Z') });
  expect(await database.db.$count(widgets)).toBe(2);
});
