import { z } from 'zod';
import { cancelBooking } from '@/server/bookings/cancel-booking';
import { cancellationResponse, referenceParam } from '@/server/http/api-schemas';
import { runRoute } from '@/server/http/run-route';
import { seesNetRates } from '@/server/auth/customer-view';

/**
 * Cancels a booking as its detail page does: the refund tier that applies now (quoted beforehand by
 * `GET /b2b/bookings/{id}` as `cancellation`), the fee kept and the refund, credited the way it
 * was paid. The amounts, like the quote's, only for a role that sees b2b figures (they reveal the
 * NET rate). A booking that can no longer be cancelled answers 422.
 */
export const POST = runRoute({
  permission: 'bookings:viewOwn',
  params: z.object({ id: referenceParam }),
  doc: { tag: 'Bookings', summary: 'Cancel a booking', response: cancellationResponse, notFound: true },
  run: async (_input, { principal, db, params }) => {
    const { tier, percent, destination, charged, paidMinor, grossRefundMinor, feeMinor, refundMinor } = await cancelBooking(db, principal, params.id);
    const seesAmounts = seesNetRates(principal);
    return {
      reference: params.id,
      tier,
      percent,
      destination,
      amounts: seesAmounts ? { paidMinor, grossRefundMinor, feeMinor, refundMinor } : null,
      charged: seesAmounts ? charged : null,
    };
  },
});
