import { runRoute } from '@/server/http/run-route';
import { answerOptions, octoAnswer } from '@/server/octo-api/octo-answer';
import { checkAvailability } from '@/server/octo-api/octo-availability';
import { availabilityBodySchema } from '@/server/octo-api/octo-schemas';

/** OCTO "Availability Check": an option's slots in a range, or the ones named by id. */
export const POST = runRoute({
  permission: 'rates:viewB2b',
  apiScope: 'octo',
  errors: 'octo',
  body: { kind: 'json', maxBytes: 16_384, schema: availabilityBodySchema },
  run: async ({ body }, { db, request }) => octoAnswer(request, await checkAvailability(db, body, answerOptions(request).pricing)),
});
