import 'server-only';
import { eq } from 'drizzle-orm';
import { revalidateTag } from 'next/cache';
import type { Transaction } from '@/server/db/connection';
import { cities, countries, tours } from '@/server/db/schema';
import { purgeChangedPages } from '@/server/edge-cache/edge-purge';
import { CATALOG_TAGS } from './tags';

// The cache tags a catalogue change invalidates. The operator console's changes
// (server/ops/catalog) expire exactly the pages that show the changed tour or place.

export type TourPlacement = { slug: string; citySlug: string; countrySlug: string; isFeatured: boolean };

/** The pages that show a tour: its own, its city's and country's lists, the home promo, the sitemap. */
export function catalogTagsForTour(tour: TourPlacement): string[] {
  return [
    CATALOG_TAGS.tour(tour.slug),
    CATALOG_TAGS.city(tour.citySlug),
    CATALOG_TAGS.country(tour.countrySlug),
    CATALOG_TAGS.sitemap,
    CATALOG_TAGS.search,
    ...(tour.isFeatured ? [CATALOG_TAGS.home] : []),
  ];
}

/** The pages that show a tour, as it is placed now in `tx`; none for an unknown tour. */
export async function loadTourCatalogTags(tx: Transaction, tourId: string): Promise<string[]> {
  const [placement] = await tx
    .select({ slug: tours.slug, citySlug: cities.slug, countrySlug: countries.slug, isFeatured: tours.isFeatured })
    .from(tours)
    .innerJoin(cities, eq(cities.id, tours.cityId))
    .innerJoin(countries, eq(countries.id, cities.countryId))
    .where(eq(tours.id, tourId));
  return placement ? catalogTagsForTour(placement) : [];
}

/**
 * Expires the tagged pages and reads at once: the next request, whoever makes it, renders from the
 * database. A price is never served stale, so no stale-while-revalidate profile (`'max'` served
 * the first visitor after a change the old page). `{ expire: 0 }` rather than `updateTag`: the same
 * immediate expiry, and callable from a route handler as well as from a server action. The shared
 * caches in front drop the same pages (server/edge-cache).
 */
export function expireCatalogPages(tags: readonly string[]): void {
  for (const tag of new Set(tags)) revalidateTag(tag, { expire: 0 });
  void purgeChangedPages(tags);
}
