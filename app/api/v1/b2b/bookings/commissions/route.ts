import { apiBookingListQuery, bookingFiltersSchema, pagingQuerySchema } from '@/shared/bookings/list-schema';
import { listCommissions } from '@/server/commissions/queries';
import { runRoute } from '@/server/http/run-route';

/**
 * Spec §7 `POST /b2b/bookings/commissions`: a page of commission rows (spec §3) with the totals,
 * filtered by reference, guest and travel dates, for a role that sees b2b rates.
 */
export const POST = runRoute({
  permission: 'rates:viewB2b',
  query: pagingQuerySchema,
  body: { kind: 'json', maxBytes: 4 * 1024, schema: bookingFiltersSchema.pick({ reference: true, guest: true, travelFrom: true, travelTo: true }) },
  doc: { tag: 'Bookings', summary: 'A page of commissions, filtered' },
  run: async ({ query, body }, { principal, db }) => listCommissions(db, principal, apiBookingListQuery(query, body)),
});
