import 'server-only';
import { eq } from 'drizzle-orm';
import { revalidateTag } from 'next/cache';
import { z } from 'zod';
import type { Database } from '@/server/db/connection';
import { cities, countries, offers, tours } from '@/server/db/schema';
import { CATALOG_TAGS } from './tags';

// Catalogue changes and the cache tags they invalidate. The operator console (a later issue)
// calls these; each change revalidates exactly the pages that show the changed tour.

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

const fils = z.number().int().min(0).max(100_000_000).nullable();

export const offerPriceChangeSchema = z.object({
  offerId: z.uuid(),
  b2b: z.object({ adult: fils, child: fils, trip: fils }),
  retail: z.object({ adult: fils, child: fils, trip: fils }),
});
export type OfferPriceChange = z.infer<typeof offerPriceChangeSchema>;

/** Writes new prices for one offer and returns the tags of the pages that show them. */
export async function changeOfferPrices(db: Database, change: OfferPriceChange): Promise<string[] | null> {
  const { offerId, b2b, retail } = offerPriceChangeSchema.parse(change);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(offers)
      .set({
        pricePerAdult: b2b.adult,
        pricePerChild: b2b.child,
        pricePerTrip: b2b.trip,
        recPricePerAdult: retail.adult,
        recPricePerChild: retail.child,
        recPricePerTrip: retail.trip,
      })
      .where(eq(offers.id, offerId))
      .returning({ tourId: offers.tourId });
    if (!updated) return null;
    await tx.update(tours).set({ updatedAt: new Date() }).where(eq(tours.id, updated.tourId));
    const [placement] = await tx
      .select({ slug: tours.slug, citySlug: cities.slug, countrySlug: countries.slug, isFeatured: tours.isFeatured })
      .from(tours)
      .innerJoin(cities, eq(cities.id, tours.cityId))
      .innerJoin(countries, eq(countries.id, cities.countryId))
      .where(eq(tours.id, updated.tourId));
    return placement ? catalogTagsForTour(placement) : [];
  });
}

/** Marks the tagged pages stale: the next visit is served the old page and refreshes it. */
export function revalidateCatalog(tags: readonly string[]): void {
  for (const tag of tags) revalidateTag(tag, 'max');
}
