import { eq, ne } from 'drizzle-orm';
import { catalogTagsForTour } from '@/server/catalog/catalog-changes';
import { CATALOG_TAGS } from '@/server/catalog/tags';
import { cities, countries, embeddedJobs, tours, widgets } from '@/server/db/schema';
import { DEMO_WIDGET_DOMAIN } from '@/server/db/seed/widgets';
import { EDGE_PURGE_JOB, edgePurgeJobHandler, purgeChangedPages } from '@/server/edge-cache/edge-purge';
import { edgeUrlsForTags } from '@/server/edge-cache/edge-urls';
import type { EdgePurgeAdapter } from '@/server/edge-cache/purge-adapter';
import { EmbeddedQueue } from '@/server/jobs/embedded-queue';
import { installJobQueue } from '@/server/jobs/jobs';
import { loadWidgetSiteFrom, widgetCacheTags } from '@/server/widgets/sites/widget-site';
import { DEFAULT_HOSTS } from '@/shared/sites/site-variants';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// A catalogue or widget change purges exactly its pages from the shared caches, on every host
// and in both languages, and on the widget sites that show them; a cache that fails it gets a job.

let database: TestDatabase;
let soldTour: { slug: string; citySlug: string; countrySlug: string; isFeatured: boolean };
const env = { PORT: '3000', PUBLIC_ORIGINS: JSON.stringify({ main: 'https://b2b.example.com', russian: 'https://ru.example.com' }) };
// A deployment's hosts: the second has no public origin of its own (https on its name).
const hosts = { 'b2b.example.com': 'main', 'www.b2b.example.com': 'main', 'partner.example.com': 'second', 'ru.example.com': 'russian' } as const;

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: new Date('2026-11-21T08:00:00Z') } });
  const site = await loadWidgetSiteFrom(database.db, DEMO_WIDGET_DOMAIN);
  const slug = site!.offers[0]!.tourSlug;
  const [placement] = await database.db
    .select({ slug: tours.slug, citySlug: cities.slug, countrySlug: countries.slug, isFeatured: tours.isFeatured })
    .from(tours)
    .innerJoin(cities, eq(cities.id, tours.cityId))
    .innerJoin(countries, eq(countries.id, cities.countryId))
    .where(eq(tours.slug, slug));
  soldTour = placement!;
});
afterAll(async () => {
  installJobQueue(null);
  await database.dispose();
});

it("names a tour's pages on every host in both languages, its city's and country's, the sitemaps, and the widget sites selling it", async () => {
  const urls = await edgeUrlsForTags(database.db, catalogTagsForTour(soldTour), { hosts, env });
  const pages = [`/tour/${soldTour.slug}`, `/city/${soldTour.citySlug}`, `/${soldTour.countrySlug}`, ...(soldTour.isFeatured ? ['/'] : [])];
  const origins = ['https://b2b.example.com', 'https://www.b2b.example.com', 'https://partner.example.com', 'https://ru.example.com'];
  const expected = origins.flatMap((origin) => [
    ...pages.flatMap((page) => [`${origin}${page}`, `${origin}/ru${page === '/' ? '' : page}`]),
    `${origin}/sitemap.xml`,
  ]);
  const widgetDomains = (await database.db.select({ domain: widgets.domain }).from(widgets)).map((row) => row.domain);
  const sellers = urls.filter((url) => widgetDomains.some((domain) => domain && url.includes(`//${domain}`)));
  expect(sellers).toEqual(expect.arrayContaining([`https://${DEMO_WIDGET_DOMAIN}/`, `https://${DEMO_WIDGET_DOMAIN}/sitemap.xml`]));
  expect(urls.sort()).toEqual([...expected, ...sellers].sort());
  // The main host's public origin (https, no port) names its widget sites' scheme.
  expect(sellers.every((url) => url.startsWith('https://'))).toBe(true);
});

it('names no widget site for a tour none sells, and nothing for tags of no public page', async () => {
  const [other] = await database.db.select({ slug: tours.slug }).from(tours).where(ne(tours.slug, soldTour.slug)).limit(1);
  const urls = await edgeUrlsForTags(database.db, [CATALOG_TAGS.tour(`${other!.slug}-unsold`)], { hosts: DEFAULT_HOSTS, env: { PORT: '3000' } });
  expect(urls.sort()).toEqual(
    ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://partner.localhost:3000', 'http://ru.localhost:3000'].flatMap((origin) => [`${origin}/tour/${other!.slug}-unsold`, `${origin}/ru/tour/${other!.slug}-unsold`]).sort(),
  );
  expect(await edgeUrlsForTags(database.db, ['settings:site', 'agency:1'], { hosts: DEFAULT_HOSTS, env })).toEqual([]);
});

it("names a widget's site on its domain, also after the widget is deleted or its domain changed", async () => {
  const [widget] = await database.db.select({ id: widgets.id, domain: widgets.domain }).from(widgets).where(eq(widgets.domain, DEMO_WIDGET_DOMAIN));
  const urls = await edgeUrlsForTags(database.db, widgetCacheTags({ id: widget!.id, domain: widget!.domain, previousDomain: 'old.desertrose.test' }), { hosts, env });
  expect(urls.sort()).toEqual(
    [`https://${DEMO_WIDGET_DOMAIN}/`, `https://${DEMO_WIDGET_DOMAIN}/sitemap.xml`, 'https://old.desertrose.test/', 'https://old.desertrose.test/sitemap.xml'].sort(),
  );
});

describe('after a change', () => {
  const failing = (name: string, calls: string[][]): EdgePurgeAdapter => ({
    name,
    purge: async (urls) => {
      calls.push([...urls]);
      throw new Error(`${name} is down`);
    },
  });

  it('purges on every adapter, and queues a retry for the one that failed without failing the change', async () => {
    installJobQueue(new EmbeddedQueue(database.db));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const downCalls: string[][] = [];
    const upCalls: string[][] = [];
    const up: EdgePurgeAdapter = { name: 'up', purge: async (urls) => void upCalls.push([...urls]) };
    await purgeChangedPages([CATALOG_TAGS.tour(soldTour.slug)], { adapters: [failing('down', downCalls), up], db: database.db });
    expect(upCalls).toHaveLength(1);
    expect(downCalls).toEqual(upCalls);
    expect(upCalls[0]).toEqual(
      expect.arrayContaining([expect.stringMatching(new RegExp(`^http://localhost:\\d+/tour/${soldTour.slug}$`)), expect.stringMatching(/^http:\/\/tours\.desertrose\.test:\d+\/$/)]),
    );
    const jobs = await database.db.select().from(embeddedJobs).where(eq(embeddedJobs.name, EDGE_PURGE_JOB));
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.data).toEqual({ urls: upCalls[0], adapters: ['down'] });
    expect(warn).toHaveBeenCalledWith('[edge-cache] down: down is down');

    // The job asks only the adapter that failed, and fails (to be retried) while it still fails.
    const retried: string[][] = [];
    const handler = edgePurgeJobHandler(database.db, () => [{ name: 'down', purge: async (urls) => void retried.push([...urls]) }, up]);
    await handler(jobs[0]!.data as Record<string, unknown>);
    expect(retried).toEqual(upCalls);
    expect(upCalls).toHaveLength(1);
    await expect(edgePurgeJobHandler(database.db, () => [failing('down', [])])(jobs[0]!.data as Record<string, unknown>)).rejects.toThrow(/edge purge failed on down/);
    warn.mockRestore();
  });
});
