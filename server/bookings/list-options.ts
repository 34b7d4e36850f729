import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import { memberCan } from '@/shared/auth/permissions';
import type { Database } from '@/server/db/connection';
import { tours, users, type LocalizedText } from '@/server/db/schema';
import { Forbidden } from '@/server/errors';

export type AgentOption = { id: string; name: string };
export type TourOption = { id: string; title: LocalizedText };

/** The agency's agents, for the agent filter of the all-bookings list (seniors and admins). */
export async function listAgencyAgentOptions(db: Database, principal: Principal): Promise<AgentOption[]> {
  if (!memberCan(principal, 'bookings:viewAll')) throw new Forbidden();
  return db.select({ id: users.id, name: users.name }).from(users).where(eq(users.agencyId, principal.agencyId)).orderBy(asc(users.name), asc(users.id));
}

/**
 * The catalogue's tours, for the tour filter. Not "the tours this agency booked": finding those
 * means reading every booking of a years-long history on each page view.
 */
export async function listTourOptions(db: Database): Promise<TourOption[]> {
  return db.select({ id: tours.id, title: tours.title }).from(tours).orderBy(asc(tours.slug));
}
