import { randomUUID } from 'node:crypto';
import NextLink from 'next/link';
import { getTranslations } from 'next-intl/server';
import { formatAmount, formatDay } from '@/components/balance/format';
import { OpsField, OpsForm, OpsSelect, OpsTextArea } from '@/components/ops/ops-form';
import { OpsPage, OpsTable } from '@/components/ops/ops-page';
import { OpsPager } from '@/components/ops/ops-pager';
import { localizedPath } from '@/i18n/locales';
import { getDb } from '@/server/db/database';
import { adjustLedgerAction, creditDepositAction, markRefundedAction, rejectDepositAction } from '@/server/ops/money/money-actions';
import { listOpsDeposits, listRefundsAwaitingAction } from '@/server/ops/money/money-queries';
import { moneyPagesSchema } from '@/server/ops/money/money-schema';
import { listAgencyChoices } from '@/server/ops/requests/request-queries';
import { dubaiToday } from '@/shared/availability/rules';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { requireOpsPage } from '@/server/staff/staff-principal';

export async function generateMetadata() {
  const t = await getTranslations('opsMoney');
  return { title: t('title'), robots: { index: false } };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Deposit notices, manual ledger adjustments and refunds awaiting action. */
export default async function OpsMoneyPage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  const staff = await requireOpsPage('ops:money', '/ops/money');
  const [{ locale }, query, t] = await Promise.all([resolveSiteParams(params), searchParams, getTranslations('opsMoney')]);
  const pages = moneyPagesSchema.parse(query);
  const db = await getDb();
  const [deposits, refunds, agencies] = await Promise.all([listOpsDeposits(db, staff, pages.page), listRefundsAwaitingAction(db, staff, 1), listAgencyChoices(db, staff)]);
  const path = localizedPath(locale, '/ops/money');
  return (
    <OpsPage
      title={t('title')}
      description={t('description')}
      actions={
        <NextLink href={localizedPath(locale, '/ops/money/invoices')} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t('invoices')}
        </NextLink>
      }
    >
      <section aria-labelledby="deposits-title" className="grid gap-3">
        <h2 id="deposits-title" className="text-lg font-semibold">
          {t('deposits.title')}
        </h2>
        {deposits.rows.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">{t('deposits.empty')}</p>
        ) : (
          <OpsTable caption={t('deposits.title')}>
            <thead>
              <tr>
                <th>{t('deposits.agency')}</th>
                <th className="text-right">{t('deposits.amount')}</th>
                <th>{t('deposits.transferDate')}</th>
                <th>{t('deposits.reference')}</th>
                <th>{t('deposits.sentOn')}</th>
                <th>{t('deposits.slip')}</th>
                <th>{t('deposits.status')}</th>
              </tr>
            </thead>
            <tbody>
              {deposits.rows.map((row) => (
                <tr key={row.id} data-testid="ops-deposit-row">
                  <td>{row.agencyName}</td>
                  <td className="text-right whitespace-nowrap tabular-nums">{formatAmount(row.amountMinor, locale)}</td>
                  <td className="whitespace-nowrap">{formatDay(row.transferDate, locale)}</td>
                  <td className="break-words">{row.bankReference}</td>
                  <td className="whitespace-nowrap">{formatDay(dubaiToday(row.createdAt), locale)}</td>
                  <td>
                    <a href={`/api/ops/deposit-slips/${row.slip.id}`} download className="text-primary underline-offset-4 hover:underline">
                      {t('deposits.download')}
                      <span className="sr-only"> {row.bankReference}</span>
                    </a>
                  </td>
                  <td className="min-w-64">
                    {row.status === 'pending' ? (
                      <div className="grid gap-3">
                        <OpsForm action={creditDepositAction} submitLabel={t('deposits.credit')} pendingLabel={t('deposits.crediting')} successMessage={t('deposits.credited')}>
                          <input type="hidden" name="noticeId" value={row.id} />
                        </OpsForm>
                        <details>
                          <summary className="cursor-pointer text-sm text-primary">{t('deposits.reject')}</summary>
                          <OpsForm action={rejectDepositAction} submitLabel={t('deposits.reject')} pendingLabel={t('deposits.rejecting')} successMessage={t('deposits.rejected')} submitVariant="outline" className="mt-2">
                            <input type="hidden" name="noticeId" value={row.id} />
                            <OpsTextArea name="reason" id={`reason-${row.id}`} label={t('deposits.reason')} maxLength={500} />
                          </OpsForm>
                        </details>
                      </div>
                    ) : (
                      <>
                        {t(`statuses.${row.status}`)}
                        {row.rejectionReason ? <span className="block text-xs break-words text-muted-foreground">{row.rejectionReason}</span> : null}
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </OpsTable>
        )}
        <OpsPager path={path} params={{}} page={pages.page} hasNext={deposits.hasNext} />
      </section>

      <section aria-labelledby="adjustment-title" className="grid max-w-xl gap-3 rounded-xl border border-border p-4">
        <h2 id="adjustment-title" className="text-lg font-semibold">
          {t('adjustment.title')}
        </h2>
        <OpsForm action={adjustLedgerAction} submitLabel={t('adjustment.submit')} pendingLabel={t('adjustment.pending')} successMessage={t('adjustment.done')} resetOnSuccess submissionKey={randomUUID()}>
          <OpsSelect name="agencyId" label={t('adjustment.agency')} options={[{ value: '', label: t('adjustment.chooseAgency') }, ...agencies.map((agency) => ({ value: agency.id, label: agency.name }))]} />
          <OpsSelect
            name="direction"
            label={t('adjustment.direction')}
            options={[
              { value: 'credit', label: t('adjustment.credit') },
              { value: 'debit', label: t('adjustment.debit') },
            ]}
          />
          <OpsField name="amount" label={t('adjustment.amount')} inputMode="decimal" />
          <OpsTextArea name="reason" label={t('adjustment.reason')} maxLength={500} />
        </OpsForm>
      </section>

      <section aria-labelledby="refunds-title" className="grid gap-3">
        <h2 id="refunds-title" className="text-lg font-semibold">
          {t('refunds.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('refunds.note')}</p>
        {refunds.rows.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">{t('refunds.empty')}</p>
        ) : (
          <OpsTable caption={t('refunds.title')}>
            <thead>
              <tr>
                <th>{t('refunds.agency')}</th>
                <th>{t('refunds.booking')}</th>
                <th>{t('refunds.method')}</th>
                <th className="text-right">{t('refunds.amount')}</th>
                <th>{t('refunds.status')}</th>
                <th>{t('refunds.attempts')}</th>
                <th>{t('refunds.lastError')}</th>
                <th>{t('refunds.created')}</th>
                <th>{t('refunds.mark')}</th>
              </tr>
            </thead>
            <tbody>
              {refunds.rows.map((row) => (
                <tr key={row.id} data-testid="ops-refund-row">
                  <td>{row.agencyName}</td>
                  <td className="font-mono">{row.bookingReference ?? '—'}</td>
                  <td>
                    {row.method} ({row.provider})
                  </td>
                  <td className="text-right whitespace-nowrap tabular-nums">
                    {row.currency} {formatAmount(row.amountMinor, locale)}
                  </td>
                  <td>{t(`refundStatuses.${row.status}`)}</td>
                  <td>{row.attempts}</td>
                  <td className="max-w-64 break-words">{row.lastError ?? '—'}</td>
                  <td className="whitespace-nowrap">{formatDay(dubaiToday(row.createdAt), locale)}</td>
                  <td className="min-w-64">
                    <OpsForm action={markRefundedAction} submitLabel={t('refunds.mark')} pendingLabel={t('refunds.marking')} successMessage={t('refunds.marked')} submitVariant="outline">
                      <input type="hidden" name="refundId" value={row.id} />
                      <OpsTextArea name="note" id={`note-${row.id}`} label={t('refunds.noteLabel')} maxLength={500} />
                    </OpsForm>
                  </td>
                </tr>
              ))}
            </tbody>
          </OpsTable>
        )}
        {refunds.hasNext ? <p className="text-sm text-muted-foreground">{t('refunds.more')}</p> : null}
      </section>
    </OpsPage>
  );
}
