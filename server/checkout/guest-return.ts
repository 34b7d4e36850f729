import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { selectBookingRows } from '@/server/bookings/booking-rows';
import { bookings, payments } from '@/server/db/schema';
import { type GuestBooking, GUEST_BOOKING_COLUMNS, guestTrip } from '@/server/widgets/guest-bookings/book-as-guest';
import { loadWidgetSaleForBooking, type WidgetChannel } from '@/server/widgets/guest-bookings/widget-sale';
import { returnFromProvider } from './settlement';

/**
 * The booking a guest paid for on this widget's site, settled with the provider first (never on
 * the return's word); null for a payment of another site, another agency, or none.
 */
export async function returnToWidgetSite(db: Database, channel: WidgetChannel, paymentId: string): Promise<GuestBooking | null> {
  const sale = await loadWidgetSaleForBooking(db, channel, paymentId);
  if (!sale) return null;
  const result = await returnFromProvider(db, sale.principal, paymentId);
  if (!result) return null;
  const [row] = await selectBookingRows(db, { ...GUEST_BOOKING_COLUMNS, status: bookings.status })
    .innerJoin(payments, eq(payments.bookingId, bookings.id))
    .where(and(eq(payments.id, paymentId), eq(bookings.widgetId, sale.widgetId)));
  if (!row) return null;
  const locale = sale.locale;
  return {
    reference: row.reference,
    bookingStatus: row.status,
    paymentStatus: result.status,
    failureReason: result.failureReason,
    ...guestTrip(row, locale),
    guestEmail: row.guestEmail,
    amountMinor: result.amountMinor,
    currency: result.currency,
  };
}
