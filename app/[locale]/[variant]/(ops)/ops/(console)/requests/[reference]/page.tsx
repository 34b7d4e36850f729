import NextLink from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { aed, dubaiDateTime } from '@/components/ops/agencies/ops-format';
import { formatDisplayDay } from '@/i18n/dates';
import { OpsField, OpsForm, OpsSelect, OpsTextArea } from '@/components/ops/ops-form';
import { OpsPage } from '@/components/ops/ops-page';
import { localizedPath } from '@/i18n/locales';
import { getDb } from '@/server/db/database';
import { isDomainError } from '@/server/errors';
import { confirmRequestAction, declineRequestAction, quoteRequestAction } from '@/server/ops/requests/request-actions';
import { loadRequest, type RequestDetail } from '@/server/ops/requests/request-queries';
import { REQUEST_REASONS } from '@/server/ops/requests/request-schema';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { requireOpsPage } from '@/server/staff/staff-principal';

export async function generateMetadata() {
  const t = await getTranslations('opsRequests');
  return { title: t('title'), robots: { index: false } };
}

/** One request with its details and the operator's three decisions. */
export default async function OpsRequestPage({ params }: { params: Promise<Awaited<SiteParams> & { reference: string }> }) {
  const { reference } = await params;
  const staff = await requireOpsPage('ops:requests', `/ops/requests/${reference}`);
  const [{ locale }, t] = await Promise.all([resolveSiteParams(params), getTranslations('opsRequests')]);
  let request: RequestDetail;
  try {
    request = await loadRequest(await getDb(), staff, reference);
  } catch (error) {
    if (isDomainError(error, 'notFound')) notFound();
    throw error;
  }
  const amount = (minor: number) => aed(minor, locale);
  const details: [string, string][] = [
    [t('detail.status'), t(`statuses.${request.status}`)],
    [t('detail.agency'), request.agencyName],
    [t('detail.agent'), `${request.agentName} <${request.agentEmail}>`],
    [t('detail.tour'), request.tourTitle[locale]],
    [t('detail.option'), request.offerName[locale]],
    [t('detail.date'), `${formatDisplayDay(request.tourDate, locale)}${request.startTime ? ` ${request.startTime}` : ''}`],
    [t('detail.people'), t('people', { adults: request.adults, children: request.children, infants: request.infants })],
    [t('detail.guest'), `${request.guestName}, ${request.guestPhone}, ${request.guestEmail}`],
    [t('detail.reason'), request.requestReason && (REQUEST_REASONS as readonly string[]).includes(request.requestReason) ? t(`reasons.${request.requestReason as (typeof REQUEST_REASONS)[number]}`) : t('reasons.unknown')],
    [t('detail.netTotal'), amount(request.netTotalMinor)],
    [t('detail.publishedTotal'), amount(request.publishedTotalMinor)],
    [t('detail.funds'), amount(request.agencyBalanceMinor + request.agencyCreditLimitMinor)],
  ];
  if (request.supplierStatus) {
    const supplierText = await getTranslations('supplierBooking');
    details.push([t('detail.supplier'), `${supplierText(`status.${request.supplierStatus}`)}${request.supplierReference ? ` · ${request.supplierReference}` : ''}`]);
  }
  if (request.notes) details.push([t('detail.notes'), request.notes]);
  if (request.quotedAt) details.push([t('detail.quotedAt'), dubaiDateTime(request.quotedAt, locale)]);
  if (request.declineReason) details.push([t('detail.declineReason'), request.declineReason]);
  const open = request.status === 'quotation_request';
  return (
    <OpsPage
      title={t('detail.title', { reference: request.reference })}
      actions={
        <NextLink href={localizedPath(locale, '/ops/requests')} className="text-sm text-primary underline-offset-4 hover:underline">
          {t('back')}
        </NextLink>
      }
    >
      <dl className="grid gap-x-6 gap-y-2 rounded-xl border border-border p-4 text-sm xs:p-6 sm:grid-cols-[max-content_1fr]" data-testid="ops-request-detail">
        {details.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {open ? (
        <div className="grid gap-4 lg:grid-cols-3">
          <section className="rounded-xl border border-border p-4 xs:p-6" aria-labelledby="quote-title">
            <h2 id="quote-title" className="mb-3 font-semibold">
              {t('quote.title')}
            </h2>
            <OpsForm action={quoteRequestAction} submitLabel={t('quote.submit')} pendingLabel={t('quote.pending')} successMessage={t('quote.done')}>
              <input type="hidden" name="reference" value={request.reference} />
              <OpsField name="netTotal" label={t('quote.netTotal')} inputMode="decimal" defaultValue={(request.netTotalMinor / 100).toFixed(2)} />
              <OpsField name="publishedTotal" label={t('quote.publishedTotal')} inputMode="decimal" defaultValue={(request.publishedTotalMinor / 100).toFixed(2)} />
            </OpsForm>
          </section>
          <section className="rounded-xl border border-border p-4 xs:p-6" aria-labelledby="confirm-title">
            <h2 id="confirm-title" className="mb-3 font-semibold">
              {t('confirm.title')}
            </h2>
            <OpsForm action={confirmRequestAction} submitLabel={t('confirm.submit')} pendingLabel={t('confirm.pending')} successMessage={t('confirm.done')}>
              <input type="hidden" name="reference" value={request.reference} />
              <OpsSelect
                name="payment"
                label={t('confirm.payment')}
                options={[
                  { value: 'agent', label: t('confirm.agent') },
                  { value: 'balance', label: t('confirm.balance') },
                ]}
              />
            </OpsForm>
          </section>
          <section className="rounded-xl border border-border p-4 xs:p-6" aria-labelledby="decline-title">
            <h2 id="decline-title" className="mb-3 font-semibold">
              {t('decline.title')}
            </h2>
            <OpsForm action={declineRequestAction} submitLabel={t('decline.submit')} pendingLabel={t('decline.pending')} successMessage={t('decline.done')} submitVariant="outline">
              <input type="hidden" name="reference" value={request.reference} />
              <OpsTextArea name="reason" label={t('decline.reason')} maxLength={500} />
            </OpsForm>
          </section>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t('detail.decided')}</p>
      )}
    </OpsPage>
  );
}
