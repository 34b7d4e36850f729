import 'server-only';
import { getTranslations } from 'next-intl/server';
import { BOOKING_LABEL_KEYS, type BookingLabels } from './labels';

/** The picker's texts in the request's language, raw so that the island fills placeholders itself. */
export async function getBookingLabels(): Promise<BookingLabels> {
  const t = await getTranslations('availability');
  return Object.fromEntries(BOOKING_LABEL_KEYS.map((key) => [key, t.raw(key) as string])) as BookingLabels;
}
