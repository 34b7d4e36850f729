import { offerAvailabilityResponse } from '@/server/http/api-schemas';
import { loadLiveOfferAvailability } from '@/server/availability/offer-availability';
import { availabilityQuerySchema } from '@/server/availability/schemas';
import { NotFound } from '@/server/errors';
import { runRoute } from '@/server/http/run-route';

/**
 * Spec §7 "GET /b2b/availability/ByOffer": one offer's slots from `from` to `to`, never before
 * today in Dubai, for agents who may book. The tour page's picker asks for one month at a time.
 */
export const GET = runRoute({
  permission: 'bookings:create',
  apiScope: 'catalogue',
  query: availabilityQuerySchema,
  doc: { tag: 'Availability', summary: 'An offer’s slots in a date range', response: offerAvailabilityResponse, notFound: true },
  run: async ({ query: { id, from, to } }, { db }) => {
    const availability = await loadLiveOfferAvailability(db, id, { from, to }, new Date());
    if (!availability) throw new NotFound();
    return availability;
  },
});
