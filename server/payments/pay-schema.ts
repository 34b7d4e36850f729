// The "Pay now" / "Pay again" form of a booking that needs payment. Pure.
import 'server-only';
import { z } from 'zod';

export const PAY_NOW_METHODS = ['card', 'crypto', 'sbp', 'balance'] as const;
export type PayNowMethod = (typeof PAY_NOW_METHODS)[number];

export const payBookingSchema = z.object({
  // A booking reference (TD-XXXXXXX); anything else is not found.
  reference: z.string().regex(/^TD-[A-Z2-9]{7}$/, { error: 'errors.notFound' }),
  method: z.enum(PAY_NOW_METHODS, { error: 'checkout.errors.paymentMethod' }),
});
export type PayBookingField = keyof z.input<typeof payBookingSchema>;
