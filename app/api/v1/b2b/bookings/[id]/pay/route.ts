import { z } from 'zod';
import { payBooking } from '@/server/checkout/pay-booking';
import { paymentPlaceOf } from '@/server/payments/payment-place';
import { referenceParam } from '@/server/http/api-schemas';
import { runRoute } from '@/server/http/run-route';

/**
 * "Pay now" for integrations: a `payment_required` or `payment_failed` booking paid
 * from the balance (done at once) or through a provider (answers what the payer does next).
 */
export const POST = runRoute({
  permission: 'bookings:create',
  params: z.object({ id: referenceParam }),
  body: { kind: 'json', maxBytes: 1024, schema: z.object({ method: z.enum(['balance', 'card', 'crypto', 'sbp'], { error: 'checkout.errors.paymentMethod' }) }) },
  doc: { tag: 'Bookings', summary: 'Pay a booking that needs payment', notFound: true },
  run: async ({ body }, { principal, db, locale, params, request }) => {
    const started = await payBooking(db, principal, { reference: params.id, method: body.method, place: () => paymentPlaceOf(request, locale) });
    if (!started) return { reference: params.id, status: 'completed' };
    return { reference: params.id, status: 'payment_required', ...started };
  },
});
