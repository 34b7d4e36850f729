import { z } from 'zod';
import { getAgentTourDetails } from '@/server/catalog/agent-details';
import { loadTourPage } from '@/server/catalog/queries';
import { NotFound } from '@/server/errors';
import { slugParam } from '@/server/http/api-schemas';
import { runRoute } from '@/server/http/run-route';

/**
 * Spec §7 `GET /b2b/tours/{id}`: a tour (by its slug) with its offers, photos and categories, and
 * what an agent sees beyond the public page: notes to agents and, for a role that sees them, the
 * offers' b2b prices.
 */
export const GET = runRoute({
  permission: null,
  apiScope: 'catalogue',
  params: z.object({ id: slugParam }),
  doc: { tag: 'Catalogue', summary: 'A tour with its offers and the agent’s rates', notFound: true },
  run: async (_input, { principal, db, params }) => {
    const [tour, agent] = await Promise.all([loadTourPage(db, params.id), getAgentTourDetails(db, principal, params.id)]);
    if (!tour || !agent) throw new NotFound();
    return { ...tour, ...agent };
  },
});
