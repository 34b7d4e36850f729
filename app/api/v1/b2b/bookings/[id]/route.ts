import { z } from 'zod';
import { loadBookingDetail } from '@/server/bookings/queries';
import { NotFound } from '@/server/errors';
import { bookingResponse, referenceParam } from '@/server/http/api-schemas';
import { runRoute } from '@/server/http/run-route';

/**
 * Spec §7 `GET /b2b/bookings/{id}`: one booking by its reference, as the agent's role sees it, with
 * what cancelling it now would refund (`cancellation`, the fee quote). Another agency's booking,
 * or a colleague's for a junior agent, is not found.
 */
export const GET = runRoute({
  permission: 'bookings:viewOwn',
  params: z.object({ id: referenceParam }),
  doc: { tag: 'Bookings', summary: 'A booking, with its cancellation quote', response: bookingResponse, notFound: true },
  run: async (_input, { principal, db, params }) => (await loadBookingDetail(db, principal, params.id)) ?? notFound(),
});

function notFound(): never {
  throw new NotFound();
}
