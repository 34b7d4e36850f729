import { runRoute } from '@/server/http/run-route';
import { answerOptions, contentLocale, octoAnswer } from '@/server/octo-api/octo-answer';
import { octoProducts } from '@/server/octo-api/octo-catalogue';

/** OCTO "Get Products": our tours with the offers a reseller can book at once (docs/octo-api.md#mapping). */
export const GET = runRoute({
  permission: 'rates:viewB2b',
  apiScope: 'octo',
  errors: 'octo',
  run: async (_input, { db, request }) => {
    const locale = contentLocale(request);
    return octoAnswer(request, await octoProducts(db, locale, answerOptions(request).pricing), { locale });
  },
});
