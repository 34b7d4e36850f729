import 'server-only';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Locale } from '@/i18n/locales';
import { getDb } from '@/server/db/database';
import { cities, countries, tours } from '@/server/db/schema';

// Public catalogue reads (no principal: retail data only). Caching and tags come with the
// catalogue issue; until then these run per request.

export type PlaceSummary = { slug: string; name: string; heroImage: string };
export type TourSummary = { slug: string; title: string; summary: string; city: string };

export async function listTopDestinations(locale: Locale): Promise<PlaceSummary[]> {
  const db = await getDb();
  const rows = await db
    .select({ slug: cities.slug, name: cities.name, heroImage: cities.heroImage })
    .from(cities)
    .where(eq(cities.isTopDestination, true))
    .orderBy(asc(cities.sortOrder));
  return rows.map((row) => ({ ...row, name: row.name[locale] }));
}

/** Active tours whose title, in either language, contains `text`. */
export async function searchTours(text: string, locale: Locale, limit = 12): Promise<TourSummary[]> {
  const db = await getDb();
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({ slug: tours.slug, title: tours.title, summary: tours.summary, city: cities.name })
    .from(tours)
    .innerJoin(cities, eq(cities.id, tours.cityId))
    .where(
      and(
        eq(tours.isActive, true),
        or(ilike(sql`${tours.title}->>'en'`, pattern), ilike(sql`${tours.title}->>'ru'`, pattern)),
      ),
    )
    .orderBy(asc(tours.slug))
    .limit(limit);
  return rows.map((row) => ({ slug: row.slug, title: row.title[locale], summary: row.summary[locale], city: row.city[locale] }));
}

export async function findCountry(slug: string, locale: Locale): Promise<PlaceSummary | null> {
  const db = await getDb();
  const [row] = await db
    .select({ slug: countries.slug, name: countries.name, heroImage: countries.heroImage })
    .from(countries)
    .where(eq(countries.slug, slug))
    .limit(1);
  return row ? { ...row, name: row.name[locale] } : null;
}

export async function findCity(slug: string, locale: Locale): Promise<PlaceSummary | null> {
  const db = await getDb();
  const [row] = await db
    .select({ slug: cities.slug, name: cities.name, heroImage: cities.heroImage })
    .from(cities)
    .where(eq(cities.slug, slug))
    .limit(1);
  return row ? { ...row, name: row.name[locale] } : null;
}

export async function findTour(slug: string, locale: Locale): Promise<TourSummary | null> {
  const db = await getDb();
  const [row] = await db
    .select({ slug: tours.slug, title: tours.title, summary: tours.summary, city: cities.name })
    .from(tours)
    .innerJoin(cities, eq(cities.id, tours.cityId))
    .where(and(eq(tours.slug, slug), eq(tours.isActive, true)))
    .limit(1);
  return row ? { slug: row.slug, title: row.title[locale], summary: row.summary[locale], city: row.city[locale] } : null;
}
