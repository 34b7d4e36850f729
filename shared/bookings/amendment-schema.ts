// The amendment form's fields, shared by the form (client-side checks) and the amendment action.
// Pure. Error messages are message keys.
import { z } from 'zod';
import { calendarDay } from '@/shared/dates';
import { text } from '@/shared/text';
import { NAME_PATTERN } from './checkout-schema';

const count = (max: number) => z.coerce.number({ error: 'checkout.errors.count' }).int({ error: 'checkout.errors.count' }).min(0, { error: 'checkout.errors.count' }).max(max, { error: 'checkout.errors.count' });

/** A ticket's guest: empty prints the lead guest's name on that ticket. */
const ticketName = text()
  .max(100, { error: 'checkout.errors.tooLong' })
  .refine((value) => value === '' || NAME_PATTERN.test(value), { error: 'checkout.errors.nameLetters' });

/** Most tickets one booking prints: the checkout's limits (50 adults, 50 children, 20 infants). */
export const MAX_TICKETS = 120;

/** What the agent changes: the new date and start time, guest counts, lead guest and each ticket's guest. */
export const amendmentChangeSchema = z
  .object({
    reference: text().min(1, { error: 'errors.notFound' }).max(40, { error: 'errors.notFound' }),
    date: calendarDay('checkout.errors.date'),
    time: text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'checkout.errors.time' }),
    adults: count(50),
    children: count(50).default(0),
    infants: count(20).default(0),
    guestName: text().min(1, { error: 'checkout.errors.required' }).max(100, { error: 'checkout.errors.tooLong' }).regex(NAME_PATTERN, { error: 'checkout.errors.nameLetters' }),
    guestPhone: text()
      .min(1, { error: 'checkout.errors.required' })
      .regex(/^\+?[0-9][0-9 ()-]{5,19}$/, { error: 'checkout.errors.phone' }),
    guestEmail: text().min(1, { error: 'checkout.errors.required' }).pipe(z.email({ error: 'checkout.errors.email' })),
    guestNames: z.array(ticketName).max(MAX_TICKETS).default([]),
  })
  .refine((input) => input.adults + input.children + input.infants > 0, { error: 'checkout.errors.noGuests', path: ['adults'] });

export type AmendmentChange = z.infer<typeof amendmentChangeSchema>;
export type AmendmentField = keyof z.input<typeof amendmentChangeSchema>;

/**
 * Confirming an amendment: the change, the key of this form (a replay makes nothing twice), the
 * documents' issue and the difference the agent was shown (a booking changed meanwhile, or a
 * price, is refused rather than charged at a figure nobody saw).
 */
export const amendmentConfirmSchema = amendmentChangeSchema.and(
  z.object({
    idempotencyKey: z.uuid({ error: 'checkout.errors.retry' }),
    issue: z.coerce.number().int().min(1),
    expectedSettledMinor: z.coerce.number().int(),
  }),
);
export type AmendmentConfirm = z.infer<typeof amendmentConfirmSchema>;
