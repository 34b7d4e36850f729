import { ArrowLeft, Search } from 'lucide-react';
import { getLocale, getTranslations } from 'next-intl/server';
import { buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { LocaleLink } from '@/components/i18n/locale-link';
import { localizedPath, toLocale } from '@/i18n/locales';

/**
 * A booking reference that leads nowhere (mistyped, or not the agent's): the way back to the list,
 * and a search by reference there (the list's `reference` filter), instead of a dead end.
 */
export default async function BookingNotFound() {
  const [t, locale] = await Promise.all([getTranslations('bookingDetail'), getLocale()]);
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="text-5xl font-bold text-primary">404</p>
      <h1 className="mt-4 text-2xl font-semibold">{t('notFound.title')}</h1>
      <p className="mt-2 text-muted-foreground">{t('notFound.text')}</p>
      <form method="get" action={localizedPath(toLocale(locale), '/my-bookings')} role="search" aria-label={t('notFound.search')} className="mt-8 flex flex-wrap items-end justify-center gap-2 text-left">
        <label className="grid min-w-0 flex-1 basis-56 gap-1.5 text-sm font-medium">
          {t('notFound.referenceLabel')}
          <Input name="reference" required maxLength={20} autoComplete="off" autoCapitalize="characters" spellCheck={false} placeholder="TD-" />
        </label>
        <button type="submit" className={buttonVariants()}>
          <Search aria-hidden />
          {t('notFound.search')}
        </button>
      </form>
      <LocaleLink href="/my-bookings" className={buttonVariants({ variant: 'outline', className: 'mt-6' })}>
        <ArrowLeft aria-hidden />
        {t('backToList')}
      </LocaleLink>
    </div>
  );
}
