import { runRoute } from '@/server/http/run-route';
import { answerOptions, octoAnswer } from '@/server/octo-api/octo-answer';
import { getOctoBooking, updateBooking } from '@/server/octo-api/octo-bookings';
import { updateBodySchema, uuidParamsSchema } from '@/server/octo-api/octo-schemas';

/** OCTO "Get Booking": another agency's uuid is INVALID_BOOKING_UUID, like one never made. */
export const GET = runRoute({
  permission: 'bookings:viewOwn',
  apiScope: 'octo',
  errors: 'octo',
  params: uuidParamsSchema,
  run: async (_input, { db, principal, request, params }) => octoAnswer(request, await getOctoBooking(db, principal, params.uuid, answerOptions(request))),
});

/** OCTO "Booking Update": the reseller's reference, notes, contact, and the hold's expiry. */
export const PATCH = runRoute({
  permission: 'bookings:viewOwn',
  apiScope: 'octo',
  errors: 'octo',
  params: uuidParamsSchema,
  body: { kind: 'json', maxBytes: 65_536, schema: updateBodySchema },
  run: async ({ body }, { db, principal, request, params }) => octoAnswer(request, await updateBooking(db, principal, params.uuid, body, answerOptions(request))),
});
