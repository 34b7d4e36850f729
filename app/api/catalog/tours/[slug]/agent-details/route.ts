import { z } from 'zod';
import { getAgentTourDetails } from '@/server/catalog/agent-details';
import { NotFound } from '@/server/errors';
import { runRoute } from '@/server/http/run-route';

/**
 * Agent-only parts of a tour page (b2b rates, notes to agents), fetched by the page's client
 * island so the cached public HTML never contains them.
 */
export const GET = runRoute({
  permission: null,
  apiScope: 'catalogue',
  params: z.object({ slug: z.string() }),
  run: async (_input, { principal, db, params }) => {
    const details = await getAgentTourDetails(db, principal, params.slug);
    if (!details) throw new NotFound();
    return details;
  },
});
