import { getTranslations } from 'next-intl/server';
import { LocaleLink } from '@/components/i18n/locale-link';
import { buttonVariants } from '@/components/ui/button';
import { formatDisplayDay } from '@/i18n/dates';
import type { Locale } from '@/i18n/locales';
import type { CheckoutView } from '@/server/bookings/checkout-queries';
import { formatMoney } from '@/shared/money/money';
import { NewQuoteForm, type NewQuoteLabels } from './new-quote-form';

/** The new-quote page: the trip and the NET it costs the agency, then the form; without a selection, the way to make one. */
export async function NewQuotePage({ locale, view }: { locale: Locale; view: CheckoutView | null }) {
  const t = await getTranslations('quotes');
  const guest = await getTranslations('quotes.guest');
  const availability = await getTranslations('availability');
  if (!view) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-2xl font-semibold">{t('new.title')}</h1>
        <p className="mt-4">{t('new.noSelection')}</p>
        <p className="mt-2 text-sm text-muted-foreground">{t('howToStart')}</p>
        <LocaleLink href="/" className={buttonVariants({ className: 'mt-6' })}>
          {t('browseTours')}
        </LocaleLink>
      </div>
    );
  }
  const labels: NewQuoteLabels = {
    ...Object.fromEntries(
      (['guestSection', 'guestName', 'guestEmail', 'guestPhone', 'locale', 'currency', 'markupSection', 'markupKind', 'percent', 'amount', 'markupValue', 'markupHint', 'guestPrice', 'validDays', 'validHint', 'submit', 'submitting', 'created', 'siteLink', 'toList', 'another'] as const).map(
        (key) => [key, t(`new.${key}`)],
      ),
    ),
    copyLink: t('copyLink'),
    copied: t('copied'),
    belowMinimum: t('errors.belowMinimum'),
    aboveMaximum: t('errors.aboveMaximum'),
    en: 'English',
    ru: 'Русский',
  } as NewQuoteLabels;
  const { selection } = view;
  const blocked = view.requestOnly ? availability(view.requestOnly) : view.problem ? (view.problem.code === 'minPeople' ? availability('minPeople', { min: view.problem.min }) : availability('soldOut', { max: view.problem.max })) : null;
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8">
      <h1 className="text-2xl font-semibold">{t('new.title')}</h1>
      <section className="grid gap-2 rounded-xl border p-4" aria-label={t('new.trip')}>
        <h2 className="text-lg font-semibold">{view.offer.tourTitle[locale]}</h2>
        <p className="text-sm text-muted-foreground">{view.offer.offerName[locale]}</p>
        <p className="text-sm">
          {formatDisplayDay(selection.date, locale)}
          {view.startTime ? `, ${view.startTime}` : ''} ·{' '}
          {[guest('adults', { count: selection.adults }), selection.children ? guest('children', { count: selection.children }) : null, selection.infants ? guest('infants', { count: selection.infants }) : null]
            .filter(Boolean)
            .join(', ')}
        </p>
        <p className="text-sm">
          {t('new.netTotal')}: <strong data-testid="quote-net">{formatMoney(view.quote.netTotalMinor, 'AED', locale)}</strong>
        </p>
      </section>
      {blocked ? (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          {blocked}
        </p>
      ) : (
        <NewQuoteForm
          selection={{ offerId: selection.offerId, date: selection.date, time: view.startTime, adults: selection.adults, children: selection.children, infants: selection.infants }}
          netTotalMinor={view.quote.netTotalMinor}
          locale={locale}
          labels={labels}
        />
      )}
    </div>
  );
}
