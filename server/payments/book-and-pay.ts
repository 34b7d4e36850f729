import 'server-only';
import { desc, eq } from 'drizzle-orm';
import { localizedPath } from '@/i18n/locales';
import { bookings, payments } from '@/server/db/schema';
import type { Principal } from '@/server/auth/principal';
import { createBooking } from '@/server/bookings/create-booking';
import type { Database } from '@/server/db/connection';
import { RuleViolation } from '@/server/errors';
import { type CheckoutInput, isProviderPaymentMethod } from '@/shared/bookings/checkout-schema';
import type { NextAction, ProviderId } from './gateway';
import type { PaymentPlace } from './payment-place';
import { mayPayThroughProvider } from './payment-methods';
import { startBookingPayment } from './start-payment';

export type BookedAndStarted = { reference: string; status: string; replayed: boolean; paymentId: string; nextAction: NextAction };

/**
 * Books with a provider method and starts its payment: the checkout form, the spec's
 * `withpaymentintent` (Stripe) and `withtappaymentcharge` (Tap). A replayed checkout (same
 * idempotency key) answers the payment attempt it already started.
 */
export async function bookAndPay(
  db: Database,
  principal: Principal,
  input: CheckoutInput,
  place: PaymentPlace,
  provider?: ProviderId,
): Promise<BookedAndStarted> {
  const method = input.paymentMethod;
  if (!isProviderPaymentMethod(method)) throw new RuleViolation('paymentErrors.methodUnavailable', {}, 'paymentMethod');
  // Refused before anything is booked (startBookingPayment would refuse it after).
  if (!mayPayThroughProvider(principal.role)) throw new RuleViolation('paymentErrors.notForRole', {}, 'paymentMethod');
  const booking = await createBooking(db, principal, input, { locale: place.locale });
  // The same checkout sent again after it was paid (or cancelled): its latest payment's result page.
  if (booking.replayed && booking.status !== 'payment_required' && booking.status !== 'payment_failed') {
    const latest = await latestPayment(db, booking.reference);
    if (latest) return { ...booking, paymentId: latest, nextAction: { kind: 'redirect', url: `${place.origin}${localizedPath(place.locale, `/pay/${latest}`)}` } };
  }
  const started = await startBookingPayment(db, principal, { ...place, reference: booking.reference, method, provider });
  return { ...booking, ...started };
}

async function latestPayment(db: Database, reference: string): Promise<string | null> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(eq(bookings.reference, reference))
    .orderBy(desc(payments.attempt))
    .limit(1);
  return row?.id ?? null;
}
