import { can } from '@/shared/auth/permissions';
import { apiBookingListQuery, bookingFiltersSchema, pagingQuerySchema } from '@/shared/bookings/list-schema';
import { listBookings } from '@/server/bookings/list-queries';
import { runRoute } from '@/server/http/run-route';

/**
 * Spec §7 `POST /b2b/bookings/filtered`: `page` and `onPage` in the query, the filters (reference,
 * guest, booked and travel dates `yyyy-MM-dd`, status, agent, tour, sort, dir) as the JSON body;
 * the agency's bookings for a senior or admin, the agent's own for a junior.
 */
export const POST = runRoute({
  permission: 'bookings:viewOwn',
  query: pagingQuerySchema,
  body: { kind: 'json', maxBytes: 4 * 1024, schema: bookingFiltersSchema },
  doc: { tag: 'Bookings', summary: 'A page of bookings, filtered' },
  run: async ({ query, body }, { principal, db }) =>
    listBookings(db, principal, can(principal.role, 'bookings:viewAll') ? 'all' : 'own', apiBookingListQuery(query, body)),
});
