import 'server-only';
import { revalidateTag } from 'next/cache';
import { CATALOG_TAGS } from './tags';

// The cache tags a catalogue change invalidates. The operator console's changes
// (server/ops/catalog) revalidate exactly the pages that show the changed tour.

export type TourPlacement = { slug: string; citySlug: string; countrySlug: string; isFeatured: boolean };

/** The pages that show a tour: its own, its city's and country's lists, the home promo, the sitemap. */
export function catalogTagsForTour(tour: TourPlacement): string[] {
  return [
    CATALOG_TAGS.tour(tour.slug),
    CATALOG_TAGS.city(tour.citySlug),
    CATALOG_TAGS.country(tour.countrySlug),
    CATALOG_TAGS.sitemap,
    ...(tour.isFeatured ? [CATALOG_TAGS.home] : []),
  ];
}

/** Marks the tagged pages stale: the next visit is served the old page and refreshes it. */
export function revalidateCatalog(tags: readonly string[]): void {
  for (const tag of tags) revalidateTag(tag, 'max');
}
