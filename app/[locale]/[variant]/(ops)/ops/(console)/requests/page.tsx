import NextLink from 'next/link';
import { getTranslations } from 'next-intl/server';
import { formatAmount } from '@/components/balance/format';
import { formatDisplayDay } from '@/i18n/dates';
import { OpsPage, OpsTable } from '@/components/ops/ops-page';
import { OpsPager } from '@/components/ops/ops-pager';
import { RequestFiltersForm } from '@/components/ops/requests/request-filters';
import { localizedPath } from '@/i18n/locales';
import { getDb } from '@/server/db/database';
import { listAgencyChoices, listOpenRequests, requestAgeHours } from '@/server/ops/requests/request-queries';
import { REQUEST_REASONS, requestFiltersSchema } from '@/server/ops/requests/request-schema';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { requireOpsPage } from '@/server/staff/staff-principal';

export async function generateMetadata() {
  const t = await getTranslations('opsRequests');
  return { title: t('title'), robots: { index: false } };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Open quotation requests, oldest first, filtered and paged in SQL. */
export default async function OpsRequestsPage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  const staff = await requireOpsPage('ops:requests', '/ops/requests');
  const [{ locale }, query, t, common, supplierText] = await Promise.all([
    resolveSiteParams(params),
    searchParams,
    getTranslations('opsRequests'),
    getTranslations('ops.common'),
    getTranslations('supplierBooking'),
  ]);
  const filters = requestFiltersSchema.parse(query);
  const db = await getDb();
  const [{ rows, hasNext }, agencies] = await Promise.all([listOpenRequests(db, staff, filters), listAgencyChoices(db, staff)]);
  const path = localizedPath(locale, '/ops/requests');
  const now = new Date();
  const filtered = Boolean(filters.agency || filters.reason || filters.from || filters.to);
  return (
    <OpsPage title={t('title')} description={t('description')}>
      <RequestFiltersForm action={path} filters={filters} agencies={agencies} />
      {rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border bg-muted p-10 text-center text-muted-foreground" data-testid="ops-requests-empty">
          {filtered ? common('noMatches') : t('empty')}
        </p>
      ) : (
        <OpsTable caption={t('title')}>
          <thead>
            <tr>
              <th>{t('columns.reference')}</th>
              <th>{t('columns.agency')}</th>
              <th>{t('columns.agent')}</th>
              <th>{t('columns.tour')}</th>
              <th>{t('columns.date')}</th>
              <th>{t('columns.people')}</th>
              <th className="text-right">{t('columns.totals')}</th>
              <th>{t('columns.reason')}</th>
              <th>{t('columns.age')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.reference} data-testid="ops-request-row">
                <td>
                  <NextLink href={localizedPath(locale, `/ops/requests/${row.reference}`)} className="font-mono font-medium text-primary underline-offset-4 hover:underline">
                    {row.reference}
                  </NextLink>
                  {/* A supplier-backed booking: where it stands with the tour operator, and its reference there. */}
                  {row.supplierStatus ? (
                    <span className="block text-xs text-muted-foreground" data-testid="supplier-status">
                      {supplierText(`status.${row.supplierStatus}`)}
                      {row.supplierReference ? ` · ${row.supplierReference}` : ''}
                    </span>
                  ) : null}
                </td>
                <td>{row.agencyName}</td>
                <td>{row.agentName}</td>
                <td>
                  {row.tourTitle[locale]}
                  <span className="block text-xs text-muted-foreground">{row.offerName[locale]}</span>
                </td>
                <td className="whitespace-nowrap">
                  {formatDisplayDay(row.tourDate, locale)}
                  {row.startTime ? ` ${row.startTime}` : ''}
                </td>
                <td className="whitespace-nowrap">{t('people', { adults: row.adults, children: row.children, infants: row.infants })}</td>
                <td className="text-right whitespace-nowrap tabular-nums">
                  {formatAmount(row.netTotalMinor, locale)} / {formatAmount(row.publishedTotalMinor, locale)}
                  {row.quotedAt ? <span className="block text-xs text-muted-foreground">{t('quoted')}</span> : null}
                </td>
                <td>{t(`reasons.${reasonKey(row.requestReason)}`)}</td>
                <td className="whitespace-nowrap">{t('ageHours', { hours: requestAgeHours(row.createdAt, now) })}</td>
              </tr>
            ))}
          </tbody>
        </OpsTable>
      )}
      <OpsPager
        path={path}
        params={{ agency: filters.agency, reason: filters.reason, from: filters.from, to: filters.to }}
        page={filters.page}
        hasNext={hasNext}
      />
    </OpsPage>
  );
}

function reasonKey(reason: string | null): (typeof REQUEST_REASONS)[number] | 'unknown' {
  return (REQUEST_REASONS as readonly (string | null)[]).includes(reason) ? (reason as (typeof REQUEST_REASONS)[number]) : 'unknown';
}
