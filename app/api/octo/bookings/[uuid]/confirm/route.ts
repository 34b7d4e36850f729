import { runRoute } from '@/server/http/run-route';
import { answerOptions, octoAnswer } from '@/server/octo-api/octo-answer';
import { confirmBooking } from '@/server/octo-api/octo-bookings';
import { confirmationBodySchema, uuidParamsSchema } from '@/server/octo-api/octo-schemas';

/** OCTO "Booking Confirmation": pays the reservation from the agency's balance. */
export const POST = runRoute({
  permission: 'bookings:create',
  apiScope: 'octo',
  errors: 'octo',
  params: uuidParamsSchema,
  body: { kind: 'json', maxBytes: 65_536, schema: confirmationBodySchema },
  run: async ({ body }, { db, principal, request, params }) => octoAnswer(request, await confirmBooking(db, principal, params.uuid, body, answerOptions(request))),
});
