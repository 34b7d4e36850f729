import { adsConversionOf, gtagScriptUrl } from '@/shared/widgets/ads-conversion';
import type { GuestBooking } from '@/server/widgets/guest-bookings/book-as-guest';
import { AdsConversionTag } from './ads-conversion-tag';

/**
 * A widget booking's conversion on its result page (the site's and the embed's): reported once
 * the booking is completed, and only for a widget with a conversion action; otherwise nothing is
 * rendered, so the island and its script stay off every other page.
 */
export function BookingConversion({ conversionActionId, booking }: { conversionActionId: string; booking: Pick<GuestBooking, 'bookingStatus' | 'amountMinor' | 'currency' | 'reference'> }) {
  const conversion = adsConversionOf(conversionActionId);
  if (!conversion || booking.bookingStatus !== 'completed') return null;
  return (
    <AdsConversionTag
      conversion={conversion}
      sale={{ amountMinor: booking.amountMinor, currency: booking.currency, reference: booking.reference }}
      scriptUrl={gtagScriptUrl(process.env.GOOGLE_TAG_URL, conversion.tagId)}
    />
  );
}
