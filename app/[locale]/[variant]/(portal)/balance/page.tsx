import { CheckCircle2, Download, Wallet } from '@/components/icons/icons';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PAYMENT_ID_PATTERN } from '@/server/payments/payment-id';
import { AccountTerms } from '@/components/balance/account-terms';
import { BalanceOverview } from '@/components/balance/balance-overview';
import { formatAmount, formatMonth } from '@/components/balance/format';
import { MonthSelector } from '@/components/balance/month-selector';
import { MonthlySummaryTable } from '@/components/balance/monthly-summary-table';
import { StatementPager } from '@/components/balance/statement-pager';
import { StatementTable } from '@/components/balance/statement-table';
import { buttonVariants } from '@/components/ui/button';
import { localizedPath } from '@/i18n/locales';
import { requirePageAccess } from '@/server/auth/principal';
import { getDb } from '@/server/db/database';
import { loadPaymentResult } from '@/server/payments/payment-result';
import { loadPendingDeposits } from '@/server/top-up/deposit-queries';
import { isMonthlyInvoiceAvailable } from '@/server/documents/monthly-invoice';
import {
  isStatementMonth,
  loadBalanceOverview,
  loadMonthlySummary,
  loadStatement,
  monthOf,
  type StatementMonth,
} from '@/server/balance/statement-queries';
import { loadCreditStanding, loadMonthCreditTerms, overdueMessageValues } from '@/server/credit/credit-standing';
import { localizeMessageValues } from '@/i18n/message-values';
import { formatMoney } from '@/shared/money/money';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { CustomerViewHidden } from '@/components/customer-view/customer-view-hidden';
import { inCustomerView } from '@/server/auth/customer-view';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: SiteParams }): Promise<Metadata> {
  const { locale } = await resolveSiteParams(params);
  const t = await getTranslations({ locale, namespace: 'balance' });
  return { title: t('metaTitle'), robots: { index: false } };
}

/** Spec §2 "Balance": overview, terms, monthly summary and the daily statement of `?month=yyyy-MM` (`&page=n` in a busy month). */
export default async function BalancePage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  const { locale } = await resolveSiteParams(params);
  const { month: requested, page: requestedPage, topUp } = await searchParams;
  const principal = await requirePageAccess('/balance', isStatementMonth(requested) ? `?month=${requested}` : '');
  if (inCustomerView(principal)) return <CustomerViewHidden title={(await getTranslations('balance'))('title')} />;
  const page = typeof requestedPage === 'string' && /^[1-9]\d{0,5}$/.test(requestedPage) ? Number(requestedPage) : 1;
  const now = new Date();
  const current = monthOf(now);
  // A month after the current one has nothing yet: show the current one instead.
  const month: StatementMonth = isStatementMonth(requested) && requested <= current ? requested : current;

  const db = await getDb();
  const [overview, pending, summary, statement, t, credit, terms] = await Promise.all([
    loadBalanceOverview(db, principal),
    loadPendingDeposits(db, principal),
    loadMonthlySummary(db, principal, { months: 12 }),
    loadStatement(db, principal, month, { page }),
    getTranslations('balance'),
    loadCreditStanding(db, principal.agencyId, now),
    loadMonthCreditTerms(db, principal.agencyId, month),
  ]);
  // Back from a card top-up: said only once the payment has settled and credited.
  const topUpPayment = typeof topUp === 'string' && PAYMENT_ID_PATTERN.test(topUp) ? await loadPaymentResult(db, principal, topUp) : null;
  const toppedUp = topUpPayment?.purpose === 'top_up' && topUpPayment.status === 'succeeded' ? topUpPayment : null;
  const tp = await getTranslations('payments');
  const pagePath = localizedPath(locale, '/balance');
  const monthHref = (value: StatementMonth) => `${pagePath}?month=${value}#statement`;
  const pageHref = (value: number) => `${pagePath}?month=${month}&page=${value}#statement`;
  const exportHref = `/api/balance/statement/export?month=${month}&locale=${locale}`;
  const invoiceHref = (value: StatementMonth) => (isMonthlyInvoiceAvailable(value, now) ? `/api/invoices/monthly/${value}?language=${locale}` : null);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 md:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">{t('title')}</h1>
          <p className="mt-1 text-muted-foreground">{t('lead')}</p>
        </div>
        <a href={localizedPath(locale, '/top-up')} className={buttonVariants({ variant: 'default' })}>
          <Wallet aria-hidden />
          {t('topUp')}
        </a>
      </div>

      {toppedUp ? (
        <p role="status" className="mt-6 flex items-center gap-2 rounded-lg border border-success/40 bg-success/10 px-3 py-2 text-sm text-success" data-testid="top-up-paid">
          <CheckCircle2 aria-hidden className="size-4 shrink-0" />
          {tp('topUp.paid', { amount: formatMoney(toppedUp.baseAmountMinor, 'AED', locale) })}
        </p>
      ) : null}

      {credit.overdue ? (
        <p role="alert" className="mt-6 rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive" data-testid="credit-overdue">
          {t('creditOverdue', localizeMessageValues(overdueMessageValues(credit.overdue), locale))}
        </p>
      ) : null}

      <div className="mt-6">
        <BalanceOverview overview={overview} locale={locale} />
        {pending.count > 0 ? (
          <p className="mt-3 text-sm text-muted-foreground">
            {t('pendingDeposits', { count: pending.count, amount: formatAmount(pending.amountMinor, locale) })}{' '}
            <a href={`${localizedPath(locale, '/top-up')}#deposits`} className="text-primary underline-offset-4 hover:underline">
              {t('pendingDepositsLink')}
            </a>
          </p>
        ) : null}
      </div>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
        <MonthlySummaryTable
          rows={summary}
          selected={month}
          monthHref={monthHref}
          invoiceHref={invoiceHref}
          locale={locale}
        />
        <AccountTerms month={month} terms={terms} locale={locale} />
      </div>

      <section id="statement" aria-labelledby="statement-title" className="mt-10 scroll-mt-20">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="statement-title" className="text-lg font-semibold">
              {t('statement.title')}
            </h2>
            <p className="text-muted-foreground">
              {formatMonth(month, locale)} · {t('statement.amountsIn')}
            </p>
          </div>
          <div className="flex flex-wrap items-end gap-2">
            <MonthSelector
              month={month}
              months={summary.map((row) => row.month)}
              latest={current}
              action={pagePath}
              monthHref={monthHref}
              locale={locale}
            />
            <a href={exportHref} download={`statement-${month}.xlsx`} className={buttonVariants({ variant: 'default' })}>
              <Download aria-hidden />
              {t('statement.download')}
            </a>
          </div>
        </div>
        <StatementTable statement={statement} locale={locale} />
        <StatementPager page={statement.page} pageCount={statement.pageCount} pageHref={pageHref} />
      </section>
    </div>
  );
}
