import NextLink from 'next/link';
import { getTranslations } from 'next-intl/server';
import { dubaiDateTime } from '@/components/ops/agencies/ops-format';
import { OpsPage, OpsTable } from '@/components/ops/ops-page';
import { OpsSearch, OpsSearchDates, OpsSearchInput } from '@/components/ops/ops-search';
import { buttonVariants } from '@/components/ui/button';
import { localizedPath } from '@/i18n/locales';
import { getDb } from '@/server/db/database';
import { auditValue, listAuditLog, parseAuditFilters } from '@/server/ops/audit/audit-queries';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { requireOpsPage } from '@/server/staff/staff-principal';

export async function generateMetadata() {
  const t = await getTranslations('opsAudit');
  return { title: t('title'), robots: { index: false } };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const FILTER_FIELDS = ['agency', 'user', 'staff', 'entity', 'entityId'] as const;

/** The whole audit log, newest first, searchable by agency, user, staff, entity and date. */
export default async function OpsAuditPage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  const staff = await requireOpsPage('ops:audit', '/ops/audit');
  const [{ locale }, t, common] = await Promise.all([resolveSiteParams(params), getTranslations('opsAudit'), getTranslations('ops.common')]);
  const filters = parseAuditFilters(await searchParams);
  const { rows, next } = await listAuditLog(await getDb(), staff, filters);
  const path = localizedPath(locale, '/ops/audit');
  const kept = Object.entries({ agency: filters.agency, user: filters.user, staff: filters.staff, entity: filters.entity, entityId: filters.entityId, from: filters.from, to: filters.to }).filter(
    (entry): entry is [string, string] => Boolean(entry[1]),
  );
  const nextHref = next ? `${path}?${new URLSearchParams([...kept, ['before', next]])}` : null;
  const firstHref = `${path}?${new URLSearchParams(kept)}`;
  return (
    <OpsPage title={t('title')} description={t('description')}>
      <OpsSearch action={path} submitLabel={common('search')} reset={kept.length > 0 ? { href: path, label: common('reset') } : undefined}>
        {FILTER_FIELDS.map((field) => (
          <OpsSearchInput key={field} name={field} label={t(`filters.${field}`)} defaultValue={filters[field]} />
        ))}
        <OpsSearchDates from={filters.from} to={filters.to} labels={{ from: common('from'), to: common('to') }} />
      </OpsSearch>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{kept.length > 0 ? common('noMatches') : common('empty')}</p>
      ) : (
        <OpsTable caption={t('title')}>
          <thead>
            <tr>
              <th scope="col">{t('when')}</th>
              <th scope="col">{t('who')}</th>
              <th scope="col">{t('agency')}</th>
              <th scope="col">{t('entity')}</th>
              <th scope="col">{t('action')}</th>
              <th scope="col">{t('changes')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-testid="audit-row">
                <td className="whitespace-nowrap">{dubaiDateTime(row.createdAt, locale)}</td>
                <td>
                  {row.staff ? (
                    <>
                      {row.staff.name} <span className="text-muted-foreground">({t('staffRole', { role: row.staff.role })})</span>
                      <br />
                      <span className="text-xs text-muted-foreground">{row.staff.email}</span>
                    </>
                  ) : row.agent ? (
                    <>
                      {row.agent.name} <span className="text-muted-foreground">({t('agentRole', { role: row.agent.role })})</span>
                      <br />
                      <span className="text-xs text-muted-foreground">{row.agent.email}</span>
                    </>
                  ) : (
                    t('system')
                  )}
                </td>
                <td>{row.agencyName ?? '—'}</td>
                <td>
                  {row.entity}
                  {row.entityId ? <span className="block font-mono text-xs text-muted-foreground">{row.entityId}</span> : null}
                </td>
                <td className="font-mono text-xs">{row.action}</td>
                <td>
                  <ul className="grid gap-0.5 text-xs">
                    {Object.entries(row.changes).map(([field, change]) => (
                      <li key={field} className="break-all">
                        <span className="font-medium">{field}</span>: {auditValue(change.from)} → {auditValue(change.to)}
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </OpsTable>
      )}
      <nav aria-label={t('pages')} className="flex justify-between gap-3 text-sm">
        {filters.before ? (
          <NextLink href={firstHref} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            {t('newest')}
          </NextLink>
        ) : (
          <span />
        )}
        {nextHref ? (
          <NextLink href={nextHref} className={buttonVariants({ variant: 'outline', size: 'sm' })} rel="next">
            {t('older')}
          </NextLink>
        ) : null}
      </nav>
    </OpsPage>
  );
}
