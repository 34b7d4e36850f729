import { z } from 'zod';
import { loadTickets } from '@/server/catalog/lookups';
import { NotFound } from '@/server/errors';
import { ticketsResponse } from '@/server/http/api-schemas';
import { PUBLIC, runRoute } from '@/server/http/run-route';

/** Spec §7 public `GET /tickets/foroffer/{id}`: an offer's ticket kind and retail prices (never b2b ones). */
export const GET = runRoute({
  permission: PUBLIC,
  params: z.object({ id: z.uuid() }),
  doc: { tag: 'Catalogue', summary: 'An offer’s tickets with retail prices', response: ticketsResponse, notFound: true },
  run: async (_input, { db, params }) => {
    const tickets = await loadTickets(db, { offerId: params.id }, null);
    if (tickets.length === 0) throw new NotFound();
    return tickets;
  },
});
