import { runRoute } from '@/server/http/run-route';
import { answerOptions, contentLocale, octoAnswer } from '@/server/octo-api/octo-answer';
import { octoProductById } from '@/server/octo-api/octo-catalogue';
import { productParamsSchema } from '@/server/octo-api/octo-schemas';

/** OCTO "Get Product": one tour; an unknown id is INVALID_PRODUCT_ID. */
export const GET = runRoute({
  permission: 'rates:viewB2b',
  apiScope: 'octo',
  errors: 'octo',
  params: productParamsSchema,
  run: async (_input, { db, request, params }) => {
    const locale = contentLocale(request);
    return octoAnswer(request, await octoProductById(db, params.id, locale, answerOptions(request).pricing), { locale });
  },
});
