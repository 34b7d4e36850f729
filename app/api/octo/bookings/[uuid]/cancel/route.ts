import { runRoute } from '@/server/http/run-route';
import { answerOptions, octoAnswer } from '@/server/octo-api/octo-answer';
import { cancelOctoBooking } from '@/server/octo-api/octo-bookings';
import { cancellationBodySchema, uuidParamsSchema } from '@/server/octo-api/octo-schemas';

/** OCTO "Booking Cancellation": the portal's own cancellation and refund tiers. */
export const POST = runRoute({
  permission: 'bookings:viewOwn',
  apiScope: 'octo',
  errors: 'octo',
  params: uuidParamsSchema,
  body: { kind: 'json', maxBytes: 4_096, schema: cancellationBodySchema, whenEmpty: {} },
  run: async (_input, { db, principal, request, params }) => octoAnswer(request, await cancelOctoBooking(db, principal, params.uuid, answerOptions(request))),
});
