import { getTranslations } from 'next-intl/server';
import { FormAlert } from '@/components/account/form-alert';
import { GuestBrandHeader } from '@/components/guest-bookings/guest-brand-header';
import { RefreshWhilePending } from '@/components/guest-bookings/refresh-while-pending';
import { formatDisplayDay, formatDubaiDateTime } from '@/i18n/dates';
import type { Locale } from '@/i18n/locales';
import type { GuestQuoteView } from '@/server/quotes/quote-view';
import { formatMoney } from '@/shared/money/money';
import { PayQuoteForm } from './pay-quote-form';

/**
 * The guest's quote: the agency's brand (never ours), the trip and the price in the guest's
 * currency line by line — the same lines the card is charged — and "Pay by card" while it is open.
 */
export async function GuestQuotePage({ view, token, sandbox }: { view: GuestQuoteView; token: string; sandbox: boolean }) {
  const locale: Locale = view.locale;
  const t = await getTranslations({ locale, namespace: 'quotes.guest' });
  const agency = view.brand.name;
  const payable = view.state === 'open' || view.state === 'failed';
  const money = (minor: number) => formatMoney(minor, view.currency, locale);
  const notice =
    view.state === 'paid'
      ? t('states.paid', { reference: view.reference ?? '', agency })
      : view.state === 'open'
        ? null
        : t(`states.${view.state}`, { agency });
  return (
    <main className="mx-auto grid w-full max-w-2xl gap-6 bg-white px-4 py-8 text-zinc-900" data-testid="guest-quote">
      <GuestBrandHeader brand={view.brand} />
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold">{t('heading', { agency })}</h1>
        <p className="text-sm text-zinc-600">{t('for', { name: view.guestName })}</p>
      </div>
      {notice ? <FormAlert tone={view.state === 'paid' || view.state === 'processing' ? 'notice' : 'error'}>{notice}</FormAlert> : null}
      {view.state === 'processing' ? <RefreshWhilePending /> : null}
      <section className="grid gap-3 rounded-xl border border-zinc-200 p-4">
        <h2 className="text-lg font-semibold">{view.tourTitle}</h2>
        <p className="text-sm text-zinc-600">{view.offerName}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-zinc-600">{t('date')}</dt>
          <dd>{formatDisplayDay(view.tourDate, locale)}</dd>
          {view.startTime ? (
            <>
              <dt className="text-zinc-600">{t('time')}</dt>
              <dd>{view.startTime}</dd>
            </>
          ) : null}
          <dt className="text-zinc-600">{t('guests')}</dt>
          <dd>
            {[t('adults', { count: view.adults }), view.children ? t('children', { count: view.children }) : null, view.infants ? t('infants', { count: view.infants }) : null]
              .filter(Boolean)
              .join(', ')}
          </dd>
        </dl>
      </section>
      <section className="grid gap-2 rounded-xl border border-zinc-200 p-4" aria-label={t('total')}>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" data-testid="quote-lines">
          {view.charge.lines.map((line) => (
            <div key={line.kind} className="contents">
              <dt>{t(`lines.${line.kind}`, { percent: line.percent ?? 0 })}</dt>
              <dd className="text-right tabular-nums">{money(line.amountMinor)}</dd>
            </div>
          ))}
          <dt className="border-t border-zinc-200 pt-2 font-semibold">{t('total')}</dt>
          <dd className="border-t border-zinc-200 pt-2 text-right text-lg font-semibold tabular-nums" data-testid="quote-total">
            {money(view.charge.totalMinor)}
          </dd>
        </dl>
      </section>
      {payable ? (
        <div className="grid gap-2">
          <PayQuoteForm token={token} label={t('pay')} pendingLabel={t('paying')} />
          <p className="text-center text-xs text-zinc-600">{t('validUntil', { date: formatDubaiDateTime(view.expiresAt, locale) })}</p>
          {sandbox ? <p className="text-center text-xs text-zinc-600">{t('sandbox')}</p> : null}
        </div>
      ) : null}
      <footer className="grid gap-1 border-t border-zinc-200 pt-4 text-sm text-zinc-700">
        <p className="font-medium">{t('contacts', { agency })}</p>
        {view.brand.phone ? <a href={`tel:${view.brand.phone.replace(/[^+\d]/g, '')}`} className="underline">{view.brand.phone}</a> : null}
        {view.brand.email ? <a href={`mailto:${view.brand.email}`} className="underline">{view.brand.email}</a> : null}
        {view.brand.address ? <p>{view.brand.address}</p> : null}
      </footer>
    </main>
  );
}
