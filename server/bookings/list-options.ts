import 'server-only';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import { can } from '@/server/auth/permissions';
import type { Database } from '@/server/db/connection';
import { bookings, tours, users, type LocalizedText } from '@/server/db/schema';
import { Forbidden } from '@/server/errors';
import { visibleBookings } from './booking-scope';

export type AgentOption = { id: string; name: string };
export type TourOption = { id: string; title: LocalizedText };

/** The agency's agents, for the agent filter of the all-bookings list (seniors and admins). */
export async function listAgencyAgentOptions(db: Database, principal: Principal): Promise<AgentOption[]> {
  if (!can(principal.role, 'bookings:viewAll')) throw new Forbidden();
  return db.select({ id: users.id, name: users.name }).from(users).where(eq(users.agencyId, principal.agencyId)).orderBy(asc(users.name), asc(users.id));
}

/** The tours of the bookings the principal may see (a junior's own, the agency's otherwise), for the tour filter. */
export async function listBookedTourOptions(db: Database, principal: Principal): Promise<TourOption[]> {
  const booked = db.selectDistinct({ tourId: bookings.tourId }).from(bookings).where(visibleBookings(principal));
  return db.select({ id: tours.id, title: tours.title }).from(tours).where(inArray(tours.id, booked)).orderBy(asc(tours.slug));
}
