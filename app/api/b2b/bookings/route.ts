import { checkoutSchema } from '@/server/shared/bookings/checkout-schema';
import { createBooking } from '@/server/bookings/create-booking';
import { routeJson, runRoute } from '@/server/http/run-route';

/**
 * Spec §7 "POST /b2b/bookings": the checkout as JSON, for integrations and the benchmark. The
 * `Idempotency-Key` header (or `idempotencyKey` in the body) makes a retried request return the
 * booking it already made (200) instead of booking again (201); the same key with another
 * checkout is a 409. `?language=ru` for Russian messages and documents.
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
  run: async ({ body }, { principal, db, locale }) => {
    const booking = await createBooking(db, principal, body, { locale });
    return routeJson({ reference: booking.reference, status: booking.status }, { status: booking.replayed ? 200 : 201 });
  },
});
