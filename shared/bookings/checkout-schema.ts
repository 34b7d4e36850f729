// The checkout form's fields, shared by the form (client-side checks) and the booking action.
// Pure. Error messages are message keys (in `checkout.errors`).
import { z } from 'zod';
import { calendarDay } from '@/shared/dates';
import { text } from '@/shared/text';

export const PAYMENT_METHODS = ['balance', 'cash', 'request', 'card', 'crypto', 'sbp'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Methods paid through a provider (server/payments): the booking holds its stock while the payment runs. */
export const PROVIDER_PAYMENT_METHODS = ['card', 'crypto', 'sbp'] as const satisfies readonly PaymentMethod[];
export type ProviderPaymentMethod = (typeof PROVIDER_PAYMENT_METHODS)[number];
export function isProviderPaymentMethod(method: PaymentMethod): method is ProviderPaymentMethod {
  return (PROVIDER_PAYMENT_METHODS as readonly PaymentMethod[]).includes(method);
}

const optionalText = (max: number, options: { multiLine?: boolean } = {}) =>
  text(options)
    .max(max, { error: 'checkout.errors.tooLong' })
    .transform((value) => value || null)
    .nullable()
    .default(null);

const count = (max: number) => z.coerce.number({ error: 'checkout.errors.count' }).int({ error: 'checkout.errors.count' }).min(0, { error: 'checkout.errors.count' }).max(max, { error: 'checkout.errors.count' });

/** Where the picker sends the agent: offer, date, optional start time and head counts. */
export const bookingSelectionSchema = z.object({
  offerId: z.uuid({ error: 'checkout.errors.offer' }),
  // Past days are refused by the booking itself, with their own message (`checkout.pastDate`).
  date: calendarDay('checkout.errors.date'),
  // Empty for an offer without start times. One string schema (not a union with ''), so a bad
  // value gets this field's message rather than a union's generic one.
  time: text()
    .refine((value) => value === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(value), { error: 'checkout.errors.time' })
    .transform((value) => value || null)
    .nullable()
    .default(null),
  adults: count(50),
  children: count(50).default(0),
  infants: count(20).default(0),
});
export type BookingSelection = z.infer<typeof bookingSelectionSchema>;

/** Letters (any script) and single spaces between words (spec §5 "name-like text"). */
export const NAME_PATTERN = /^\p{L}+(?: \p{L}+)*$/u;

export const checkoutSchema = bookingSelectionSchema
  .extend({
    idempotencyKey: z.uuid({ error: 'checkout.errors.retry' }),
    guestName: text().min(1, { error: 'checkout.errors.required' }).max(100, { error: 'checkout.errors.tooLong' }).regex(NAME_PATTERN, { error: 'checkout.errors.nameLetters' }),
    guestPhone: text()
      .min(1, { error: 'checkout.errors.required' })
      .regex(/^\+?[0-9][0-9 ()-]{5,19}$/, { error: 'checkout.errors.phone' }),
    guestEmail: text().min(1, { error: 'checkout.errors.required' }).pipe(z.email({ error: 'checkout.errors.email' })),
    guestEmailConfirm: text(),
    hotelId: z.uuid({ error: 'checkout.errors.hotel' }).nullable().default(null).or(z.literal('').transform(() => null)),
    room: optionalText(20),
    // Several lines from an API client, one in the form.
    notes: optionalText(1000, { multiLine: true }),
    promoCode: optionalText(40),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: 'checkout.errors.paymentMethod' }),
  })
  .refine((input) => input.guestEmail.toLowerCase() === input.guestEmailConfirm.toLowerCase(), {
    error: 'checkout.errors.emailMismatch',
    path: ['guestEmailConfirm'],
  })
  .refine((input) => input.adults + input.children + input.infants > 0, { error: 'checkout.errors.noGuests', path: ['adults'] });

export type CheckoutInput = z.infer<typeof checkoutSchema>;
export type CheckoutField = keyof z.input<typeof checkoutSchema>;

/** The checkout's "Apply" of a promo code: the selection it prices and the code. */
export const promoCheckSchema = bookingSelectionSchema.extend({
  promoCode: text().min(1, { error: 'checkout.errors.required' }).max(40, { error: 'checkout.errors.tooLong' }),
});
export type PromoCheckInput = z.infer<typeof promoCheckSchema>;
export type PromoCheckField = keyof z.input<typeof promoCheckSchema>;
