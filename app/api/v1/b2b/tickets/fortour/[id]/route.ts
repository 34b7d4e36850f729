import { z } from 'zod';
import { loadTickets } from '@/server/catalog/lookups';
import { NotFound } from '@/server/errors';
import { ticketsResponse } from '@/server/http/api-schemas';
import { runRoute } from '@/server/http/run-route';

/** Spec §7 `GET /b2b/tickets/fortour/{id}`: a tour’s offers’ tickets with retail and (for a role that sees them) b2b prices. */
export const GET = runRoute({
  permission: null,
  apiScope: 'catalogue',
  params: z.object({ id: z.uuid() }),
  doc: { tag: 'Catalogue', summary: 'A tour’s offers’ tickets with b2b prices', response: ticketsResponse, notFound: true },
  run: async (_input, { principal, db, params }) => {
    const tickets = await loadTickets(db, { tourId: params.id }, principal);
    if (tickets.length === 0) throw new NotFound();
    return tickets;
  },
});
