import NextLink from 'next/link';
import { getTranslations } from 'next-intl/server';
import { z } from 'zod';
import { invoiceState } from '@/components/ops/agencies/agency-activity';
import { aed, dubaiDate, monthName } from '@/components/ops/agencies/ops-format';
import { OpsField, OpsForm } from '@/components/ops/ops-form';
import { OpsPage, OpsTable } from '@/components/ops/ops-page';
import { OpsPager } from '@/components/ops/ops-pager';
import { buttonVariants } from '@/components/ui/button';
import { localizedPath } from '@/i18n/locales';
import { getDb } from '@/server/db/database';
import { issueInvoicesAction } from '@/server/ops/agencies/agency-actions';
import { pageSchema } from '@/server/ops/agencies/agency-schemas';
import { lastEndedMonth, listInvoices } from '@/server/credit/issue-invoices';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { requireOpsPage } from '@/server/staff/staff-principal';

export async function generateMetadata() {
  const t = await getTranslations('opsAgencies.invoices');
  return { title: t('title'), robots: { index: false } };
}

const monthSchema = z.string().regex(/^20\d\d-(0[1-9]|1[0-2])$/).optional().catch(undefined);
const CONTROL = 'h-10 rounded-lg border border-input bg-background px-3 text-sm';

/** The monthly invoices: run a month that has ended, see its invoices, overdue first. */
export default async function OpsInvoicesPage({ params, searchParams }: { params: SiteParams; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireOpsPage('ops:money', '/ops/money/invoices');
  const [{ locale }, t, common, raw] = await Promise.all([resolveSiteParams(params), getTranslations('opsAgencies.invoices'), getTranslations('ops.common'), searchParams]);
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const month = monthSchema.parse(first(raw.month));
  const page = pageSchema.parse(first(raw.page));
  const { rows, hasNext } = await listInvoices(await getDb(), { month, page });
  const path = localizedPath(locale, '/ops/money/invoices');
  const lastMonth = lastEndedMonth(new Date());
  return (
    <OpsPage title={t('title')} description={t('description')}>
      <div className="flex flex-wrap items-end gap-6">
        <OpsForm action={issueInvoicesAction} submitLabel={t('run')} pendingLabel={t('running')} successMessage={t('ran')} className="max-w-xs">
          <OpsField name="month" id="invoice-run-month" type="month" label={t('month')} max={lastMonth} defaultValue={month && month <= lastMonth ? month : lastMonth} required />
        </OpsForm>
        <form method="get" action={path} className="flex items-end gap-2">
          <label className="grid gap-1 text-sm">
            <span>{t('showMonth')}</span>
            <input type="month" name="month" defaultValue={month ?? ''} className={CONTROL} />
          </label>
          <button type="submit" className={buttonVariants({ variant: 'outline' })}>
            {t('show')}
          </button>
          {month ? (
            <NextLink href={path} className={buttonVariants({ variant: 'ghost' })}>
              {common('reset')}
            </NextLink>
          ) : null}
        </form>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{month ? common('noMatches') : common('empty')}</p>
      ) : (
        <OpsTable caption={t('caption')}>
          <thead>
            <tr>
              <th scope="col">{t('agency')}</th>
              <th scope="col">{t('month')}</th>
              <th scope="col" className="text-right">
                {t('amount')}
              </th>
              <th scope="col">{t('issued')}</th>
              <th scope="col">{t('dueOn')}</th>
              <th scope="col">{t('state')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.invoiceId}>
                <td>
                  <NextLink href={localizedPath(locale, `/ops/agencies/${row.agencyId}?tab=invoices`)} className="font-medium text-primary underline-offset-4 hover:underline">
                    {row.agencyName}
                  </NextLink>
                </td>
                <td>{monthName(row.month, locale)}</td>
                <td className="text-right tabular-nums">{aed(row.amountMinor, locale)}</td>
                <td>{dubaiDate(row.issuedAt, locale)}</td>
                <td>{dubaiDate(row.dueOn, locale)}</td>
                <td className={row.overdue ? 'font-medium text-destructive' : undefined}>{invoiceState(row, locale, t)}</td>
              </tr>
            ))}
          </tbody>
        </OpsTable>
      )}
      <OpsPager path={path} params={{ month }} page={page} hasNext={hasNext} />
    </OpsPage>
  );
}
