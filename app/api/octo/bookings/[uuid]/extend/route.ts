import { runRoute } from '@/server/http/run-route';
import { answerOptions, octoAnswer } from '@/server/octo-api/octo-answer';
import { extendBooking } from '@/server/octo-api/octo-bookings';
import { extendBodySchema, uuidParamsSchema } from '@/server/octo-api/octo-schemas';

/** OCTO "Extend Reservation": a reservation on hold holds its places longer. */
export const POST = runRoute({
  permission: 'bookings:create',
  apiScope: 'octo',
  errors: 'octo',
  params: uuidParamsSchema,
  body: { kind: 'json', maxBytes: 4_096, schema: extendBodySchema, whenEmpty: {} },
  run: async ({ body }, { db, principal, request, params }) => octoAnswer(request, await extendBooking(db, principal, params.uuid, body.expirationMinutes, answerOptions(request))),
});
