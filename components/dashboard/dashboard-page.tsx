import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { Price } from '@/components/catalog/price';
import { LocaleLink } from '@/components/i18n/locale-link';
import { StatusBadge } from '@/components/bookings/lists/status-badge';
import { formatDisplayDay, formatDubaiDateTime } from '@/i18n/dates';
import type { Locale } from '@/i18n/locales';
import type { DashboardBooking, DashboardData } from '@/server/dashboard/dashboard-queries';
import { bookingPagePath } from '@/shared/bookings/booking-links';
import { DashboardCharts, type DashboardChartsLabels } from './dashboard-charts-island';

// The agent dashboard (docs/dashboard.md): blocks of the agent's day, each with its empty state,
// then the owner's charts. A server component: only the charts are a client island, and only this
// page loads recharts.

function Block({ title, testId, action, children }: { title: string; testId: string; action?: ReactNode; children: ReactNode }) {
  const headingId = `${testId}-title`;
  return (
    <section aria-labelledby={headingId} data-testid={testId} className="flex min-w-0 flex-col rounded-xl border border-border p-4 shadow-sm">
      <div className="mb-3 flex items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function Empty({ text }: { text: string }) {
  return <p className="text-sm text-muted-foreground">{text}</p>;
}

type RowLabels = { status: (status: DashboardBooking['status']) => string; guests: (count: number) => string };

/** A booking as one line: reference (the link to its page), guest, tour, date and status. */
function BookingLines({ rows, locale, labels, extra }: { rows: DashboardBooking[]; locale: Locale; labels: RowLabels; extra?: (row: DashboardBooking) => ReactNode }) {
  return (
    <ul className="divide-y divide-border">
      {rows.map((row) => (
        <li key={row.reference} className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1 py-2 text-sm" data-reference={row.reference}>
          <div className="min-w-0">
            <LocaleLink href={bookingPagePath(row.reference)} className="font-medium text-primary hover:underline focus-visible:underline">
              {row.reference}
            </LocaleLink>
            <span className="text-muted-foreground"> · {row.guestName}</span>
            <p className="truncate text-muted-foreground">
              {row.tourTitle[locale]} · {formatDisplayDay(row.tourDate, locale)}
              {row.startTime ? ` ${row.startTime}` : ''} · {labels.guests(row.guests)}
            </p>
            {extra?.(row)}
          </div>
          <div className="flex items-center gap-2">
            <Price fils={row.publishedTotalMinor} className="tabular-nums" />
            <StatusBadge status={row.status} label={labels.status(row.status)} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export async function DashboardPage({ locale, data }: { locale: Locale; data: DashboardData }) {
  const [t, tb] = await Promise.all([getTranslations('dashboard'), getTranslations('booking')]);
  const labels: RowLabels = { status: (status) => tb(`status.${status}`), guests: (count) => t('guests', { count }) };
  const seeAll = (href: string, text: string) => (
    <LocaleLink href={href} className="text-sm text-primary hover:underline">
      {text}
    </LocaleLink>
  );
  const chartLabels: DashboardChartsLabels = {
    sales: t('charts.sales'),
    salesSeries: t('charts.salesSeries'),
    commissionSeries: t('charts.commissionSeries'),
    balance: t('charts.balance'),
    balanceSeries: t('charts.balanceSeries'),
    topTours: t('charts.topTours'),
    noData: t('charts.noData'),
    loading: t('charts.loading'),
  };
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 md:py-10" data-testid="dashboard">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <p className="mt-1 text-muted-foreground">{t('lead')}</p>

      <div className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        <Block title={t('departures.title')} testId="dashboard-departures">
          {data.departures.length ? <BookingLines rows={data.departures} locale={locale} labels={labels} /> : <Empty text={t('departures.empty')} />}
        </Block>

        <Block title={t('deadlines.title')} testId="dashboard-deadlines">
          {data.deadlines.length ? (
            <BookingLines
              rows={data.deadlines}
              locale={locale}
              labels={labels}
              extra={(row) => {
                const deadline = data.deadlines.find((item) => item.reference === row.reference);
                return deadline ? <p className="font-medium text-amber-800">{t('deadlines.freeUntil', { time: formatDubaiDateTime(deadline.freeUntil, locale) })}</p> : null;
              }}
            />
          ) : (
            <Empty text={t('deadlines.empty')} />
          )}
          {data.deadlinesTotal > data.deadlines.length ? (
            <p className="mt-2 text-sm text-muted-foreground">{t('deadlines.more', { count: data.deadlinesTotal - data.deadlines.length })}</p>
          ) : null}
        </Block>

        <Block title={t('paymentsDue.title')} testId="dashboard-payments-due">
          {data.paymentsDue.length ? (
            <BookingLines
              rows={data.paymentsDue}
              locale={locale}
              labels={labels}
              extra={(row) => (
                <p>
                  {row.holdExpiresAt ? <span className="text-amber-800">{t('paymentsDue.holdEnds', { time: formatDubaiDateTime(row.holdExpiresAt, locale) })} · </span> : null}
                  <LocaleLink href={bookingPagePath(row.reference, { payNow: true })} className="text-primary hover:underline">
                    {t('paymentsDue.payNow')}
                  </LocaleLink>
                </p>
              )}
            />
          ) : (
            <Empty text={t('paymentsDue.empty')} />
          )}
        </Block>

        <Block title={t('openRequests.title')} testId="dashboard-open-requests" action={seeAll('/requests', t('openRequests.seeAll'))}>
          {data.openRequests.length ? <BookingLines rows={data.openRequests} locale={locale} labels={labels} /> : <Empty text={t('openRequests.empty')} />}
        </Block>

        <Block title={t('recent.title')} testId="dashboard-recent" action={seeAll('/my-bookings', t('recent.seeAll'))}>
          {data.recent.length ? <BookingLines rows={data.recent} locale={locale} labels={labels} /> : <Empty text={t('recent.empty')} />}
        </Block>

        {data.money ? (
          <Block title={t('money.title')} testId="dashboard-money" action={seeAll('/balance', t('money.statement'))}>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">{t('money.balance')}</dt>
              <dd className="text-right font-medium tabular-nums">
                <Price fils={data.money.balanceMinor} />
              </dd>
              <dt className="text-muted-foreground">{t('money.creditLimit')}</dt>
              <dd className="text-right tabular-nums">
                <Price fils={data.money.creditLimitMinor} />
              </dd>
              <dt className="text-muted-foreground">{t('money.available')}</dt>
              <dd className="text-right font-semibold tabular-nums">
                <Price fils={data.money.availableMinor} />
              </dd>
            </dl>
            <p className="mt-3 text-sm" data-testid="dashboard-next-invoice">
              {data.money.nextInvoice ? (
                <>
                  {t('money.nextInvoice')}: <Price fils={data.money.nextInvoice.amountMinor} className="font-medium tabular-nums" />,{' '}
                  {t('money.due', { date: formatDisplayDay(data.money.nextInvoice.dueOn, locale) })}
                </>
              ) : (
                t('money.noInvoice')
              )}
            </p>
          </Block>
        ) : null}
      </div>

      {data.charts ? <DashboardCharts charts={data.charts} locale={locale} labels={chartLabels} /> : null}
    </div>
  );
}
