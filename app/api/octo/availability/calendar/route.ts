import { runRoute } from '@/server/http/run-route';
import { answerOptions, octoAnswer } from '@/server/octo-api/octo-answer';
import { availabilityCalendar } from '@/server/octo-api/octo-availability';
import { calendarBodySchema } from '@/server/octo-api/octo-schemas';

/** OCTO "Availability Calendar": one entry per day of the range. */
export const POST = runRoute({
  permission: 'rates:viewB2b',
  apiScope: 'octo',
  errors: 'octo',
  body: { kind: 'json', maxBytes: 16_384, schema: calendarBodySchema },
  run: async ({ body }, { db, request }) => octoAnswer(request, await availabilityCalendar(db, body, answerOptions(request).pricing)),
});
