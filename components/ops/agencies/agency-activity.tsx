import NextLink from 'next/link';
import { getTranslations } from 'next-intl/server';
import { aed, dubaiDate, dubaiDateTime, monthName } from '@/components/ops/agencies/ops-format';
import { OpsTable } from '@/components/ops/ops-page';
import { OpsPager } from '@/components/ops/ops-pager';
import { cn } from '@/components/ui/cn';
import { type Locale, localizedPath } from '@/i18n/locales';
import type { listAgencyAudit, listAgencyBookings, listAgencyStatement } from '@/server/ops/agencies/agency-detail';
import type { InvoiceRow } from '@/server/credit/issue-invoices';

export const AGENCY_TABS = ['statement', 'bookings', 'invoices', 'audit'] as const;
export type AgencyTab = (typeof AGENCY_TABS)[number];

type Rows<F extends (...args: never[]) => Promise<{ rows: unknown[] }>> = Awaited<ReturnType<F>>['rows'];

export type AgencyActivityData = { hasNext: boolean } & (
  | { tab: 'statement'; rows: Rows<typeof listAgencyStatement> }
  | { tab: 'bookings'; rows: Rows<typeof listAgencyBookings> }
  | { tab: 'invoices'; rows: InvoiceRow[] }
  | { tab: 'audit'; rows: Rows<typeof listAgencyAudit> }
);

/** The agency's statement, bookings, invoices or audit trail: one list at a time, each paged in SQL. */
export async function AgencyActivity({ agencyId, page, locale, data }: { agencyId: string; page: number; locale: Locale; data: AgencyActivityData }) {
  const [t, common, invoiceText] = await Promise.all([getTranslations('opsAgencies.detail'), getTranslations('ops.common'), getTranslations('opsAgencies.invoices')]);
  const path = localizedPath(locale, `/ops/agencies/${agencyId}`);
  return (
    <section aria-labelledby="agency-activity" className="grid gap-3">
      <h2 id="agency-activity" className="sr-only">
        {t(`tabs.${data.tab}`)}
      </h2>
      <nav className="flex flex-wrap gap-1 border-b" aria-label={t(`tabs.${data.tab}`)}>
        {AGENCY_TABS.map((tab) => (
          <NextLink
            key={tab}
            href={`${path}?tab=${tab}`}
            aria-current={tab === data.tab ? 'page' : undefined}
            className={cn('-mb-px border-b-2 px-3 py-2 text-sm', tab === data.tab ? 'border-primary font-medium' : 'border-transparent text-muted-foreground')}
          >
            {t(`tabs.${tab}`)}
          </NextLink>
        ))}
      </nav>
      {data.rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{common('empty')}</p>
      ) : (
        <OpsTable caption={t(`tabs.${data.tab}`)}>
          {data.tab === 'statement' ? (
            <>
              <thead>
                <tr>
                  <th scope="col">{t('date')}</th>
                  <th scope="col">{t('entry')}</th>
                  <th scope="col" className="text-right">
                    {t('debit')}
                  </th>
                  <th scope="col" className="text-right">
                    {t('credit')}
                  </th>
                  <th scope="col" className="text-right">
                    {t('balanceAfter')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
                  <tr key={row.entryId}>
                    <td>{dubaiDateTime(row.createdAt, locale)}</td>
                    <td>{row.description}</td>
                    <td className="text-right tabular-nums">{row.debitMinor ? aed(row.debitMinor, locale) : ''}</td>
                    <td className="text-right tabular-nums">{row.creditMinor ? aed(row.creditMinor, locale) : ''}</td>
                    <td className="text-right tabular-nums">{aed(row.balanceAfterMinor, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </>
          ) : data.tab === 'bookings' ? (
            <>
              <thead>
                <tr>
                  <th scope="col">{t('reference')}</th>
                  <th scope="col">{t('date')}</th>
                  <th scope="col">{t('tour')}</th>
                  <th scope="col">{t('tourDate')}</th>
                  <th scope="col">{t('bookingStatus')}</th>
                  <th scope="col">{t('payment')}</th>
                  <th scope="col" className="text-right">
                    {t('net')}
                  </th>
                  <th scope="col">{t('agent')}</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
                  <tr key={row.bookingId}>
                    <td className="font-mono">{row.reference}</td>
                    <td>{dubaiDateTime(row.createdAt, locale)}</td>
                    <td>{row.tourTitle[locale]}</td>
                    <td>{dubaiDate(row.tourDate, locale)}</td>
                    <td>{row.status}</td>
                    <td>{row.paymentMethod}</td>
                    <td className="text-right tabular-nums">{aed(row.netTotalMinor, locale)}</td>
                    <td>{row.agentName}</td>
                  </tr>
                ))}
              </tbody>
            </>
          ) : data.tab === 'invoices' ? (
            <>
              <thead>
                <tr>
                  <th scope="col">{invoiceText('month')}</th>
                  <th scope="col" className="text-right">
                    {invoiceText('amount')}
                  </th>
                  <th scope="col">{invoiceText('issued')}</th>
                  <th scope="col">{invoiceText('dueOn')}</th>
                  <th scope="col">{invoiceText('state')}</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
                  <tr key={row.invoiceId}>
                    <td>{monthName(row.month, locale)}</td>
                    <td className="text-right tabular-nums">{aed(row.amountMinor, locale)}</td>
                    <td>{dubaiDate(row.issuedAt, locale)}</td>
                    <td>{dubaiDate(row.dueOn, locale)}</td>
                    <td>{invoiceState(row, locale, invoiceText)}</td>
                  </tr>
                ))}
              </tbody>
            </>
          ) : (
            <>
              <thead>
                <tr>
                  <th scope="col">{t('date')}</th>
                  <th scope="col">{t('action')}</th>
                  <th scope="col">{t('by')}</th>
                  <th scope="col">{t('changes')}</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
                  <tr key={row.auditId}>
                    <td>{dubaiDateTime(row.createdAt, locale)}</td>
                    <td className="font-mono">{row.action}</td>
                    <td>{row.staffName ? t('staffActor', { name: row.staffName }) : (row.agentEmail ?? t('system'))}</td>
                    <td className="font-mono text-xs">{Object.keys(row.changes).join(', ')}</td>
                  </tr>
                ))}
              </tbody>
            </>
          )}
        </OpsTable>
      )}
      <OpsPager path={path} params={{ tab: data.tab }} page={page} hasNext={data.hasNext} />
    </section>
  );
}

export function invoiceState(row: InvoiceRow, locale: Locale, t: (key: 'paid' | 'unpaid' | 'overdue', values?: { date: string }) => string): string {
  if (row.paidAt) return t('paid', { date: dubaiDate(row.paidAt, locale) });
  return row.overdue ? t('overdue') : t('unpaid');
}
