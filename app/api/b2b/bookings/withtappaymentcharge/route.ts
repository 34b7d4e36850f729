import { bookAndPay } from '@/server/payments/book-and-pay';
import { paymentPlaceOf } from '@/server/payments/payment-place';
import { routeJson, runRoute } from '@/server/http/run-route';
import { providerCheckoutBody } from '@/server/payments/provider-checkout-body';

/**
 * Spec §7 `/b2b/bookings/withtappaymentcharge`: books by card through Tap and answers the
 * charge's 3-D Secure page to send the payer to; 422 when Tap is not configured.
 */
export const POST = runRoute({
  permission: 'bookings:create',
  body: providerCheckoutBody('card'),
  run: async ({ body }, { principal, db, locale, request }) => {
    const result = await bookAndPay(db, principal, body, paymentPlaceOf(request, locale), 'tap');
    const redirectUrl = result.nextAction.kind === 'redirect' ? result.nextAction.url : null;
    return routeJson({ reference: result.reference, status: result.status, paymentId: result.paymentId, redirectUrl }, { status: result.replayed ? 200 : 201 });
  },
});
