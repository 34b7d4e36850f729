import { bookingLookupQuerySchema, lookUpBookings } from '@/server/dashboard/booking-lookup';
import { runRoute } from '@/server/http/run-route';

/** The header's booking search: `?q=` a reference or a guest's name, among the bookings the agent may see. */
export const GET = runRoute({
  permission: 'bookings:viewOwn',
  query: bookingLookupQuerySchema,
  run: async ({ query }, { principal, db }) => ({ hits: await lookUpBookings(db, principal, query.q) }),
});
