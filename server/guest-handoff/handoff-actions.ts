'use server';

import 'server-only';
import { type ActionResult, runAction } from '@/server/actions/run-action';
import { handoffSchema } from './handoff-schema';
import { type HandoffResult, sendVoucherToGuest } from './send-to-guest';

/** The form's state: the last answer, or null before the first send. */
export type SendToGuestState = ActionResult<HandoffResult, 'reference' | 'email' | 'locale'> | null;

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
