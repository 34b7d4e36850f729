import { z } from 'zod';
import { offerAvailabilityResponse } from '@/server/http/api-schemas';
import { loadLiveTourAvailability } from '@/server/availability/offer-availability';
import { availabilityQuerySchema } from '@/server/availability/schemas';
import { NotFound } from '@/server/errors';
import { runRoute } from '@/server/http/run-route';

/** Spec §7 "GET /b2b/availability/ByTour": every offer of a tour, from `from` to `to`, never before today in Dubai. */
export const GET = runRoute({
  permission: 'bookings:create',
  apiScope: 'catalogue',
  query: availabilityQuerySchema,
  doc: { tag: 'Availability', summary: 'Every offer’s slots of a tour in a date range', response: z.array(offerAvailabilityResponse), notFound: true },
  run: async ({ query: { id, from, to } }, { db }) => {
    const availability = await loadLiveTourAvailability(db, id, { from, to }, new Date());
    if (!availability) throw new NotFound();
    return availability;
  },
});
