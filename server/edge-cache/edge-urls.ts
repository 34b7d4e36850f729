import 'server-only';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { LOCALES, localizedPath } from '@/i18n/locales';
import { CATALOG_TAGS } from '@/server/catalog/tags';
import type { Database } from '@/server/db/connection';
import { offers, tours, widgetOffers, widgets } from '@/server/db/schema';
import { hostOrigin, widgetDomainOrigin } from '@/server/http/link-origin';
import { type HostsConfig, parseHostsConfig } from '@/shared/sites/site-variants';
import { widgetHostTag, widgetTag } from '@/server/widgets/widget-tags';
import { SITE_WIDGET_TYPES } from '@/shared/widgets/widget-schema';

// Which public URLs a change makes stale in shared caches, from the cache tags it expires in Next's
// own cache (the catalogue's tags, server/catalog/tags.ts, and the widget sites',
// server/widgets/widget-tags.ts): the same pages, named as a visitor's URL on every host that serves
// them. A shared cache keys a page by scheme, host and path, so each is named on every host of
// HOSTS (the main, second and Russian hosts, each name a variant has) in both languages, as the
// routing rules serve them (server/routing/route-rules.ts: English unprefixed, other languages
// under `/{locale}`), and a widget site's pages on its own domain.

type Env = Readonly<Record<string, string | undefined>>;

/** What a tag names after its prefix (`tour:` + slug), or null for another kind of tag. */
const idOf = (tag: string, prefix: string) => (tag.startsWith(prefix) && tag.length > prefix.length ? tag.slice(prefix.length) : null);

/** The pages of a portal host a catalogue tag stands for, as locale-free paths. */
function portalPathsOf(tag: string): string[] {
  if (tag === CATALOG_TAGS.home) return ['/'];
  if (tag === CATALOG_TAGS.sitemap) return ['/sitemap.xml'];
  for (const [kind, pathOf] of [
    ['tour', (slug: string) => `/tour/${slug}`],
    ['city', (slug: string) => `/city/${slug}`],
    ['country', (slug: string) => `/${slug}`],
  ] as const) {
    const slug = idOf(tag, CATALOG_TAGS[kind](''));
    if (slug) return [pathOf(slug)];
  }
  return [];
}

/** A widget site's pages a shared cache may hold: its landing page and its sitemap (the rest are personal or not found). */
export const WIDGET_SITE_PATHS = ['/', '/sitemap.xml'];

/**
 * `paths` (locale-free) on every configured host, in every language: the host's scheme (and port)
 * from its public origin (PUBLIC_ORIGINS, as the links the portal sends), its own name, since a
 * shared cache keys by the name the visitor used (`localhost` and `127.0.0.1` are two entries).
 * `/sitemap.xml` is one file per host, in no language.
 */
export function portalUrls(paths: readonly string[], { hosts, env }: { hosts: HostsConfig; env: Env }): string[] {
  const urls = new Set<string>();
  for (const [name, variant] of Object.entries(hosts)) {
    const origin = new URL(hostOrigin(name, variant, env));
    origin.hostname = name;
    for (const path of paths) {
      const localized = path === '/sitemap.xml' ? [path] : LOCALES.map((locale) => localizedPath(locale, path));
      for (const url of localized) urls.add(`${origin.origin}${url}`);
    }
  }
  return [...urls];
}

export function widgetSiteUrls(domains: Iterable<string>, env: Env): string[] {
  return [...new Set(domains)].flatMap((domain) => WIDGET_SITE_PATHS.map((path) => `${widgetDomainOrigin(domain, env)}${path}`));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The domains of the widget sites the tags change (an embed's domain is the agency's own page,
 * which frames an uncached page of ours): a widget's own (its content, `widget:<id>`; also a
 * deleted or unverified one's, whose site must go), a host's (`widget-host:<domain>`, a
 * domain verified or dropped), and those selling an offer of a changed tour (a widget's site is
 * cached under the catalogue's sitemap tag, which every tour change expires; the tour tags beside
 * it say which tours).
 */
async function widgetDomainsOf(db: Database, tags: readonly string[]): Promise<string[]> {
  const domains = new Set<string>();
  const widgetIds: string[] = [];
  const tourSlugs: string[] = [];
  for (const tag of tags) {
    const host = idOf(tag, widgetHostTag(''));
    if (host) domains.add(host);
    const id = idOf(tag, widgetTag(''));
    if (id && UUID.test(id)) widgetIds.push(id);
    const slug = idOf(tag, CATALOG_TAGS.tour(''));
    if (slug) tourSlugs.push(slug);
  }
  if (widgetIds.length > 0) {
    const rows = await db
      .select({ domain: widgets.domain })
      .from(widgets)
      .where(and(inArray(widgets.id, widgetIds), inArray(widgets.type, [...SITE_WIDGET_TYPES]), isNotNull(widgets.domain)));
    for (const row of rows) if (row.domain) domains.add(row.domain);
  }
  if (tourSlugs.length > 0) {
    const rows = await db
      .selectDistinct({ domain: widgets.domain })
      .from(widgets)
      .innerJoin(widgetOffers, eq(widgetOffers.widgetId, widgets.id))
      .innerJoin(offers, eq(offers.id, widgetOffers.offerId))
      .innerJoin(tours, eq(tours.id, offers.tourId))
      .where(
        and(
          inArray(tours.slug, tourSlugs),
          inArray(widgets.type, [...SITE_WIDGET_TYPES]),
          eq(widgets.domainStatus, 'verified'),
          isNull(widgets.deletedAt),
          isNotNull(widgets.domain),
        ),
      );
    for (const row of rows) if (row.domain) domains.add(row.domain);
  }
  return [...domains].map((domain) => domain.toLowerCase());
}

/**
 * Every public URL the tags stand for, on every host: what a purge after the change removes from
 * the shared caches. Tags of no public page (a setting's, an agency's) name none.
 */
export async function edgeUrlsForTags(
  db: Database,
  tags: readonly string[],
  { hosts = parseHostsConfig(process.env.HOSTS), env = process.env }: { hosts?: HostsConfig; env?: Env } = {},
): Promise<string[]> {
  const unique = [...new Set(tags)];
  const paths = [...new Set(unique.flatMap(portalPathsOf))];
  const domains = await widgetDomainsOf(db, unique);
  return [...portalUrls(paths, { hosts, env }), ...widgetSiteUrls(domains, env)];
}
