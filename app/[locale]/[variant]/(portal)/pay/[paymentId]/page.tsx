import { CircleAlert } from '@/components/icons/icons';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PAYMENT_ID_PATTERN } from '@/server/payments/payment-id';
import { PayNowForm } from '@/components/pay/pay-now-form';
import { PaymentStatusPoller } from '@/components/pay/payment-status-poller';
import { StripePayment } from '@/components/pay/stripe-payment';
import { buttonVariants } from '@/components/ui/button';
import { type Locale, localizedPath } from '@/i18n/locales';
import { type Principal, requirePageAccess } from '@/server/auth/principal';
import type { Database } from '@/server/db/connection';
import { getDb } from '@/server/db/database';
import { returnFromProvider } from '@/server/checkout/settlement';
import type { PaymentResult } from '@/server/payments/payment-result';
import { payNowLabels, payNowOptions } from '@/server/checkout/pay-now-options';
import { qrDataUrl } from '@/server/payments/qr-svg';
import { requestOrigin } from '@/server/payments/request-context';
import { formatMoney, isCurrency } from '@/shared/money/money';
import type { Variant } from '@/shared/sites/site-variants';
import { resolveSiteParams } from '@/server/hosts/variant-params';
import { inCustomerView } from '@/server/auth/customer-view';

type Params = Promise<{ locale: string; variant: string; paymentId: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale } = await resolveSiteParams(params);
  const t = await getTranslations({ locale, namespace: 'payments' });
  return { title: t('result.metaTitle'), robots: { index: false } };
}

/**
 * Where a provider sends the agent back, and where a QR code or an on-page card form is shown.
 * It settles with the provider before it says anything: a paid booking goes on to
 * its confirmation, a paid top-up to the statement; otherwise spec §4's result messages.
 */
export default async function PaymentResultPage({ params }: { params: Params }) {
  const { locale, variant } = await resolveSiteParams(params);
  const { paymentId } = await params;
  const principal = await requirePageAccess('/pay');
  if (!PAYMENT_ID_PATTERN.test(paymentId)) notFound();
  const db = await getDb();
  const payment = (await returnFromProvider(db, principal, paymentId)) ?? notFound();
  if (payment.status === 'succeeded') {
    if (payment.purpose === 'booking' && payment.bookingReference) redirect(localizedPath(locale, `/checkout/confirmation/${payment.bookingReference}`));
    if (payment.purpose === 'top_up') redirect(localizedPath(locale, `/balance?topUp=${payment.paymentId}`));
    // An amendment's difference: back to the booking, amended (or its notice of why not).
    if (payment.purpose === 'amendment' && payment.bookingReference) redirect(localizedPath(locale, `/my-bookings/${payment.bookingReference}?amended=${payment.paymentId}`));
  }
  const t = await getTranslations('payments');
  // A booking's payment is its NET (plus fees), a top-up the agency's money: neither shows in customer view.
  const amount = isCurrency(payment.currency) && !inCustomerView(principal) ? formatMoney(payment.amountMinor, payment.currency, locale) : null;

  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-8 md:py-10">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold">{t(payment.purpose === 'top_up' ? 'result.titleTopUp' : 'result.title')}</h1>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground">
          {payment.bookingReference ? <span className="font-mono">{payment.bookingReference}</span> : null}
          {amount ? <span className="font-semibold text-foreground tabular-nums">{amount}</span> : null}
          {payment.isSandbox ? (
            <span className="rounded-full border border-amber-500/60 bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900">{t('sandbox')}</span>
          ) : null}
        </p>
      </header>
      <section className="grid gap-4 rounded-xl border border-border p-4 sm:p-6" data-testid="payment-result" data-status={payment.status}>
        <ResultBody payment={payment} locale={locale} variant={variant} principal={principal} db={db} />
      </section>
    </div>
  );
}

async function ResultBody({
  payment,
  locale,
  variant,
  principal,
  db,
}: {
  payment: PaymentResult;
  locale: Locale;
  variant: Variant;
  principal: Principal;
  db: Database;
}) {
  const t = await getTranslations('payments');
  const pollerLabels = { processing: t('result.processing'), retryFailed: t('result.retryFailed'), reload: t('result.reload') };

  if (payment.webhookError) {
    return (
      <>
        <Notice text={t('result.hookError')} testId="payment-hook-error" />
        <PaymentStatusPoller paymentId={payment.paymentId} reloadHref={localizedPath(locale, `/pay/${payment.paymentId}`)} labels={pollerLabels} />
      </>
    );
  }

  if (payment.status === 'failed' || payment.status === 'cancelled') {
    const detailHref = payment.bookingReference ? localizedPath(locale, `/my-bookings/${payment.bookingReference}`) : null;
    const canRetry = payment.purpose === 'booking' && payment.bookingReference && (payment.bookingStatus === 'payment_failed' || payment.bookingStatus === 'payment_required');
    const retry = canRetry ? { options: await payNowOptions(db, principal, variant, locale), labels: { ...(await payNowLabels()), pay: t('result.payAgain') } } : null;
    return (
      <>
        <div role="alert" className="grid gap-1 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-destructive" data-testid="payment-failed">
          <p className="flex items-start gap-2 font-semibold">
            <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
            {t(payment.purpose === 'top_up' ? 'result.topUpFailed' : 'result.failed')}
          </p>
          {payment.failureReason ? (
            <p data-testid="payment-failure-reason" data-reason={payment.failureReason}>
              {t(`result.reason.${payment.failureReason}`)}
            </p>
          ) : null}
          {/* Advice that fits the reason: never "try another card" after a failed 3-D Secure check. */}
          <p data-testid="payment-failure-advice">
            {payment.failureReason === null || payment.failureReason === 'other'
              ? payment.method === 'card'
                ? t('result.tryAnotherCard')
                : t('result.advice.otherNotCard')
              : t(`result.advice.${payment.failureReason}`)}
          </p>
        </div>
        {retry && payment.bookingReference ? (
          <>
            <PayNowForm reference={payment.bookingReference} options={retry.options} labels={retry.labels} />
            {detailHref ? (
              <Link href={detailHref} className="font-medium text-primary underline underline-offset-2">
                {t('result.payAnotherWay')}
              </Link>
            ) : null}
          </>
        ) : payment.purpose === 'top_up' ? (
          <Link href={localizedPath(locale, '/top-up')} className={buttonVariants({ className: 'justify-self-start' })}>
            {t('result.topUpAgain')}
          </Link>
        ) : detailHref ? (
          <Link href={detailHref} className="font-medium text-primary underline underline-offset-2">
            {t('result.openBooking')}
          </Link>
        ) : null}
      </>
    );
  }

  const next = payment.nextAction;
  if (next?.kind === 'qr') {
    const qr = await qrDataUrl(next.qrPayload);
    return (
      <>
        <p>{t('result.scanQr')}</p>
        {/* eslint-disable-next-line @next/next/no-img-element -- an inline SVG data URL, nothing to optimise */}
        <img src={qr} alt={t('result.qrAlt')} width={220} height={220} className="size-56 justify-self-center" data-testid="payment-qr" />
        <a href={next.url} className="justify-self-center font-medium text-primary underline underline-offset-2" data-testid="payment-qr-link">
          {t('result.openQrLink')}
        </a>
        <PaymentStatusPoller paymentId={payment.paymentId} reloadHref={localizedPath(locale, `/pay/${payment.paymentId}`)} labels={pollerLabels} />
      </>
    );
  }
  if (next?.kind === 'clientSecret' && payment.status === 'created') {
    const returnUrl = `${await requestOrigin()}${localizedPath(locale, `/pay/${payment.paymentId}`)}`;
    return (
      <StripePayment
        publishableKey={next.publishableKey}
        clientSecret={next.clientSecret}
        returnUrl={returnUrl}
        locale={locale}
        labels={{ loading: t('stripe.loading'), pay: t('stripe.pay'), paying: t('stripe.paying'), unavailable: t('stripe.unavailable') }}
      />
    );
  }
  if (next?.kind === 'redirect' && payment.status === 'created') {
    // Back from the provider's page without paying: the page is still there to pay on.
    return (
      <>
        <p>{t('result.notPaidYet')}</p>
        <a href={next.url} className={buttonVariants({ className: 'justify-self-start' })}>
          {t('result.continueToPay')}
        </a>
        <PaymentStatusPoller paymentId={payment.paymentId} reloadHref={localizedPath(locale, `/pay/${payment.paymentId}`)} labels={pollerLabels} />
      </>
    );
  }
  return <PaymentStatusPoller paymentId={payment.paymentId} reloadHref={localizedPath(locale, `/pay/${payment.paymentId}`)} labels={pollerLabels} />;
}

function Notice({ text, testId }: { text: string; testId: string }) {
  return (
    <p role="alert" className="flex items-start gap-2 rounded-lg border border-amber-500/60 bg-amber-50 p-4 text-amber-950" data-testid={testId}>
      <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
      {text}
    </p>
  );
}
