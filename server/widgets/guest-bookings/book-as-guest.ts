import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { bookings, offers, payments, tours } from '@/server/db/schema';
import { NotFound, RuleViolation } from '@/server/errors';
import { bookAndPay, type BookedAndStarted } from '@/server/payments/book-and-pay';
import { returnFromProvider } from '@/server/payments/payment-result';
import type { CheckoutInput } from '@/server/shared/bookings/checkout-schema';
import { EMBED_RETURN_PATH, GUEST_RETURN_PATH } from './guest-paths';
import { loadWidgetSale, loadWidgetSaleForBooking, type WidgetChannel } from './widget-sale';

// A guest's booking on a widget's site (issue 20 §6): booked for the widget's agency at the
// widget's guest price and paid by card at once; the guest comes back to the widget's own site,
// where the payment id (unguessable, known only to the payer) opens the booking and its voucher.

/** Where the guest books: the channel, and the origin of the page the payer returns to. */
export type GuestPlace = { channel: WidgetChannel; origin: string };

/** The page a guest returns to from the payment: the site's own, or for an embed the portal's, opened top-level. */
function returnPathOf(channel: WidgetChannel): string {
  return 'host' in channel ? GUEST_RETURN_PATH : `${EMBED_RETURN_PATH}?widget=${channel.widgetId}&site=${encodeURIComponent(channel.site)}`;
}

export async function bookAsGuest(db: Database, place: GuestPlace, input: CheckoutInput): Promise<BookedAndStarted> {
  // The site's form offers card payment only, no hotel pick-up and no promo codes.
  if (input.paymentMethod !== 'card') throw new RuleViolation('paymentErrors.methodUnavailable', {}, 'paymentMethod');
  if (input.hotelId) throw new RuleViolation('checkout.noPickUp', {}, 'hotelId');
  if (input.promoCode) throw new RuleViolation('checkout.offerUnavailable', {}, 'promoCode');
  const sale = await loadWidgetSale(db, place.channel, input.offerId);
  if (!sale) throw new NotFound();
  const displayCurrency = sale.widget.currency === 'USD' ? 'USD' : 'AED';
  return bookAndPay(
    db,
    sale.principal,
    input,
    { variant: 'main', displayCurrency, origin: place.origin, locale: sale.widget.locale },
    undefined,
    { widget: { widgetId: sale.widget.id, guestPrices: sale.guestPrices }, returnPath: returnPathOf(place.channel) },
  );
}

/** What a guest is shown and mailed of the booking (joined with its tour and offer). */
export const GUEST_BOOKING_COLUMNS = {
  reference: bookings.reference,
  tourTitle: tours.title,
  offerName: offers.name,
  tourDate: bookings.tourDate,
  startTime: bookings.startTime,
  adults: bookings.adults,
  children: bookings.children,
  infants: bookings.infants,
  guestName: bookings.guestName,
  guestEmail: bookings.guestEmail,
};

export type GuestBooking = {
  reference: string;
  bookingStatus: string;
  paymentStatus: string;
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

/**
 * The booking a guest paid for on this widget's site, settled with the provider first (never on
 * the return's word); null for a payment of another site, another agency, or none.
 */
export async function returnToWidgetSite(db: Database, channel: WidgetChannel, paymentId: string): Promise<GuestBooking | null> {
  const sale = await loadWidgetSaleForBooking(db, channel, paymentId);
  if (!sale) return null;
  const result = await returnFromProvider(db, sale.principal, paymentId);
  if (!result) return null;
  const [row] = await db
    .select({ ...GUEST_BOOKING_COLUMNS, status: bookings.status })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(tours, eq(tours.id, bookings.tourId))
    .innerJoin(offers, eq(offers.id, bookings.offerId))
    .where(and(eq(payments.id, paymentId), eq(bookings.widgetId, sale.widgetId)));
  if (!row) return null;
  const locale = sale.locale;
  return {
    reference: row.reference,
    bookingStatus: row.status,
    paymentStatus: result.status,
    tourTitle: row.tourTitle[locale],
    offerName: row.offerName[locale],
    tourDate: row.tourDate,
    startTime: row.startTime,
    adults: row.adults,
    children: row.children,
    infants: row.infants,
    guestName: row.guestName,
    guestEmail: row.guestEmail,
    amountMinor: result.amountMinor,
    currency: result.currency,
  };
}
