import { apiBookingListQuery, bookingFiltersSchema, pagingQuerySchema } from '@/shared/bookings/list-schema';
import { listBookings } from '@/server/bookings/list-queries';
import { runRoute } from '@/server/http/run-route';

/**
 * Spec §7 `POST /b2b/bookings/requests`: the quotation requests the agent may see, decided or
 * not, paged by the query and filtered by the JSON body as `filtered` is.
 */
export const POST = runRoute({
  permission: 'bookings:viewOwn',
  query: pagingQuerySchema,
  body: { kind: 'json', maxBytes: 4 * 1024, schema: bookingFiltersSchema },
  doc: { tag: 'Bookings', summary: 'A page of quotation requests, filtered' },
  run: async ({ query, body }, { principal, db }) => listBookings(db, principal, 'requests', apiBookingListQuery(query, body)),
});
