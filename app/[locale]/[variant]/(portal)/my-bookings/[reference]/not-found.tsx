import { ArrowLeft } from '@/components/icons/icons';
import { getLocale, getTranslations } from 'next-intl/server';
import { BookingNotFoundSearch } from '@/components/bookings/detail/booking-not-found-search';
import { buttonVariants } from '@/components/ui/button';
import { LocaleLink } from '@/components/i18n/locale-link';
import { localizedPath, toLocale } from '@/i18n/locales';

/**
 * A booking reference that leads nowhere (mistyped, or not the agent's): the reference named, the
 * way back to the list, and a search by reference there (the list's `reference` filter) with the
 * reference already in it, instead of a dead end.
 */
export default async function BookingNotFound() {
  const [t, locale] = await Promise.all([getTranslations('bookingDetail'), getLocale()]);
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="text-5xl font-bold text-primary">404</p>
      <h1 className="mt-4 text-2xl font-semibold">{t('notFound.title')}</h1>
      <BookingNotFoundSearch
        action={localizedPath(toLocale(locale), '/my-bookings')}
        labels={{ textFor: t.raw('notFound.textFor') as string, text: t('notFound.text'), referenceLabel: t('notFound.referenceLabel'), search: t('notFound.search') }}
      />
      <LocaleLink href="/my-bookings" className={buttonVariants({ variant: 'outline', className: 'mt-6' })}>
        <ArrowLeft aria-hidden />
        {t('backToList')}
      </LocaleLink>
    </div>
  );
}
