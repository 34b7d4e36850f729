import 'server-only';
import { and, asc, eq, ilike } from 'drizzle-orm';
import { z } from 'zod';
import { changedFields, recordStaffAudit } from '@/server/audit/audit';
import type { Database } from '@/server/db/connection';
import { uniqueViolation } from '@/server/db/errors';
import { cities, hotels, pickUpTimes, tours } from '@/server/db/schema';
import { Forbidden, NotFound, RuleViolation } from '@/server/errors';
import { can } from '@/shared/auth/permissions';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import type { hotelSchema, pickUpTimeSchema } from './schemas';
import { CATALOG_PAGE_SIZE } from './catalog-queries';

// Hotels per city and the pick-up times of a tour's start times at them. Checkout reads both
// live (no cached page shows them), so nothing is revalidated.

export async function saveHotel(db: Database, staff: StaffPrincipal, input: z.output<typeof hotelSchema>): Promise<{ id: string }> {
  try {
    return await db.transaction(async (tx) => {
      const [city] = await tx.select({ id: cities.id, countryId: cities.countryId }).from(cities).where(eq(cities.id, input.cityId));
      if (!city) throw new RuleViolation('errors.validation', {}, 'cityId');
      const values = { cityId: city.id, countryId: city.countryId, name: input.name, area: input.area || null };
      if (!input.id) {
        const [created] = await tx.insert(hotels).values(values).returning({ id: hotels.id });
        await recordStaffAudit(tx, { actorStaffId: staff.staffId, entity: 'hotel', entityId: created!.id, action: 'hotel.create', changes: changedFields({}, values) });
        return { id: created!.id };
      }
      const [before] = await tx.select().from(hotels).where(eq(hotels.id, input.id)).for('update');
      if (!before) throw new NotFound();
      await tx.update(hotels).set(values).where(eq(hotels.id, input.id));
      await recordStaffAudit(tx, { actorStaffId: staff.staffId, entity: 'hotel', entityId: input.id, action: 'hotel.update', changes: changedFields(before, values) });
      return { id: input.id };
    });
  } catch (error) {
    if (uniqueViolation(error) !== null) throw new RuleViolation('opsCatalog.errors.hotelTaken', {}, 'name');
    throw error;
  }
}

/** Sets the pick-up time of a tour's start time at a hotel (one row per tour, hotel and start time). */
export async function savePickUpTime(db: Database, staff: StaffPrincipal, input: z.output<typeof pickUpTimeSchema>): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const [tour] = await tx.select({ id: tours.id }).from(tours).where(eq(tours.id, input.tourId));
    const [hotel] = await tx.select({ id: hotels.id }).from(hotels).where(eq(hotels.id, input.hotelId));
    if (!tour) throw new NotFound();
    if (!hotel) throw new RuleViolation('errors.validation', {}, 'hotelId');
    const [row] = await tx
      .insert(pickUpTimes)
      .values(input)
      .onConflictDoUpdate({ target: [pickUpTimes.tourId, pickUpTimes.hotelId, pickUpTimes.startTime], set: { pickUpTime: input.pickUpTime } })
      .returning({ id: pickUpTimes.id });
    await recordStaffAudit(tx, { actorStaffId: staff.staffId, entity: 'tour', entityId: tour.id, action: 'tour.pickUpTime', changes: { pickUpTime: { from: null, to: input } } });
    return { id: row!.id };
  });
}

export async function listHotels(db: Database, staff: StaffPrincipal, filters: { cityId: string | null; q: string; page: number }) {
  if (!can(staff.role, 'ops:catalog')) throw new Forbidden();
  const rows = await db
    .select({ id: hotels.id, name: hotels.name, area: hotels.area, cityId: hotels.cityId, city: cities.name })
    .from(hotels)
    .innerJoin(cities, eq(cities.id, hotels.cityId))
    .where(and(filters.cityId ? eq(hotels.cityId, filters.cityId) : undefined, filters.q ? ilike(hotels.name, `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined))
    .orderBy(asc(cities.sortOrder), asc(hotels.name))
    .limit(CATALOG_PAGE_SIZE + 1)
    .offset((filters.page - 1) * CATALOG_PAGE_SIZE);
  return { hotels: rows.slice(0, CATALOG_PAGE_SIZE), hasNext: rows.length > CATALOG_PAGE_SIZE };
}

export async function listTourPickUpTimes(db: Database, staff: StaffPrincipal, tourId: string) {
  if (!can(staff.role, 'ops:catalog')) throw new Forbidden();
  return db
    .select({ id: pickUpTimes.id, hotel: hotels.name, startTime: pickUpTimes.startTime, pickUpTime: pickUpTimes.pickUpTime })
    .from(pickUpTimes)
    .innerJoin(hotels, eq(hotels.id, pickUpTimes.hotelId))
    .where(eq(pickUpTimes.tourId, tourId))
    .orderBy(asc(hotels.name), asc(pickUpTimes.startTime))
    .limit(500);
}

/** The hotels of a tour's city, for its pick-up times. */
export async function listTourCityHotels(db: Database, staff: StaffPrincipal, tourId: string) {
  if (!can(staff.role, 'ops:catalog')) throw new Forbidden();
  return db
    .select({ id: hotels.id, name: hotels.name })
    .from(hotels)
    .innerJoin(tours, eq(tours.cityId, hotels.cityId))
    .where(eq(tours.id, tourId))
    .orderBy(asc(hotels.name))
    .limit(1000);
}
