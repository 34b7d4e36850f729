import 'server-only';
import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { unstable_cache } from 'next/cache';
import type { Database } from '@/server/db/connection';
import { getDb } from '@/server/db/database';
import { cities, tourCategories, tours } from '@/server/db/schema';
import { isSlug } from '@/shared/catalog/slug';
import { loadTourCards, type TourCard } from './queries';
import { CATALOG_REVALIDATE_SECONDS, CATALOG_TAGS } from './tags';

/** How many related tours a tour page shows. */
export const RELATED_TOURS_LIMIT = 4;

/**
 * A tour page's "related tours", cached with the tour's country tag: every candidate is in the
 * same country, and any change to a tour there (price, photo, placement) expires that tag, so the
 * block never shows a tour as it was.
 */
export function getRelatedTours(slug: string, countrySlug: string): Promise<TourCard[]> {
  return unstable_cache(async () => loadRelatedTours(await getDb(), slug), ['catalog-related-tours', slug], {
    tags: [CATALOG_TAGS.tour(slug), CATALOG_TAGS.country(countrySlug)],
    revalidate: CATALOG_REVALIDATE_SECONDS,
  })();
}

/**
 * Other active tours of the same city, then of the same country sharing a category with it: those
 * of its city first, then by how many categories they share, never the tour itself.
 */
export async function loadRelatedTours(db: Database, slug: string): Promise<TourCard[]> {
  if (!isSlug(slug)) return [];
  const [tour] = await db
    .select({ id: tours.id, cityId: tours.cityId, countryId: cities.countryId })
    .from(tours)
    .innerJoin(cities, eq(cities.id, tours.cityId))
    .where(eq(tours.slug, slug))
    .limit(1);
  if (!tour) return [];
  const shared = sql<number>`(select count(*) from ${tourCategories} mine inner join ${tourCategories} theirs on theirs.category_id = mine.category_id
    where mine.tour_id = ${tour.id} and theirs.tour_id = ${tours.id})`;
  const sameCity = sql<boolean>`${tours.cityId} = ${tour.cityId}`;
  const rows = await db
    .select({ id: tours.id, slug: tours.slug })
    .from(tours)
    .innerJoin(cities, eq(cities.id, tours.cityId))
    .where(and(eq(tours.isActive, true), ne(tours.id, tour.id), eq(cities.countryId, tour.countryId), or(sameCity, sql`${shared} > 0`)))
    .orderBy(desc(sameCity), desc(shared), tours.slug)
    .limit(RELATED_TOURS_LIMIT);
  if (rows.length === 0) return [];
  const order = new Map(rows.map((row, index) => [row.slug, index]));
  const cards = await loadTourCards(db, inArray(tours.id, rows.map((row) => row.id)));
  return cards.sort((a, b) => (order.get(a.slug) ?? 0) - (order.get(b.slug) ?? 0));
}
