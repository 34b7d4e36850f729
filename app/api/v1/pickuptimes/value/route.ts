import { z } from 'zod';
import { lookUpPickUpTime } from '@/server/bookings/bookable-offer';
import { PUBLIC, runRoute } from '@/server/http/run-route';

/**
 * Spec §7 public `GET /pickuptimes/value (pickUpTimeId, hotelId, startTime)`: the pick-up time at
 * a hotel for a tour's start time. Pick-up times are kept per tour, so `pickUpTimeId` is the
 * tour's id. `pickUpTime` is null where none is known (the operator then calls the guest).
 */
export const GET = runRoute({
  permission: PUBLIC,
  query: z.object({
    pickUpTimeId: z.uuid({ error: 'Must be an id' }),
    hotelId: z.uuid({ error: 'Must be an id' }),
    startTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Must be a time (HH:mm)' }),
  }),
  doc: { tag: 'Catalogue', summary: 'The pick-up time at a hotel for a start time' },
  run: async ({ query }, { db }) => ({ pickUpTime: await lookUpPickUpTime(db, query.pickUpTimeId, query.hotelId, query.startTime) }),
});
