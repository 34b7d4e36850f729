import 'server-only';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { unstable_cache } from 'next/cache';
import type { Database } from '@/server/db/connection';
import { getDb } from '@/server/db/database';
import { tourCategories, tours } from '@/server/db/schema';
import { isSlug } from '@/shared/catalog/slug';
import { loadTourCards, type TourCard } from './queries';
import { CATALOG_REVALIDATE_SECONDS, CATALOG_TAGS } from './tags';

/** How many related tours a tour page shows. */
export const RELATED_TOURS_LIMIT = 4;

/**
 * A tour page's "related tours", in two cached reads so that a change expires only the pages that
 * show it: which tours (tagged with the tour's own tag; a tour new in the city joins within the
 * catalogue's revalidate time), then their cards, tagged with each shown tour's tag, so a price,
 * photo or name changed on one of them expires exactly the pages listing it, and a tour taken off
 * sale drops out of them at once. A city tag here would expire every tour page of the city with
 * any change to one of its tours.
 */
export async function getRelatedTours(slug: string): Promise<TourCard[]> {
  const slugs = await unstable_cache(async () => loadRelatedTourSlugs(await getDb(), slug), ['catalog-related-slugs', slug], {
    tags: [CATALOG_TAGS.tour(slug)],
    revalidate: CATALOG_REVALIDATE_SECONDS,
  })();
  if (slugs.length === 0) return [];
  return unstable_cache(async () => loadRelatedTourCards(await getDb(), slugs), ['catalog-related-cards', ...slugs], {
    tags: slugs.map((related) => CATALOG_TAGS.tour(related)),
    revalidate: CATALOG_REVALIDATE_SECONDS,
  })();
}

/**
 * Other active tours of the same city, those sharing most categories with it first, never the
 * tour itself.
 */
export async function loadRelatedTourSlugs(db: Database, slug: string): Promise<string[]> {
  if (!isSlug(slug)) return [];
  const [tour] = await db.select({ id: tours.id, cityId: tours.cityId }).from(tours).where(eq(tours.slug, slug)).limit(1);
  if (!tour) return [];
  const shared = sql<number>`(select count(*) from ${tourCategories} mine inner join ${tourCategories} theirs on theirs.category_id = mine.category_id
    where mine.tour_id = ${tour.id} and theirs.tour_id = ${tours.id})`;
  const rows = await db
    .select({ slug: tours.slug })
    .from(tours)
    .where(and(eq(tours.isActive, true), ne(tours.id, tour.id), eq(tours.cityId, tour.cityId)))
    .orderBy(desc(shared), sql`${tours.slug} collate "C"`)
    .limit(RELATED_TOURS_LIMIT);
  return rows.map((row) => row.slug);
}

/** The cards of `slugs`, in that order; one taken off sale meanwhile is left out. */
export async function loadRelatedTourCards(db: Database, slugs: string[]): Promise<TourCard[]> {
  const order = new Map(slugs.map((slug, index) => [slug, index]));
  const cards = await loadTourCards(db, inArray(tours.slug, slugs));
  return cards.sort((a, b) => (order.get(a.slug) ?? 0) - (order.get(b.slug) ?? 0));
}

/** Both steps at once, uncached (tests, and any caller outside a request). */
export async function loadRelatedTours(db: Database, slug: string): Promise<TourCard[]> {
  const slugs = await loadRelatedTourSlugs(db, slug);
  return slugs.length === 0 ? [] : loadRelatedTourCards(db, slugs);
}
