import type { Database } from '@/server/db/connection';
import { type CheckoutInput, checkoutSchema } from '@/server/shared/bookings/checkout-schema';
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
