import NextLink from 'next/link';
import { getTranslations } from 'next-intl/server';
import { AgencyStatusBadge, OverdueBadge } from '@/components/ops/agencies/agency-status-badge';
import { aed, dubaiDate } from '@/components/ops/agencies/ops-format';
import { OpsPage, OpsTable } from '@/components/ops/ops-page';
import { OpsPager } from '@/components/ops/ops-pager';
import { OpsSearch, OpsSearchInput, OpsSearchSelect } from '@/components/ops/ops-search';
import { localizedPath } from '@/i18n/locales';
import { getDb } from '@/server/db/database';
import { agencyStatus } from '@/server/db/schema';
import { listOpsAgencies } from '@/server/ops/agencies/agency-list';
import { agencyListFiltersSchema } from '@/server/ops/agencies/agency-schemas';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { requireOpsPage } from '@/server/staff/staff-principal';

export async function generateMetadata() {
  const t = await getTranslations('opsAgencies');
  return { title: t('title'), robots: { index: false } };
}

/** Sign-ups and agencies: search, status and standing filters (a plain GET form), paged in SQL. */
export default async function OpsAgenciesPage({ params, searchParams }: { params: SiteParams; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const staff = await requireOpsPage('ops:agencies', '/ops/agencies');
  const [{ locale }, t, common, raw] = await Promise.all([resolveSiteParams(params), getTranslations('opsAgencies'), getTranslations('ops.common'), searchParams]);
  const filters = agencyListFiltersSchema.parse({ q: first(raw.q), status: first(raw.status), standing: first(raw.standing), page: first(raw.page) });
  const { rows, hasNext } = await listOpsAgencies(await getDb(), staff, filters);
  const path = localizedPath(locale, '/ops/agencies');
  const filtered = Boolean(filters.q || filters.status || filters.standing);
  return (
    <OpsPage title={t('title')} description={t('description')}>
      <OpsSearch action={path} submitLabel={common('filter')} reset={filtered ? { href: path, label: common('reset') } : undefined}>
        <OpsSearchInput type="search" name="q" label={common('search')} defaultValue={filters.q} maxLength={100} placeholder={t('list.search')} className="w-72 max-w-full" />
        <OpsSearchSelect
          name="status"
          label={t('list.status')}
          defaultValue={filters.status}
          allLabel={t('list.anyStatus')}
          options={agencyStatus.enumValues.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
        />
        <OpsSearchSelect name="standing" label={t('list.standing')} defaultValue={filters.standing} allLabel={t('list.anyStanding')} options={[{ value: 'overdue', label: t('list.overdueOnly') }]} />
      </OpsSearch>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{filtered ? common('noMatches') : common('empty')}</p>
      ) : (
        <OpsTable caption={t('list.caption')}>
          <thead>
            <tr>
              <th scope="col">{t('list.name')}</th>
              <th scope="col">{t('list.status')}</th>
              <th scope="col">{t('list.trn')}</th>
              <th scope="col">{t('list.licence')}</th>
              <th scope="col" className="text-right">
                {t('list.balance')}
              </th>
              <th scope="col" className="text-right">
                {t('list.creditLimit')}
              </th>
              <th scope="col">{t('list.signedUp')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.agencyId}>
                <td>
                  <NextLink href={localizedPath(locale, `/ops/agencies/${row.agencyId}`)} className="font-medium text-primary underline-offset-4 hover:underline">
                    {row.name}
                  </NextLink>
                </td>
                <td>
                  <span className="flex flex-wrap gap-1">
                    <AgencyStatusBadge status={row.status} />
                    {row.overdue ? <OverdueBadge /> : null}
                  </span>
                </td>
                <td>{row.trn ?? '—'}</td>
                <td>{row.tradeLicenceNumber ?? '—'}</td>
                <td className="text-right tabular-nums">{aed(row.balanceMinor, locale)}</td>
                <td className="text-right tabular-nums">{aed(row.creditLimitMinor, locale)}</td>
                <td>{dubaiDate(row.createdAt, locale)}</td>
              </tr>
            ))}
          </tbody>
        </OpsTable>
      )}
      <OpsPager path={path} params={{ q: filters.q, status: filters.status, standing: filters.standing }} page={filters.page} hasNext={hasNext} />
    </OpsPage>
  );
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
