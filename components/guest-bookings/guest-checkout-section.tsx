import { randomUUID } from 'node:crypto';
import { getTranslations } from 'next-intl/server';
import { formatDisplayDate } from '@/i18n/dates';
import type { Locale } from '@/i18n/locales';
import type { OfferPrices } from '@/shared/catalog/prices';
import { convertFromAed, type Currency, type ExchangeRates, formatAedAs } from '@/shared/money/money';
import type { GuestBookableDay } from '@/server/widgets/guest-bookings/guest-checkout-page';
import { GuestCheckoutForm } from './guest-checkout-form';
import { guestCheckoutLabels } from './guest-checkout-labels';

type Props = {
  offerId: string;
  tourTitle: string;
  offerName: string;
  /** The guest's prices, AED fils. */
  prices: OfferPrices;
  days: GuestBookableDay[];
  locale: Locale;
  currency: Currency;
  rates: ExchangeRates | null;
  embed?: { widgetId: string; site: string };
};

/** An offer's guest checkout, on a widget's site or in its embed: the offer, its prices, the form. */
export async function GuestCheckoutSection({ offerId, tourTitle, offerName, prices, days, locale, currency, rates, embed }: Props) {
  const [t, labels] = await Promise.all([getTranslations({ locale, namespace: 'widgetBookings.form' }), guestCheckoutLabels(locale)]);
  const shown = (fils: number | null) => (fils === null ? null : convertFromAed(fils, currency, rates ?? undefined));
  const lines = [
    prices.trip !== null ? [t('perTrip'), prices.trip] : null,
    prices.trip === null && prices.adult !== null ? [t('perAdult'), prices.adult] : null,
    prices.trip === null && prices.child !== null ? [t('perChild'), prices.child] : null,
  ].filter((line): line is [string, number] => line !== null);
  return (
    <section aria-labelledby="guest-checkout-title" className="grid gap-5">
      <div>
        <p className="text-sm text-zinc-500">{tourTitle}</p>
        <h1 id="guest-checkout-title" className="text-2xl font-semibold">
          {t('title', { offer: offerName })}
        </h1>
        <ul className="mt-2 flex flex-wrap gap-x-4 text-sm" data-testid="guest-prices">
          {lines.map(([label, fils]) => (
            <li key={label} className="tabular-nums">
              <span className="font-semibold">{formatAedAs(fils, currency, locale, rates ?? undefined)}</span> {label}
            </li>
          ))}
          {prices.trip === null ? <li className="text-zinc-500">{t('infantsFree')}</li> : null}
        </ul>
      </div>
      <GuestCheckoutForm
        offerId={offerId}
        days={days.map((day) => ({ ...day, label: formatDisplayDate(new Date(`${day.date}T12:00:00Z`), locale) }))}
        prices={{ adult: shown(prices.adult), child: shown(prices.child), trip: shown(prices.trip) }}
        currency={currency}
        locale={locale}
        idempotencyKey={randomUUID()}
        opensWindow={Boolean(embed)}
        embed={embed}
        labels={labels}
      />
    </section>
  );
}
