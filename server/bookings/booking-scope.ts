import 'server-only';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import { memberCan } from '@/shared/auth/permissions';
import { bookings } from '@/server/db/schema';

/**
 * The bookings a principal may see, as a condition for the query itself (never a filter after):
 * the agency's own, and only the agent's own for a role without `bookings:viewAll`.
 */
export function visibleBookings(principal: Principal): SQL {
  const ofAgency = eq(bookings.agencyId, principal.agencyId);
  return memberCan(principal, 'bookings:viewAll') ? ofAgency : (and(ofAgency, eq(bookings.agentId, principal.userId)) as SQL);
}
