'use server';

import 'server-only';
import { z } from 'zod';
import { LOCALES } from '@/i18n/locales';
import { type ActionResult, runAction } from '@/server/actions/run-action';
import { BOOKING_REFERENCE_PATTERN } from '@/server/bookings/booking-reference';
import { type HandoffResult, sendVoucherToGuest } from './send-to-guest';

/** The form's state: the last answer, or null before the first send. */
export type SendToGuestState = ActionResult<HandoffResult, 'reference' | 'email' | 'locale'> | null;

const handoffSchema = z.object({
  reference: z.string().regex(BOOKING_REFERENCE_PATTERN, { error: 'errors.notFound' }),
  email: z.string().trim().max(254, { error: 'guestHandoff.errors.email' }).pipe(z.email({ error: 'guestHandoff.errors.email' })),
  locale: z.enum(LOCALES),
});

/**
 * "Send to guest" on the booking page: the voucher and tickets by mail to the guest, in the chosen
 * language and the agency's brand. Whoever may see the booking may send it (the scope is the
 * booking's query); a bad address is a field error and sends nothing.
 */
export const sendToGuestAction = runAction({
  schema: handoffSchema,
  permission: 'bookings:viewOwn',
  run: async (input, { principal, db }) => sendVoucherToGuest(db, principal, input),
});
