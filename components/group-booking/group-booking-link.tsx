import { FileSpreadsheet } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';
import { buttonVariants } from '@/components/ui/button';
import { type Locale, localizedPath } from '@/i18n/locales';
import type { Principal } from '@/server/auth/principal';
import { memberCan } from '@/shared/auth/permissions';

/** The way into group booking from the booking lists, for an agent who may book. */
export async function GroupBookingLink({ locale, principal }: { locale: Locale; principal: Principal }) {
  if (!memberCan(principal, 'bookings:create')) return null;
  const t = await getTranslations('groupBooking.page');
  return (
    <a href={localizedPath(locale, '/group-booking')} className={buttonVariants({ variant: 'outline' })}>
      <FileSpreadsheet aria-hidden />
      {t('link')}
    </a>
  );
}
