import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { type Locale, localizedPath } from '@/i18n/locales';
import { hitWindowLimit } from '@/server/auth/rate-limits';
import type { Principal } from '@/server/auth/principal';
import type { CreatedBooking, WidgetSale } from '@/server/bookings/create-booking';
import type { Database } from '@/server/db/connection';
import { bookings, offers, payments, tours } from '@/server/db/schema';
import { selectBookingRows, TRIP_COLUMNS } from '@/server/bookings/booking-rows';
import { Conflict, NotFound, RuleViolation, TooManyRequests } from '@/server/errors';
import { startBookingPayment } from '@/server/payments/start-payment';
import type { CheckoutInput } from '@/shared/bookings/checkout-schema';
import type { PaymentFailureReason } from '@/shared/payments/failure-reasons';
import { GUEST_MAX_GUESTS, guestCount } from '@/shared/widgets/guest-checkout-schema';
import { EMBED_PAYMENT_PATH, GUEST_PAYMENT_PATH } from './guest-payment-paths';
import { EMBED_RETURN_PATH, GUEST_RETURN_PATH } from './guest-paths';
import { loadWidgetSale, loadWidgetSaleOfGuestBooking, type WidgetChannel } from './widget-sale';

// A guest's booking on a widget's site: booked for the widget's agency at the
// widget's guest price and paid by card; the guest comes back to the widget's own site, where the
// payment id (unguessable, known only to the payer) opens the booking and its voucher.
//
// Anyone may post the checkout, so what it may hold is bounded: a few checkouts per client address
// and per widget in a window, a capped party, a share of each slot (server/bookings/guest-holds),
// and a short hold that becomes the normal one only when the payer reaches the payment page, where
// the provider charge is created. A checkout nobody pays costs no provider charge. The booking
// itself is placed by server/checkout/place-booking.ts, like every other channel's.

/** Where the guest books: the channel, the origin of the page the payer returns to, and the client (its address bucket). */
export type GuestPlace = { channel: WidgetChannel; origin: string; client: string };

/**
 * Guest checkouts one client address may start in a window: a family's retries, not a sell-out.
 * `GUEST_CHECKOUTS_PER_ADDRESS` raises it where many guests share one address (a proxy not yet
 * trusted, a hotel's desk, the e2e suite's single browser).
 */
export function guestCheckoutsPerAddress(env: NodeJS.ProcessEnv = process.env) {
  const limit = Number(env.GUEST_CHECKOUTS_PER_ADDRESS ?? 5);
  return { limit: Number.isInteger(limit) && limit > 0 ? limit : 5, windowSeconds: 600 };
}
/** Guest checkouts one widget may start in a window, whatever the addresses: a busy site's peak. */
export const GUEST_CHECKOUTS_PER_WIDGET = { limit: 30, windowSeconds: 600 };

/** The checkout's answer: the booking and the page the payer goes on to. */
export type GuestCheckout = { reference: string; replayed: boolean; nextUrl: string };

/** The page a guest returns to from the payment: the site's own, or for an embed the portal's, opened top-level. */
export function returnPathOf(channel: WidgetChannel): string {
  return 'host' in channel ? GUEST_RETURN_PATH : `${EMBED_RETURN_PATH}?widget=${channel.widgetId}&site=${encodeURIComponent(channel.site)}`;
}

/** The page where the payer goes on to the payment: on the site's host, or top-level on the portal for an embed. */
export function guestPaymentPath(channel: WidgetChannel, bookingId: string, locale: Locale): string {
  if ('host' in channel) return GUEST_PAYMENT_PATH.replace('{bookingId}', bookingId);
  return `${localizedPath(locale, EMBED_PAYMENT_PATH.replace('{bookingId}', bookingId))}?widget=${channel.widgetId}&site=${encodeURIComponent(channel.site)}`;
}

async function countGuestCheckout(db: Database, place: GuestPlace, widgetId: string, now: Date): Promise<void> {
  const byAddress = await hitWindowLimit(db, { key: `guest-checkout:address:${place.client}`, ...guestCheckoutsPerAddress() }, now);
  if (!byAddress.allowed) throw new TooManyRequests(byAddress.retryAfterSeconds, 'widgetBookings.limits.tooManyCheckouts');
  const byWidget = await hitWindowLimit(db, { key: `guest-checkout:widget:${widgetId}`, ...GUEST_CHECKOUTS_PER_WIDGET }, now);
  if (!byWidget.allowed) throw new TooManyRequests(byWidget.retryAfterSeconds, 'widgetBookings.limits.widgetBusy');
}

/** A guest's checkout that passed the guest rules: who books it (the widget's agency) and at what prices. */
export type GuestSale = { principal: Principal; widget: WidgetSale & { locale: Locale } };

/**
 * The guest rules of a checkout on a widget's site or embed, before anything is booked
 * (server/checkout/place-booking.ts books it): card only, no pick-up or promo code, a capped
 * party, an offer the widget sells, and the limits on checkouts per address and per widget. The
 * same checkout sent again (same idempotency key) counts against no limit.
 */
export async function admitGuestCheckout(db: Database, place: GuestPlace, input: CheckoutInput, now: Date): Promise<GuestSale> {
  // The site's form offers card payment only, no hotel pick-up and no promo codes.
  if (input.paymentMethod !== 'card') throw new RuleViolation('paymentErrors.methodUnavailable', {}, 'paymentMethod');
  if (input.hotelId) throw new RuleViolation('checkout.noPickUp', {}, 'hotelId');
  if (input.promoCode) throw new RuleViolation('checkout.offerUnavailable', {}, 'promoCode');
  if (guestCount(input) > GUEST_MAX_GUESTS) throw new RuleViolation('widgetBookings.limits.groupTooLarge', {}, 'adults');
  const sale = await loadWidgetSale(db, place.channel, input.offerId);
  if (!sale) throw new NotFound();
  if (!(await isReplay(db, sale.principal.agencyId, input.idempotencyKey))) await countGuestCheckout(db, place, sale.widget.id, now);
  return { principal: sale.principal, widget: { widgetId: sale.widget.id, guestPrices: sale.guestPrices, locale: sale.widget.locale } };
}

/**
 * Where the payer goes once the guest's booking is made: the page where the payment starts, or,
 * for a checkout sent again after it was paid, the result page.
 */
export async function guestCheckoutNext(db: Database, place: GuestPlace, sale: GuestSale, booking: CreatedBooking): Promise<GuestCheckout> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.reference, booking.reference), eq(bookings.agencyId, sale.principal.agencyId)));
  if (!row) throw new NotFound();
  const paid = booking.status !== 'payment_required' && booking.status !== 'payment_failed' ? await latestPayment(db, row.id) : null;
  const path = paid ? returnPathOf(place.channel).replace('{paymentId}', paid) : guestPaymentPath(place.channel, row.id, sale.widget.locale);
  return { reference: booking.reference, replayed: booking.replayed, nextUrl: `${place.origin}${path}` };
}

async function isReplay(db: Database, agencyId: string, idempotencyKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.agencyId, agencyId), eq(bookings.idempotencyKey, idempotencyKey)))
    .limit(1);
  return Boolean(row);
}

export async function latestPayment(db: Database, bookingId: string): Promise<string | null> {
  const [row] = await db.select({ id: payments.id }).from(payments).where(eq(payments.bookingId, bookingId)).orderBy(desc(payments.attempt)).limit(1);
  return row?.id ?? null;
}

/** What the payment page shows before the payer goes on: the booking and how long its places are held. */
export type GuestPaymentStep = {
  bookingId: string;
  locale: Locale;
  tourTitle: string;
  offerName: string;
  tourDate: string;
  startTime: string | null;
  adults: number;
  children: number;
  infants: number;
  guestName: string;
  /** Until when the places are held; null when they are no longer (paying takes them again if free). */
  heldUntil: Date | null;
  /** The result page of its latest payment, once the booking can no longer be paid (paid, cancelled). */
  resultPath: string | null;
  payable: boolean;
};

export async function loadGuestPaymentStep(db: Database, channel: WidgetChannel, bookingId: string, now = new Date()): Promise<GuestPaymentStep | null> {
  const sale = await loadWidgetSaleOfGuestBooking(db, channel, bookingId);
  if (!sale) return null;
  const [row] = await selectBookingRows(db, GUEST_BOOKING_COLUMNS).where(eq(bookings.id, bookingId));
  if (!row) return null;
  const payable = sale.status === 'payment_required' || sale.status === 'payment_failed';
  const latest = await latestPayment(db, bookingId);
  return {
    bookingId,
    locale: sale.locale,
    ...guestTrip(row, sale.locale),
    heldUntil: sale.holdsStock && sale.holdExpiresAt && sale.holdExpiresAt > now ? sale.holdExpiresAt : null,
    resultPath: !payable && latest ? returnPathOf(channel).replace('{paymentId}', latest) : null,
    payable,
  };
}

/**
 * The payer has reached the payment page and goes on: the booking's hold becomes the normal one
 * and the provider charge is created now (startBookingPayment). Sent again, it answers the same
 * charge; once paid, the result page. Answers the URL the payer goes to.
 */
export async function startGuestPayment(db: Database, place: Omit<GuestPlace, 'client'>, bookingId: string): Promise<string> {
  const sale = await loadWidgetSaleOfGuestBooking(db, place.channel, bookingId);
  if (!sale) throw new NotFound();
  if (sale.status !== 'payment_required' && sale.status !== 'payment_failed') {
    const latest = await latestPayment(db, bookingId);
    if (!latest) throw new Conflict('widgetBookings.payment.notPayable');
    return `${place.origin}${returnPathOf(place.channel).replace('{paymentId}', latest)}`;
  }
  const started = await startBookingPayment(db, sale.principal, {
    variant: 'main',
    displayCurrency: sale.currency === 'USD' ? 'USD' : 'AED',
    origin: place.origin,
    locale: sale.locale,
    reference: sale.reference,
    method: 'card',
    returnPath: returnPathOf(place.channel),
    extendHold: true,
  });
  if (started.nextAction.kind !== 'redirect') throw new RuleViolation('paymentErrors.methodUnavailable', {}, 'paymentMethod');
  return started.nextAction.url;
}

/** What a guest is shown and mailed of the booking (joined with its tour and offer). */
export const GUEST_BOOKING_COLUMNS = {
  reference: bookings.reference,
  tourTitle: tours.title,
  offerName: offers.name,
  ...TRIP_COLUMNS,
  guestEmail: bookings.guestEmail,
};

type GuestBookingRow = { tourTitle: Record<Locale, string>; offerName: Record<Locale, string>; tourDate: string; startTime: string | null; adults: number; children: number; infants: number; guestName: string };

/** The trip as a guest reads it, in the widget's language: the same on the payment step, the result page and the mail's page. */
export function guestTrip(row: GuestBookingRow, locale: Locale) {
  return {
    tourTitle: row.tourTitle[locale],
    offerName: row.offerName[locale],
    tourDate: row.tourDate,
    startTime: row.startTime,
    adults: row.adults,
    children: row.children,
    infants: row.infants,
    guestName: row.guestName,
  };
}

export type GuestBooking = {
  reference: string;
  bookingStatus: string;
  paymentStatus: string;
  /** Why the last payment failed, for the reason and advice the guest is shown. */
  failureReason: PaymentFailureReason | null;
  tourTitle: string;
  offerName: string;
  tourDate: string;
  startTime: string | null;
  adults: number;
  children: number;
  infants: number;
  guestName: string;
  guestEmail: string;
  amountMinor: number;
  currency: string;
};
