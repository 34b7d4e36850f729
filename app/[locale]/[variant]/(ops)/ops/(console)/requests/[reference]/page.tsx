import NextLink from 'next/link';
import { getTranslations } from 'next-intl/server';
import { RequestDecisionForms } from '@/components/ops/requests/request-decision-forms';
import { OpsPage } from '@/components/ops/ops-page';
import { localizedPath } from '@/i18n/locales';
import { getDb } from '@/server/db/database';
import { loadRequest, REQUEST_REASONS } from '@/server/ops/requests/request-queue';
import { formatMoney } from '@/server/shared/money/money';
import { resolveSiteParams } from '@/server/sites/site-params';
import { requireOpsPage } from '@/server/staff/staff-principal';

export async function generateMetadata({ params }: { params: Promise<{ reference: string }> }) {
  const [{ reference }, t] = await Promise.all([params, getTranslations('opsRequests')]);
  return { title: t('detail.title', { reference }), robots: { index: false } };
}

/** One request: what was asked, and the operator's price, confirmation or refusal. */
export default async function OpsRequestPage({ params }: { params: Promise<{ locale: string; variant: string; reference: string }> }) {
  const { reference } = await params;
  const staff = await requireOpsPage('ops:requests', `/ops/requests/${encodeURIComponent(reference)}`);
  const [{ locale }, t, statuses] = await Promise.all([resolveSiteParams(params), getTranslations('opsRequests'), getTranslations('booking.status')]);
  const request = await loadRequest(await getDb(), staff, reference);
  const money = (minor: number) => formatMoney(minor, 'AED', locale);
  const aed = (minor: number) => (minor / 100).toFixed(2);
  const facts: [string, string][] = [
    [t('detail.status'), statuses(request.status)],
    [t('detail.agency'), request.agencyName],
    [t('detail.agent'), `${request.agentName} · ${request.agentEmail}`],
    [t('columns.tour'), `${request.tourTitle[locale]} — ${request.offerName[locale]}`],
    [t('columns.travel'), `${request.tourDate} ${request.startTime ?? ''}`.trim()],
    [t('columns.people'), t('people', { adults: request.adults, children: request.children, infants: request.infants })],
    [t('columns.reason'), request.requestReason && (REQUEST_REASONS as readonly string[]).includes(request.requestReason) ? t(`reasons.${request.requestReason as (typeof REQUEST_REASONS)[number]}`) : '—'],
    [t('detail.guest'), `${request.guestName} · ${request.guestPhone} · ${request.guestEmail}`],
    [t('columns.net'), money(request.netTotalMinor)],
    [t('columns.retail'), money(request.publishedTotalMinor)],
  ];
  if (request.notes) facts.push([t('detail.notes'), request.notes]);
  return (
    <OpsPage
      title={t('detail.title', { reference: request.reference })}
      actions={
        <NextLink href={localizedPath(locale, '/ops/requests')} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t('detail.back')}
        </NextLink>
      }
    >
      <dl className="grid gap-x-6 gap-y-2 rounded-lg border p-4 text-sm sm:grid-cols-[12rem_minmax(0,1fr)]">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted-foreground">{t('detail.funds', { balance: money(request.balanceMinor), credit: money(request.creditLimitMinor) })}</p>
      {request.status === 'quotation_request' ? (
        <RequestDecisionForms
          reference={request.reference}
          netTotal={aed(request.netTotalMinor)}
          publishedTotal={aed(request.publishedTotalMinor)}
          labels={{
            quoteHeading: t('quote.heading'),
            netTotal: t('quote.netTotal'),
            publishedTotal: t('quote.publishedTotal'),
            quoteHint: t('quote.hint'),
            quoteSubmit: t('quote.submit'),
            quoteSaved: t('quote.saved'),
            confirmHeading: t('confirm.heading'),
            settle: t('confirm.settle'),
            settlePayment: t('confirm.settlePayment'),
            settleBalance: t('confirm.settleBalance'),
            confirmSubmit: t('confirm.submit'),
            confirmed: t('confirm.done'),
            declineHeading: t('decline.heading'),
            reason: t('decline.reason'),
            declineSubmit: t('decline.submit'),
            declined: t('decline.done'),
            saving: (await getTranslations('ops.common'))('saving'),
          }}
        />
      ) : (
        <p className="rounded-lg border bg-muted p-4 text-sm" role="status">
          {request.declineReason ? t('detail.declineReason', { reason: request.declineReason }) : t('detail.decided')}
        </p>
      )}
    </OpsPage>
  );
}
