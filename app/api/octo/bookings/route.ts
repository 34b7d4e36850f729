import { runRoute } from '@/server/http/run-route';
import { answerOptions, octoAnswer } from '@/server/octo-api/octo-answer';
import { listOctoBookings, reserveBooking } from '@/server/octo-api/octo-bookings';
import { bookingsQuerySchema, reservationBodySchema } from '@/server/octo-api/octo-schemas';

/** OCTO "Booking Reservation": holds the places for `expirationMinutes`, unpaid; the `uuid` makes it idempotent. */
export const POST = runRoute({
  permission: 'bookings:create',
  apiScope: 'octo',
  errors: 'octo',
  body: { kind: 'json', maxBytes: 65_536, schema: reservationBodySchema },
  run: async ({ body }, { db, principal, request }) => octoAnswer(request, await reserveBooking(db, principal, body, answerOptions(request))),
});

/** OCTO "Get Bookings": the agency's bookings of a reseller reference or of our reference. */
export const GET = runRoute({
  permission: 'bookings:viewOwn',
  apiScope: 'octo',
  errors: 'octo',
  query: bookingsQuerySchema,
  run: async ({ query }, { db, principal, request }) => octoAnswer(request, await listOctoBookings(db, principal, query, answerOptions(request))),
});
