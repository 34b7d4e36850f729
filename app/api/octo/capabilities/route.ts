import { runRoute } from '@/server/http/run-route';
import { octoAnswer } from '@/server/octo-api/octo-answer';
import { octoCapabilities } from '@/server/octo-api/octo-catalogue';

/** OCTO "List Capabilities": what we serve besides the core (docs/octo-api.md#capabilities). */
export const GET = runRoute({
  permission: 'rates:viewB2b',
  apiScope: 'octo',
  errors: 'octo',
  run: async (_input, { request }) => octoAnswer(request, octoCapabilities()),
});
