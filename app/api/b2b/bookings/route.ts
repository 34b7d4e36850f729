import { checkoutSchema, isProviderPaymentMethod } from '@/shared/bookings/checkout-schema';
import { createBooking } from '@/server/bookings/create-booking';
import { routeJson, runRoute } from '@/server/http/run-route';
import { bookAndPay } from '@/server/payments/book-and-pay';
import { paymentPlaceOf } from '@/server/payments/payment-place';

/**
 * Spec §7 "POST /b2b/bookings": the checkout as JSON, for integrations and the benchmark. The
 * `Idempotency-Key` header (or `idempotencyKey` in the body) makes a retried request return the
 * booking it already made (200) instead of booking again (201); the same key with another
 * checkout is a 409. `?language=ru` for Russian messages and documents. A card, crypto or SBP
 * booking holds its stock and answers its payment too: `paymentId` and `nextAction`.
 */
export const POST = runRoute({
  permission: 'bookings:create',
  body: {
    kind: 'json',
    schema: checkoutSchema,
    maxBytes: 16 * 1024,
    from: (body, request) => ({
      idempotencyKey: request.headers.get('idempotency-key') ?? undefined,
      ...(typeof body === 'object' && body !== null ? body : {}),
    }),
  },
  run: async ({ body }, { principal, db, locale, request }) => {
    if (isProviderPaymentMethod(body.paymentMethod)) {
      const booked = await bookAndPay(db, principal, body, paymentPlaceOf(request, locale));
      const { reference, status, paymentId, nextAction } = booked;
      return routeJson({ reference, status, paymentId, nextAction }, { status: booked.replayed ? 200 : 201 });
    }
    const booking = await createBooking(db, principal, body, { locale });
    return routeJson({ reference: booking.reference, status: booking.status }, { status: booking.replayed ? 200 : 201 });
  },
});
