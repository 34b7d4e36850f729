import { CheckCircle2 } from '@/components/icons/icons';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { BalanceOverview } from '@/components/balance/balance-overview';
import { formatAmount } from '@/components/balance/format';
import { CardTopUp } from '@/components/top-up/card-top-up';
import { DepositNoticeForm } from '@/components/top-up/deposit-notice-form';
import { DepositNoticesTable } from '@/components/top-up/deposit-notices-table';
import { localizedPath } from '@/i18n/locales';
import { requirePageAccess } from '@/server/auth/principal';
import { dubaiToday } from '@/shared/availability/rules';
import { getDb } from '@/server/db/database';
import { listDepositNotices } from '@/server/top-up/deposit-queries';
import { topUpFeeQuerySchema } from '@/server/top-up/deposit-schema';
import { quoteCardTopUp } from '@/shared/top-up/top-up-fee';
import { allowedFormats } from '@/shared/files/file-rules';
import { loadBalanceOverview } from '@/server/balance/statement-queries';
import { loadSettings } from '@/server/settings/settings';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { offeredPaymentMethods } from '@/server/payments/payment-methods';
import { CustomerViewHidden } from '@/components/customer-view/customer-view-hidden';
import { inCustomerView } from '@/server/auth/customer-view';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: SiteParams }): Promise<Metadata> {
  const { locale } = await resolveSiteParams(params);
  const t = await getTranslations({ locale, namespace: 'deposits' });
  return { title: t('metaTitle'), robots: { index: false } };
}

/**
 * Spec §2 "Balance: bank deposit, card top-up": the card top-up's amount, fee and card payment
 * (the balance is credited when the payment settles), the operator's bank account, the deposit notice form and
 * the agency's notices. `?amount=` quotes the fee without JavaScript; `?deposit=sent` confirms a notice.
 */
export default async function TopUpPage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  const { locale } = await resolveSiteParams(params);
  const { amount: requestedAmount, deposit } = await searchParams;
  const principal = await requirePageAccess('/top-up');
  if (inCustomerView(principal)) return <CustomerViewHidden title={(await getTranslations('deposits'))('title')} />;
  const db = await getDb();
  const [overview, notices, settings, tAll] = await Promise.all([
    loadBalanceOverview(db, principal),
    listDepositNotices(db, principal),
    loadSettings(db),
    getTranslations(),
  ]);
  const t = (key: string, values?: Record<string, string | number>) => tAll(`deposits.${key}` as never, values as never);

  const amount = typeof requestedAmount === 'string' ? requestedAmount.slice(0, 20) : '';
  const parsedAmount = amount ? topUpFeeQuerySchema.safeParse({ amount }) : null;
  const initialQuote = parsedAmount?.success ? { currency: 'AED' as const, ...quoteCardTopUp(parsedAmount.data.amount, settings.cardTopUpFeePercent) } : null;
  const initialError = parsedAmount && !parsedAmount.success ? tAll(parsedAmount.error.issues[0]!.message as never) : null;
  const slipFormats = allowedFormats('paymentSlip');
  // Top-ups are charged by card in AED whatever the host (the balance is kept in AED).
  const cardSandbox = offeredPaymentMethods({ variant: 'main', displayCurrency: 'AED' }).find((option) => option.method === 'card')?.isSandbox ?? false;
  const bank = settings.depositBankAccount;
  const fileLabels = { tooLarge: tAll('files.tooLarge'), download: tAll('files.download') };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 md:py-10">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <p className="mt-1 text-muted-foreground">{t('lead')}</p>

      <div className="mt-6">
        <BalanceOverview overview={overview} locale={locale} />
      </div>

      <div className="mt-8 grid gap-6 lg:grid-cols-2 lg:items-start">
        <section aria-labelledby="card-title" className="rounded-xl border border-border p-4 sm:p-6">
          <h2 id="card-title" className="text-lg font-semibold">
            {t('card.title')}
          </h2>
          <p className="mt-1 mb-4 text-sm text-muted-foreground">{t('card.lead')}</p>
          <CardTopUp
            locale={locale}
            action={localizedPath(locale, '/top-up')}
            initialAmount={amount}
            initialQuote={initialQuote}
            initialError={initialError}
            labels={{
              amount: t('card.amount'),
              amountHint: t('card.amountHint'),
              calculate: t('card.calculate'),
              fee: t('card.fee', { percent: settings.cardTopUpFeePercent }),
              total: t('card.total'),
              continue: t('card.continue'),
              continuing: t('card.continuing'),
              sandbox: cardSandbox ? tAll('payments.sandbox') : null,
              calculating: t('card.calculating'),
            }}
          />
        </section>

        <section aria-labelledby="bank-title" className="rounded-xl border border-border p-4 sm:p-6">
          <h2 id="bank-title" className="text-lg font-semibold">
            {t('bank.title')}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t('bank.lead')}</p>
          <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 rounded-lg bg-muted/50 p-4 text-sm">
            <dt className="text-muted-foreground">{t('bank.beneficiary')}</dt>
            <dd>{bank.beneficiary}</dd>
            <dt className="text-muted-foreground">{t('bank.bank')}</dt>
            <dd>{bank.bank}</dd>
            <dt className="text-muted-foreground">IBAN</dt>
            <dd className="font-mono break-all">{bank.iban}</dd>
            <dt className="text-muted-foreground">SWIFT</dt>
            <dd className="font-mono">{bank.swift}</dd>
          </dl>
          <h3 className="mt-6 mb-3 font-semibold">{t('form.title')}</h3>
          <DepositNoticeForm
            accept={slipFormats.accept}
            today={dubaiToday(new Date())}
            labels={{
              amount: t('form.amount'),
              amountHint: t('form.amountHint'),
              transferDate: t('form.transferDate'),
              bankReference: t('form.bankReference'),
              bankReferenceHint: t('form.bankReferenceHint'),
              slip: t('form.slip'),
              slipHint: t('form.slipHint', { list: slipFormats.list }),
              submit: t('form.submit'),
              sending: t('form.sending'),
              reattach: t('form.reattach'),
              file: fileLabels,
            }}
          />
        </section>
      </div>

      <section id="deposits" aria-labelledby="deposits-title" className="mt-10 scroll-mt-20">
        <h2 id="deposits-title" className="text-lg font-semibold">
          {t('notices.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('notices.lead')}</p>
        {deposit === 'sent' && notices[0]?.status === 'pending' ? (
          <p role="status" className="mt-4 flex items-center gap-2 rounded-lg border border-success/40 bg-success/10 px-3 py-2 text-sm text-success">
            <CheckCircle2 aria-hidden className="size-4 shrink-0" />
            {t('notices.sent', { amount: formatAmount(notices[0].amountMinor, locale) })}
          </p>
        ) : null}
        <DepositNoticesTable notices={notices} locale={locale} />
      </section>
    </div>
  );
}
