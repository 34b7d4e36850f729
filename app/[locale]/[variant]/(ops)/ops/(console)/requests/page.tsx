import NextLink from 'next/link';
import { getTranslations } from 'next-intl/server';
import { OpsPage, OpsTable } from '@/components/ops/ops-page';
import { OpsPager } from '@/components/ops/ops-pager';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { localizedPath } from '@/i18n/locales';
import { getDb } from '@/server/db/database';
import { listAgencyChoices, listRequestQueue, REQUEST_REASONS, requestQueueFiltersSchema } from '@/server/ops/requests/request-queue';
import { formatMoney } from '@/server/shared/money/money';
import { resolveSiteParams, type SiteParams } from '@/server/sites/site-params';
import { requireOpsPage } from '@/server/staff/staff-principal';

export async function generateMetadata() {
  const t = await getTranslations('opsRequests');
  return { title: t('title'), robots: { index: false } };
}

type Search = Promise<Record<string, string | string[] | undefined>>;

/** The queue of requests to price, confirm or decline, oldest first (issue 19 §4). */
export default async function OpsRequestsPage({ params, searchParams }: { params: SiteParams; searchParams: Search }) {
  const staff = await requireOpsPage('ops:requests', '/ops/requests');
  const [{ locale }, search, t, common] = await Promise.all([resolveSiteParams(params), searchParams, getTranslations('opsRequests'), getTranslations('ops.common')]);
  const filters = requestQueueFiltersSchema.parse(Object.fromEntries(Object.entries(search).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value])));
  const db = await getDb();
  const [{ rows, hasNext }, agencyChoices] = await Promise.all([listRequestQueue(db, staff, filters), listAgencyChoices(db)]);
  const path = localizedPath(locale, '/ops/requests');
  const filtered = Boolean(filters.agency || filters.reason || filters.travelFrom || filters.travelTo);
  const received = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Dubai' });
  return (
    <OpsPage title={t('title')} description={t('description')}>
      <form method="get" action={path} className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <div className="grid gap-1.5">
          <Label htmlFor="agency">{t('filters.agency')}</Label>
          <select id="agency" name="agency" defaultValue={filters.agency ?? ''} className="h-10 rounded-lg border border-input bg-background px-3 text-sm">
            <option value="">{t('filters.allAgencies')}</option>
            {agencyChoices.map((agency) => (
              <option key={agency.id} value={agency.id}>
                {agency.name}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="reason">{t('filters.reason')}</Label>
          <select id="reason" name="reason" defaultValue={filters.reason ?? ''} className="h-10 rounded-lg border border-input bg-background px-3 text-sm">
            <option value="">{t('filters.allReasons')}</option>
            {REQUEST_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {t(`reasons.${reason}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="travelFrom">{t('filters.travelFrom')}</Label>
          <Input id="travelFrom" name="travelFrom" type="date" defaultValue={filters.travelFrom} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="travelTo">{t('filters.travelTo')}</Label>
          <Input id="travelTo" name="travelTo" type="date" defaultValue={filters.travelTo} />
        </div>
        <div className="flex gap-2">
          <Button type="submit">{common('filter')}</Button>
          {filtered ? (
            <NextLink href={path} className="inline-flex h-10 items-center px-2 text-sm text-primary underline-offset-4 hover:underline">
              {common('reset')}
            </NextLink>
          ) : null}
        </div>
      </form>
      {rows.length === 0 ? (
        <p className="rounded-lg border p-6 text-center text-muted-foreground">{filtered ? common('noMatches') : t('empty')}</p>
      ) : (
        <OpsTable caption={t('caption')}>
          <thead>
            <tr>
              <th scope="col">{t('columns.reference')}</th>
              <th scope="col">{t('columns.received')}</th>
              <th scope="col">{t('columns.agency')}</th>
              <th scope="col">{t('columns.tour')}</th>
              <th scope="col">{t('columns.travel')}</th>
              <th scope="col">{t('columns.people')}</th>
              <th scope="col">{t('columns.reason')}</th>
              <th scope="col">{t('columns.net')}</th>
              <th scope="col">{t('columns.quoted')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.reference}>
                <td>
                  <NextLink href={localizedPath(locale, `/ops/requests/${row.reference}`)} className="font-medium text-primary underline-offset-4 hover:underline" aria-label={t('open', { reference: row.reference })}>
                    {row.reference}
                  </NextLink>
                </td>
                <td className="whitespace-nowrap">{received.format(row.createdAt)}</td>
                <td>
                  {row.agencyName}
                  <span className="block text-xs text-muted-foreground">{row.agentName}</span>
                </td>
                <td>
                  {row.tourTitle[locale]}
                  <span className="block text-xs text-muted-foreground">{row.offerName[locale]}</span>
                </td>
                <td className="whitespace-nowrap">
                  {row.tourDate} {row.startTime ?? ''}
                </td>
                <td className="whitespace-nowrap">{t('people', { adults: row.adults, children: row.children, infants: row.infants })}</td>
                <td>{row.requestReason && (REQUEST_REASONS as readonly string[]).includes(row.requestReason) ? t(`reasons.${row.requestReason as (typeof REQUEST_REASONS)[number]}`) : '—'}</td>
                <td className="whitespace-nowrap">{formatMoney(row.netTotalMinor, 'AED', locale)}</td>
                <td>{row.quotedAt ? t('quotedYes') : t('quotedNo')}</td>
              </tr>
            ))}
          </tbody>
        </OpsTable>
      )}
      <OpsPager path={path} params={{ agency: filters.agency, reason: filters.reason, travelFrom: filters.travelFrom, travelTo: filters.travelTo }} page={filters.page} hasNext={hasNext} />
    </OpsPage>
  );
}
