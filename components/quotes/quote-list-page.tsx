import { getTranslations } from 'next-intl/server';
import { LocaleLink } from '@/components/i18n/locale-link';
import { buttonVariants } from '@/components/ui/button';
import { formatDisplayDay, formatDubaiDateTime } from '@/i18n/dates';
import type { Locale } from '@/i18n/locales';
import { guestQuotePath } from '@/server/quotes/quote-origin';
import type { AgencyQuote } from '@/server/quotes/quote-view';
import { formatMoney } from '@/shared/money/money';
import { CopyLinkButton } from './copy-link-button';
import { SendQuoteButton } from './send-quote-button';
import { WithdrawQuoteButton } from './withdraw-quote-button';

/**
 * The agency's quotes: a table from 768 px, a card per quote on a phone. Money in AED (the NET
 * and the margin are the agency's; the guest sees their own currency on the quote's page).
 */
export async function QuoteListPage({ locale, quotes, origin }: { locale: Locale; quotes: AgencyQuote[]; origin: string }) {
  const t = await getTranslations('quotes');
  const aed = (minor: number) => formatMoney(minor, 'AED', locale);
  const sendLabels = { button: t('send.button'), sent: t('send.sent', { email: '{email}' }), alreadySent: t('send.alreadySent', { email: '{email}' }) };
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <LocaleLink href="/" className={buttonVariants({ variant: 'outline' })}>
          {t('newQuote')}
        </LocaleLink>
      </div>
      <p className="max-w-3xl text-sm text-muted-foreground">{t('intro')}</p>
      {quotes.length === 0 ? (
        <div className="rounded-xl border border-dashed p-6 text-center" data-testid="quotes-empty">
          <p className="font-medium">{t('empty')}</p>
          <p className="mt-2 text-sm text-muted-foreground">{t('howToStart')}</p>
        </div>
      ) : (
        <ul className="grid gap-3" data-testid="quote-list">
          {quotes.map((quote) => {
            const path = quote.token ? `${origin}${guestQuotePath(quote.locale, quote.token)}` : null;
            return (
              <li key={quote.id} className="grid gap-3 rounded-xl border p-4 md:grid-cols-[2fr_1fr_1fr_auto] md:items-center" data-testid="quote-row">
                <div className="min-w-0">
                  <p className="truncate font-medium">{quote.tourTitle}</p>
                  <p className="text-sm text-muted-foreground">
                    {formatDisplayDay(quote.tourDate, locale)} · {quote.guestName} · {quote.currency}
                  </p>
                </div>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                  <dt className="text-muted-foreground">{t('columns.net')}</dt>
                  <dd className="tabular-nums">{aed(quote.netTotalMinor)}</dd>
                  <dt className="text-muted-foreground">{t('columns.price')}</dt>
                  <dd className="tabular-nums">{aed(quote.retailTotalMinor)}</dd>
                  <dt className="text-muted-foreground">{t('columns.margin')}</dt>
                  <dd className="tabular-nums" data-testid="quote-margin" data-margin-aed={quote.retailTotalMinor - quote.netTotalMinor}>{aed(quote.retailTotalMinor - quote.netTotalMinor)}</dd>
                </dl>
                <div className="text-sm">
                  <p className="font-medium" data-testid="quote-state">{t(`states.${quote.state}`)}</p>
                  {quote.bookingReference ? (
                    <LocaleLink href={`/my-bookings/${quote.bookingReference}`} className="underline">
                      {t('booking', { reference: quote.bookingReference })}
                    </LocaleLink>
                  ) : (
                    <p className="text-muted-foreground">
                      {t('columns.expires')}: {formatDubaiDateTime(quote.expiresAt, locale)}
                    </p>
                  )}
                </div>
                <div className="flex flex-wrap gap-2">
                  {path ? (
                    <>
                      <a href={path} target="_blank" rel="noreferrer" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                        {t('openLink')}
                      </a>
                      <CopyLinkButton url={path} label={t('copyLink')} copiedLabel={t('copied')} />
                      {quote.state === 'open' || quote.state === 'failed' ? (
                        <>
                          <SendQuoteButton quoteId={quote.id} labels={sendLabels} />
                          <WithdrawQuoteButton quoteId={quote.id} label={t('withdraw')} />
                        </>
                      ) : null}
                    </>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
