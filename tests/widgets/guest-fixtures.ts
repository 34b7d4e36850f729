import { desc, eq } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { payments } from '@/server/db/schema';
import { placeBooking } from '@/server/checkout/place-booking';
import { startGuestPayment } from '@/server/widgets/guest-bookings/book-as-guest';
import type { WidgetChannel } from '@/server/widgets/guest-bookings/widget-sale';
import { type CheckoutInput, checkoutSchema } from '@/shared/bookings/checkout-schema';
import { addDays, prepareSlot } from '../support/booking-fixtures';

/** A guest's card checkout of `offerId` for two adults on a fresh slot 30–130 days ahead, as the widget's form sends it. */
export async function guestCheckoutInput(db: Database, offerId: string, overrides: Record<string, unknown> = {}): Promise<CheckoutInput> {
  const date = addDays(new Date().toISOString().slice(0, 10), 30 + Math.floor(Math.random() * 100));
  const slot = await prepareSlot(db, offerId, date, { left: 10 });
  return checkoutSchema.parse({
    offerId,
    date,
    time: slot.startTime,
    adults: 2,
    guestName: 'Maria Lopez',
    guestPhone: '+34 600 123 456',
    guestEmail: 'maria@example.test',
    guestEmailConfirm: 'maria@example.test',
    paymentMethod: 'card',
    idempotencyKey: crypto.randomUUID(),
    ...overrides,
  });
}

/** A client address of its own per call: tests of other rules stay clear of the per-address limit. */
export function someClient(): string {
  return `198.51.100.${Math.floor(Math.random() * 250) + 1}-${crypto.randomUUID()}`;
}

/** The booking id in the payment step's URL a guest checkout answers. */
export function bookingIdOf(nextUrl: string): string {
  const id = /\/payment\/([0-9a-f-]{36})/.exec(nextUrl)?.[1];
  if (!id) throw new Error(`No payment step in ${nextUrl}`);
  return id;
}

/**
 * A guest's checkout through `place` and the payer's step on to the payment, as the site's two
 * pages post them: the booking, its payment attempt and the provider page's URL.
 */
export async function bookAndGoToPayment(db: Database, place: { channel: WidgetChannel; origin: string; client?: string }, input: CheckoutInput) {
  const checkout = await placeBooking(db, { guest: { client: someClient(), ...place } }, input);
  const bookingId = bookingIdOf(checkout.nextUrl);
  const paymentUrl = await startGuestPayment(db, place, bookingId);
  const [payment] = await db.select({ id: payments.id }).from(payments).where(eq(payments.bookingId, bookingId)).orderBy(desc(payments.attempt)).limit(1);
  if (!payment) throw new Error('No payment started');
  return { ...checkout, bookingId, paymentId: payment.id, paymentUrl, chargeId: paymentUrl.split('/').pop() ?? '' };
}
