import { can } from '@/shared/auth/permissions';
import { listAgencyAgentOptions, listTourOptions } from '@/server/bookings/list-options';
import { runRoute } from '@/server/http/run-route';
import { BOOKING_SORTS, BOOKING_STATUSES, PAGE_SIZES } from '@/shared/bookings/list-schema';

/**
 * Spec §7 `GET /b2b/bookings/options`: the booking lists' filter choices: statuses, sorts, page
 * sizes, tours, and the agency's agents for a role that sees every booking (else null).
 */
export const GET = runRoute({
  permission: 'bookings:viewOwn',
  doc: { tag: 'Bookings', summary: 'The booking lists’ filter choices' },
  run: async (_input, { principal, db }) => {
    const [tours, agents] = await Promise.all([
      listTourOptions(db),
      can(principal.role, 'bookings:viewAll') ? listAgencyAgentOptions(db, principal) : null,
    ]);
    return { statuses: BOOKING_STATUSES, sorts: BOOKING_SORTS, pageSizes: PAGE_SIZES, tours, agents };
  },
});
