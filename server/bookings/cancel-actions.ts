'use server';

import 'server-only';
import { redirect } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { z } from 'zod';
import { localizedPath, toLocale } from '@/i18n/locales';
import { type ActionFailure, runAction } from '@/server/actions/run-action';
import { BOOKING_REFERENCE_PATTERN } from './booking-reference';
import { cancelBooking } from './cancel-booking';

const cancelBookingSchema = z.object({
  reference: z.string().regex(BOOKING_REFERENCE_PATTERN, { error: 'errors.notFound' }),
});

/** A failed cancellation; a successful one redirects, so there is no success state. */
export type CancelBookingState = ActionFailure<'reference'> | null;

/**
 * Cancels the booking of the detail page. Success redirects back to the page with `?cancelled=1`,
 * which shows the notice and the refund, so the form also works before hydration.
 */
export const cancelBookingAction = runAction({
  schema: cancelBookingSchema,
  permission: 'bookings:viewOwn',
  run: async ({ reference }, { principal, db }) => {
    await cancelBooking(db, principal, reference);
    return { reference };
  },
  answer: async (result): Promise<CancelBookingState> => {
    if (!result.ok) return result.code === 'errors.validation' ? notFound() : result;
    const locale = await getLocale();
    redirect(localizedPath(toLocale(locale), `/my-bookings/${result.data.reference}?cancelled=1`));
  },
});

/** The only field is hidden, so a malformed reference reads as "not found". */
async function notFound(): Promise<ActionFailure<'reference'>> {
  const t = await getTranslations();
  return { ok: false, status: 404, code: 'errors.notFound', message: t('errors.notFound'), fieldErrors: {} };
}
