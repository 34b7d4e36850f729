// The checkout form's fields, shared by the form (client-side checks) and the booking action.
// Pure. Error messages are message keys in the `checkout.errors` namespace.
import { z } from 'zod';

export const PAYMENT_METHODS = ['balance', 'cash', 'request'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'tooLong' })
    .transform((value) => value || null)
    .nullable()
    .default(null);

const count = (max: number) => z.coerce.number({ error: 'count' }).int({ error: 'count' }).min(0, { error: 'count' }).max(max, { error: 'count' });

/** Where the picker sends the agent: offer, date, optional start time and head counts. */
export const bookingSelectionSchema = z.object({
  offerId: z.uuid({ error: 'offer' }),
  date: z.iso.date({ error: 'date' }),
  time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'time' })
    .nullable()
    .default(null)
    .or(z.literal('').transform(() => null)),
  adults: count(50),
  children: count(50).default(0),
  infants: count(20).default(0),
});
export type BookingSelection = z.infer<typeof bookingSelectionSchema>;

/** Letters (any script) and single spaces between words (spec §5 "name-like text"). */
export const NAME_PATTERN = /^\p{L}+(?: \p{L}+)*$/u;

export const checkoutSchema = bookingSelectionSchema
  .extend({
    idempotencyKey: z.uuid({ error: 'retry' }),
    guestName: z.string().trim().min(1, { error: 'required' }).max(100, { error: 'tooLong' }).regex(NAME_PATTERN, { error: 'nameLetters' }),
    guestPhone: z
      .string()
      .trim()
      .min(1, { error: 'required' })
      .regex(/^\+?[0-9][0-9 ()-]{5,19}$/, { error: 'phone' }),
    guestEmail: z.string().trim().min(1, { error: 'required' }).pipe(z.email({ error: 'email' })),
    guestEmailConfirm: z.string().trim(),
    hotelId: z.uuid({ error: 'hotel' }).nullable().default(null).or(z.literal('').transform(() => null)),
    room: optionalText(20),
    notes: optionalText(1000),
    promoCode: optionalText(40),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: 'paymentMethod' }),
  })
  .refine((input) => input.guestEmail.toLowerCase() === input.guestEmailConfirm.toLowerCase(), {
    error: 'emailMismatch',
    path: ['guestEmailConfirm'],
  })
  .refine((input) => input.adults + input.children + input.infants > 0, { error: 'noGuests', path: ['adults'] });

export type CheckoutInput = z.infer<typeof checkoutSchema>;
export type CheckoutField = keyof z.input<typeof checkoutSchema>;
