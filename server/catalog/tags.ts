// Cache tags of the public catalogue, in one place (a change revalidates exactly what shows it).
import 'server-only';

export const CATALOG_TAGS = {
  home: 'catalog:home',
  sitemap: 'catalog:sitemap',
  tour: (slug: string) => `catalog:tour:${slug}`,
  city: (slug: string) => `catalog:city:${slug}`,
  country: (slug: string) => `catalog:country:${slug}`,
  /** The cached results of searches without a text (server/catalog/search.ts), expired by every tour or place change. */
  search: 'catalog:search',
} as const;

/** How long a cached catalogue read may be served before it is refreshed in the background. */
export const CATALOG_REVALIDATE_SECONDS = 3600;
