import 'server-only';
import { countBooking } from '@/server/telemetry/metrics';
import { inSpan } from '@/server/telemetry/tracing';
import { desc, eq } from 'drizzle-orm';
import { type Locale, localizedPath } from '@/i18n/locales';
import type { Principal } from '@/server/auth/principal';
import { type BookingStart, createBooking, type CreatedBooking, type Reservation, type WrittenReservation } from '@/server/bookings/create-booking';
import type { Database } from '@/server/db/connection';
import { bookings, payments } from '@/server/db/schema';
import { RuleViolation } from '@/server/errors';
import type { ProviderId } from '@/server/payments/gateway';
import type { PaymentPlace } from '@/server/payments/payment-place';
import { mayPayThroughProvider } from '@/server/payments/payment-methods';
import { type StartedPayment, startBookingPayment } from '@/server/payments/start-payment';
import { confirmSupplierBooking } from '@/server/suppliers/booking/confirm-at-supplier';
import { alignSupplierHold } from '@/server/suppliers/booking/supplier-hold';
import type { AdmittedQuote } from '@/server/quotes/pay-quote';
import { quotePaymentPlace } from '@/shared/quotes/quote-pricing';
import { admitGuestCheckout, type GuestCheckout, guestCheckoutNext, type GuestPlace } from '@/server/widgets/guest-bookings/book-as-guest';
import { type CheckoutInput, isProviderPaymentMethod } from '@/shared/bookings/checkout-schema';

// The one entry that places a booking, whatever the channel (DESIGN.md "The money path has one
// owner"): the agent's checkout form, the `/api` booking routes, and a guest's checkout on a
// widget's site or embed, and a reseller's reservation over OCTO. It decides how the booking is paid — from the balance, in cash, by
// request (all done inside createBooking's transaction) or through a provider (the booking holds
// its stock and the payment starts) — so no channel decides it again.

/**
 * An agent's checkout (the form or the API). `place` says where a provider payment starts and
 * returns to; it is asked only for a provider method. `provider` is set by the spec's
 * provider-specific routes, which book only through that provider.
 */
export type AgentChannel = {
  principal: Principal;
  locale: Locale;
  place: () => PaymentPlace | Promise<PaymentPlace>;
  provider?: ProviderId;
};

/** A guest's checkout on a widget's site or embed (public: the widget's agency books it). */
export type GuestChannel = { guest: GuestPlace };

/**
 * A reseller's reservation over our OCTO API (server/octo-api): the agency's booking, holding its
 * stock until the reservation's expiry, paid from the balance when the reseller confirms it.
 * `start` is what the reservation read with its option (the agency, an earlier attempt, the offer and slot).
 */
export type ResellerChannel = { reseller: { principal: Principal; locale: Locale; reservation: Reservation; start?: BookingStart } };

/**
 * A guest paying an agency's quote by its link (server/quotes): booked as the quote's agent at the
 * quote's guest price, paid by card; the payer returns to `returnPath` (the quote's page) on `origin`.
 */
export type QuoteChannel = { quote: { admitted: AdmittedQuote; origin: string; returnPath: string } };

/** Where a quote's payer goes next: the provider's page, or once paid the quote's page. */
export type QuoteCheckout = CreatedBooking & { nextUrl: string };

/** The agent's booking, and the payment started for it when it is paid through a provider. */
export type PlacedBooking = CreatedBooking & { payment: StartedPayment | null };

export function placeBooking(db: Database, channel: AgentChannel, input: CheckoutInput, now?: Date): Promise<PlacedBooking>;
export function placeBooking(db: Database, channel: GuestChannel, input: CheckoutInput, now?: Date): Promise<GuestCheckout>;
export function placeBooking(db: Database, channel: ResellerChannel, input: CheckoutInput, now?: Date): Promise<CreatedBooking & { written?: WrittenReservation }>;
export function placeBooking(db: Database, channel: QuoteChannel, input: CheckoutInput, now?: Date): Promise<QuoteCheckout>;
export async function placeBooking(db: Database, channel: AgentChannel | GuestChannel | ResellerChannel | QuoteChannel, input: CheckoutInput, now = new Date()): Promise<PlacedBooking | GuestCheckout | CreatedBooking> {
  // One span and one count per booking placed, whatever the channel (docs/telemetry.md#server).
  const channelName = 'guest' in channel ? 'guest' : 'reseller' in channel ? 'reseller' : 'quote' in channel ? 'quote' : 'agent';
  return inSpan('booking.place', { attributes: { 'booking.channel': channelName, 'booking.payment_method': input.paymentMethod } }, async (span) => {
    const placed = await placeInChannel(db, channel, input, now);
    const status = 'status' in placed && typeof placed.status === 'string' ? placed.status : 'placed';
    span.setAttribute('booking.status', status);
    countBooking({ channel: channelName, status });
    return placed;
  });
}

async function placeInChannel(db: Database, channel: AgentChannel | GuestChannel | ResellerChannel | QuoteChannel, input: CheckoutInput, now: Date): Promise<PlacedBooking | GuestCheckout | CreatedBooking> {
  if ('guest' in channel) return placeGuestBooking(db, channel.guest, input, now);
  if ('quote' in channel) return placeQuoteBooking(db, channel.quote, input, now);
  if ('reseller' in channel) {
    // Only a balance booking can wait for its confirmation: a provider payment needs a payer here.
    if (input.paymentMethod !== 'balance') throw new RuleViolation('paymentErrors.methodUnavailable', {}, 'paymentMethod');
    const { principal, locale, reservation, start } = channel.reseller;
    return createBooking(db, principal, input, { locale, now, reservation, ...(start ? { start } : {}) });
  }
  return placeAgentBooking(db, channel, input);
}

/**
 * Balance, cash and requests are booked (and for the balance paid) at once. A provider method
 * books holding the stock and starts its payment; a replayed checkout (same idempotency key)
 * answers the payment attempt it already started, or once paid its result page.
 */
async function placeAgentBooking(db: Database, channel: AgentChannel, input: CheckoutInput): Promise<PlacedBooking> {
  const { principal, locale } = channel;
  const method = input.paymentMethod;
  if (!isProviderPaymentMethod(method)) {
    // The provider-specific routes book through their provider or not at all.
    if (channel.provider) throw new RuleViolation('paymentErrors.methodUnavailable', {}, 'paymentMethod');
    const booking = await createBooking(db, principal, input, { locale });
    return { ...booking, status: await confirmAtSupplier(db, booking), payment: null };
  }
  // Refused before anything is booked (startBookingPayment would refuse it after).
  if (!mayPayThroughProvider(principal.role)) throw new RuleViolation('paymentErrors.notForRole', {}, 'paymentMethod');
  const booking = await createBooking(db, principal, input, { locale });
  // A supplier that could not be reached made the checkout a request: nothing to pay yet.
  if (booking.status === 'quotation_request') return { ...booking, payment: null };
  const place = await channel.place();
  // The same checkout sent again after it was paid (or cancelled): its latest payment's result page.
  if (booking.replayed && booking.status !== 'payment_required' && booking.status !== 'payment_failed') {
    const latest = await latestPayment(db, booking.reference);
    if (latest) return { ...booking, payment: { paymentId: latest, nextAction: { kind: 'redirect', url: `${place.origin}${localizedPath(place.locale, `/pay/${latest}`)}` } } };
  }
  const payment = await startBookingPayment(db, principal, { ...place, reference: booking.reference, method, provider: channel.provider });
  await alignSupplierHold(db, booking.reference);
  return { ...booking, payment };
}

/**
 * A supplier's booking paid from the balance or in cash is confirmed at the supplier right after
 * its transaction (server/suppliers/booking); a refusal leaves it `payment_failed`, its money back.
 * A replayed checkout asks again only if the first never got an answer.
 */
async function confirmAtSupplier(db: Database, booking: CreatedBooking): Promise<CreatedBooking['status']> {
  if (booking.status !== 'completed') return booking.status;
  const outcome = await confirmSupplierBooking(db, { reference: booking.reference });
  return outcome === 'refused' ? 'payment_failed' : booking.status;
}

/**
 * A guest's checkout: the guest rules first (server/widgets/guest-bookings), then the booking at
 * the widget's guest price with a short hold; the payment starts only when the payer reaches the
 * payment page (startGuestPayment), so a checkout nobody pays costs no provider charge.
 */
async function placeGuestBooking(db: Database, place: GuestPlace, input: CheckoutInput, now: Date): Promise<GuestCheckout> {
  const sale = await admitGuestCheckout(db, place, input, now);
  const { locale, ...widget } = sale.widget;
  const booking = await createBooking(db, sale.principal, input, { locale, widget, now });
  return guestCheckoutNext(db, place, sale, booking);
}

/**
 * A guest pays a quote: the booking holds its stock (re-checked under lock now: a slot gone since
 * the quote is refused before any charge) and the card payment starts in the quote's currency,
 * charging the one quote of a booking's provider payment (shared/payments/charge-quote.ts) on the
 * guest price. Sent again, it answers the attempt still waiting, or once paid the quote's page.
 */
async function placeQuoteBooking(db: Database, channel: QuoteChannel['quote'], input: CheckoutInput, now: Date): Promise<QuoteCheckout> {
  const { admitted, origin, returnPath } = channel;
  const booking = await createBooking(db, admitted.principal, input, { locale: admitted.locale, quote: admitted.sale, now });
  if (booking.status !== 'payment_required' && booking.status !== 'payment_failed') return { ...booking, nextUrl: `${origin}${returnPath}` };
  const payment = await startBookingPayment(
    db,
    admitted.principal,
    { ...quotePaymentPlace(admitted.currency), origin, locale: admitted.locale, reference: booking.reference, method: 'card', returnPath },
    now,
  );
  await alignSupplierHold(db, booking.reference);
  if (payment.nextAction.kind !== 'redirect') throw new RuleViolation('paymentErrors.methodUnavailable', {}, 'paymentMethod');
  return { ...booking, nextUrl: payment.nextAction.url };
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
