import { getTranslations } from 'next-intl/server';
import { BookingLookupSlot } from './booking-lookup-slot';

/** The header's booking search (docs/dashboard.md#header-search), its texts in the page's language. */
export async function HeaderBookingLookup() {
  const t = await getTranslations('bookingLookup');
  return (
    <BookingLookupSlot
      labels={{
        label: t('label'),
        placeholder: t('placeholder'),
        searching: t('searching'),
        noResults: t.raw('noResults') as string,
        tooShort: t('tooShort'),
        failed: t('failed'),
        close: t('close'),
      }}
    />
  );
}
