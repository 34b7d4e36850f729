import { placedBookingResponse } from '@/server/http/api-schemas';
import { placeBooking } from '@/server/checkout/place-booking';
import { RuleViolation } from '@/server/errors';
import { paymentPlaceOf } from '@/server/payments/payment-place';
import { routeJson, runRoute } from '@/server/http/run-route';
import { providerCheckoutBody } from '@/server/payments/provider-checkout-body';

/**
 * Spec §7 `/b2b/bookings/withpaymentintent`: books by card through Stripe and answers the
 * PaymentIntent's client secret for the Payment Element; 422 when Stripe is not configured.
 */
export const POST = runRoute({
  permission: 'bookings:create',
  body: providerCheckoutBody('card'),
  doc: { tag: 'Bookings', summary: 'Book and pay by card through Stripe', status: 201, response: placedBookingResponse },
  run: async ({ body }, { principal, db, locale, request }) => {
    const placed = await placeBooking(db, { principal, locale, place: () => paymentPlaceOf(request, locale), provider: 'stripe' }, body);
    // The body's method is the route's provider method (providerCheckoutBody): a payment always starts.
    if (!placed.payment) throw new RuleViolation('paymentErrors.methodUnavailable', {}, 'paymentMethod');
    const result = { ...placed, ...placed.payment };
    const secret = result.nextAction.kind === 'clientSecret' ? result.nextAction : null;
    return routeJson(
      { reference: result.reference, status: result.status, paymentId: result.paymentId, clientSecret: secret?.clientSecret, publishableKey: secret?.publishableKey },
      { status: result.replayed ? 200 : 201 },
    );
  },
});
