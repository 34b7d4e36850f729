import { linkOrigin } from '@/server/http/link-origin';
import { runRoute } from '@/server/http/run-route';
import { octoAnswer } from '@/server/octo-api/octo-answer';
import { octoSupplier } from '@/server/octo-api/octo-catalogue';

/** OCTO "Get Supplier": the portal as the supplier of its own inventory (docs/octo-api.md). */
export const GET = runRoute({
  permission: 'rates:viewB2b',
  apiScope: 'octo',
  errors: 'octo',
  run: async (_input, { request }) => octoAnswer(request, octoSupplier(linkOrigin(request.headers))),
});
