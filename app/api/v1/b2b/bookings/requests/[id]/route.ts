import { z } from 'zod';
import { loadBookingDetail } from '@/server/bookings/queries';
import { NotFound } from '@/server/errors';
import { bookingResponse, referenceParam } from '@/server/http/api-schemas';
import { runRoute } from '@/server/http/run-route';

/**
 * Spec §7 `GET /b2b/bookings/requests/{id}`: one quotation request (a booking that went to the
 * operator to confirm), decided or not; any other booking is not found here.
 */
export const GET = runRoute({
  permission: 'bookings:viewOwn',
  params: z.object({ id: referenceParam }),
  doc: { tag: 'Bookings', summary: 'A quotation request', response: bookingResponse, notFound: true },
  run: async (_input, { principal, db, params }) => {
    const booking = await loadBookingDetail(db, principal, params.id);
    if (!booking || booking.requestReason === null) throw new NotFound();
    return booking;
  },
});
