import { checkoutSchema } from '@/shared/bookings/checkout-schema';
import { apiBookingListQuery, pagingQuerySchema } from '@/shared/bookings/list-schema';
import { can } from '@/shared/auth/permissions';
import { listBookings } from '@/server/bookings/list-queries';
import { placeBooking } from '@/server/checkout/place-booking';
import { placedBookingResponse } from '@/server/http/api-schemas';
import { routeJson, runRoute } from '@/server/http/run-route';
import { paymentPlaceOf } from '@/server/payments/payment-place';

/**
 * Spec §7 `GET /b2b/bookings (page, onPage)`: a page of the bookings the agent may see (the
 * agency's for a senior or admin, their own for a junior), newest first, with the total.
 */
export const GET = runRoute({
  permission: 'bookings:viewOwn',
  query: pagingQuerySchema,
  doc: { tag: 'Bookings', summary: 'A page of bookings' },
  run: async ({ query }, { principal, db }) =>
    listBookings(db, principal, can(principal.role, 'bookings:viewAll') ? 'all' : 'own', apiBookingListQuery(query)),
});

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
  doc: {
    tag: 'Bookings',
    summary: 'Book',
    description: 'Places a booking (201); a replay with the same `Idempotency-Key` answers the booking already made (200).',
    status: 201,
    response: placedBookingResponse,
  },
  run: async ({ body }, { principal, db, locale, request }) => {
    const placed = await placeBooking(db, { principal, locale, place: () => paymentPlaceOf(request, locale) }, body);
    const { reference, status, payment } = placed;
    return routeJson(payment ? { reference, status, ...payment } : { reference, status }, { status: placed.replayed ? 200 : 201 });
  },
});
