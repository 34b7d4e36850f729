import 'server-only';
import { and, asc, desc, eq, gte, ilike, lt, or, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { availabilitySlots, categories, cities, countries, offers, photos, promoCodes, tourCategories, tours } from '@/server/db/schema';
import { can } from '@/shared/auth/permissions';
import { Forbidden } from '@/server/errors';
import type { StaffPrincipal } from '@/server/staff/staff-principal';

// What the console's catalogue pages read: lists paged and filtered in SQL, one row more than a
// page to know whether another follows.

export const CATALOG_PAGE_SIZE = 25;

function check(staff: StaffPrincipal): void {
  if (!can(staff.role, 'ops:catalog')) throw new Forbidden();
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export async function listConsoleTours(db: Database, staff: StaffPrincipal, filters: { q: string; page: number }) {
  check(staff);
  const pattern = `%${escapeLike(filters.q)}%`;
  const rows = await db
    .select({ id: tours.id, slug: tours.slug, title: tours.title, city: cities.name, isActive: tours.isActive, isFeatured: tours.isFeatured })
    .from(tours)
    .innerJoin(cities, eq(cities.id, tours.cityId))
    .where(filters.q ? or(ilike(tours.slug, pattern), sql`${tours.title}->>'en' ilike ${pattern}`, sql`${tours.title}->>'ru' ilike ${pattern}`) : undefined)
    .orderBy(asc(tours.slug))
    .limit(CATALOG_PAGE_SIZE + 1)
    .offset((filters.page - 1) * CATALOG_PAGE_SIZE);
  return { tours: rows.slice(0, CATALOG_PAGE_SIZE), hasNext: rows.length > CATALOG_PAGE_SIZE };
}

export async function loadCatalogOptions(db: Database, staff: StaffPrincipal) {
  check(staff);
  const [countryRows, cityRows, categoryRows] = await Promise.all([
    db.select({ id: countries.id, slug: countries.slug, name: countries.name, heroImage: countries.heroImage, sortOrder: countries.sortOrder }).from(countries).orderBy(asc(countries.sortOrder), asc(countries.slug)),
    db
      .select({ id: cities.id, slug: cities.slug, name: cities.name, heroImage: cities.heroImage, sortOrder: cities.sortOrder, countryId: cities.countryId })
      .from(cities)
      .orderBy(asc(cities.sortOrder), asc(cities.slug)),
    db.select({ id: categories.id, slug: categories.slug, name: categories.name, heroImage: categories.heroImage, sortOrder: categories.sortOrder }).from(categories).orderBy(asc(categories.sortOrder), asc(categories.slug)),
  ]);
  return { countries: countryRows, cities: cityRows, categories: categoryRows };
}

export async function loadConsoleTour(db: Database, staff: StaffPrincipal, tourId: string) {
  check(staff);
  const [tour] = await db.select().from(tours).where(eq(tours.id, tourId));
  if (!tour) return null;
  const [categoryRows, offerRows, photoRows] = await Promise.all([
    db.select({ id: tourCategories.categoryId }).from(tourCategories).where(eq(tourCategories.tourId, tourId)),
    db.select().from(offers).where(eq(offers.tourId, tourId)).orderBy(asc(offers.position)),
    db.select({ id: photos.id, position: photos.position, url: photos.url, alt: photos.alt }).from(photos).where(eq(photos.tourId, tourId)).orderBy(asc(photos.position)),
  ]);
  return { tour, categoryIds: categoryRows.map((row) => row.id), offers: offerRows, photos: photoRows };
}

/** An offer's slots in one month (`yyyy-MM`). */
export async function listMonthSlots(db: Database, staff: StaffPrincipal, offerId: string, month: string) {
  check(staff);
  const first = `${month}-01`;
  const next = new Date(Date.parse(`${first}T00:00:00Z`));
  next.setUTCMonth(next.getUTCMonth() + 1);
  return db
    .select({ id: availabilitySlots.id, date: availabilitySlots.date, startTime: availabilitySlots.startTime, left: availabilitySlots.left, leftAdults: availabilitySlots.leftAdults, leftChildren: availabilitySlots.leftChildren })
    .from(availabilitySlots)
    .where(and(eq(availabilitySlots.offerId, offerId), gte(availabilitySlots.date, first), lt(availabilitySlots.date, next.toISOString().slice(0, 10))))
    .orderBy(asc(availabilitySlots.date), asc(availabilitySlots.startTime));
}

export async function listPromos(db: Database, staff: StaffPrincipal, filters: { q: string; page: number }) {
  check(staff);
  const rows = await db
    .select()
    .from(promoCodes)
    .where(filters.q ? ilike(promoCodes.code, `%${escapeLike(filters.q.toUpperCase())}%`) : undefined)
    .orderBy(desc(promoCodes.createdAt), asc(promoCodes.code))
    .limit(CATALOG_PAGE_SIZE + 1)
    .offset((filters.page - 1) * CATALOG_PAGE_SIZE);
  return { promos: rows.slice(0, CATALOG_PAGE_SIZE), hasNext: rows.length > CATALOG_PAGE_SIZE };
}
