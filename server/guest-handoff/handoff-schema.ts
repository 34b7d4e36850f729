import 'server-only';
import { z } from 'zod';
import { LOCALES } from '@/i18n/locales';
import { BOOKING_REFERENCE_PATTERN } from '@/server/bookings/booking-reference';

/** "Send to guest"'s input: the booking, the guest's address (one, checked), the guest's language. */
export const handoffSchema = z.object({
  reference: z.string().regex(BOOKING_REFERENCE_PATTERN, { error: 'errors.notFound' }),
  email: z.string().trim().max(254, { error: 'guestHandoff.errors.email' }).pipe(z.email({ error: 'guestHandoff.errors.email' })),
  locale: z.enum(LOCALES),
});
