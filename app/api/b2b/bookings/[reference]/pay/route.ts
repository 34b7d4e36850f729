import { z } from 'zod';
import { payBooking } from '@/server/checkout/pay-booking';
import { paymentPlaceOf } from '@/server/payments/payment-place';
import { runRoute } from '@/server/http/run-route';

/**
 * "Pay now" for integrations: a `payment_required` or `payment_failed` booking paid
 * from the balance (done at once) or through a provider (answers what the payer does next).
 */
export const POST = runRoute({
  permission: 'bookings:create',
  params: z.object({ reference: z.string().max(40) }),
  body: { kind: 'json', maxBytes: 1024, schema: z.object({ method: z.enum(['balance', 'card', 'crypto', 'sbp'], { error: 'checkout.errors.paymentMethod' }) }) },
  run: async ({ body }, { principal, db, locale, params, request }) => {
    const started = await payBooking(db, principal, { reference: params.reference, method: body.method, place: () => paymentPlaceOf(request, locale) });
    if (!started) return { reference: params.reference, status: 'completed' };
    return { reference: params.reference, status: 'payment_required', ...started };
  },
});
