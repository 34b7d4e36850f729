import NextLink from 'next/link';
import { getFormatter, getTranslations } from 'next-intl/server';
import { OpsPage, OpsTable } from '@/components/ops/ops-page';
import { OpsPager } from '@/components/ops/ops-pager';
import { Button } from '@/components/ui/button';
import { localizedPath } from '@/i18n/locales';
import { getDb } from '@/server/db/database';
import { listOutbox, MAIL_KINDS, parseOutboxFilters } from '@/server/ops/outbox/outbox-queries';
import { resolveSiteParams, type SiteParams } from '@/server/sites/site-params';
import { requireOpsPage } from '@/server/staff/staff-principal';

export async function generateMetadata() {
  const t = await getTranslations('opsOutbox');
  return { title: t('title'), robots: { index: false } };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Every mail the portal wrote, newest first, searchable (issue 19 §8). */
export default async function OpsOutboxPage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  const staff = await requireOpsPage('ops:outbox', '/ops/outbox');
  const [{ locale }, t, common, format] = await Promise.all([resolveSiteParams(params), getTranslations('opsOutbox'), getTranslations('ops.common'), getFormatter()]);
  const filters = parseOutboxFilters(await searchParams);
  const { rows, hasNext } = await listOutbox(await getDb(), staff, filters);
  const path = localizedPath(locale, '/ops/outbox');
  const kinds = filters.kind && !(MAIL_KINDS as readonly string[]).includes(filters.kind) ? [...MAIL_KINDS, filters.kind] : MAIL_KINDS;
  return (
    <OpsPage title={t('title')} description={t('description')}>
      <form method="get" action={path} className="flex flex-wrap items-end gap-3" role="search">
        <label className="grid gap-1 text-sm">
          {t('query')}
          <input name="q" defaultValue={filters.q} maxLength={200} className="h-9 rounded-lg border px-2" />
        </label>
        <label className="grid gap-1 text-sm">
          {t('kind')}
          <select name="kind" defaultValue={filters.kind ?? ''} className="h-9 rounded-lg border px-2">
            <option value="">{common('all')}</option>
            {kinds.map((kind) => (
              <option key={kind} value={kind}>
                {kind}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm">
          {common('from')}
          <input type="date" name="from" defaultValue={filters.from} className="h-9 rounded-lg border px-2" />
        </label>
        <label className="grid gap-1 text-sm">
          {common('to')}
          <input type="date" name="to" defaultValue={filters.to} className="h-9 rounded-lg border px-2" />
        </label>
        <Button type="submit" size="sm">
          {common('search')}
        </Button>
      </form>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{filters.q || filters.kind || filters.from || filters.to ? common('noMatches') : common('empty')}</p>
      ) : (
        <OpsTable caption={t('title')}>
          <thead>
            <tr>
              <th scope="col">{t('createdAt')}</th>
              <th scope="col">{t('recipient')}</th>
              <th scope="col">{t('subject')}</th>
              <th scope="col">{t('kind')}</th>
              <th scope="col">{t('status')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((mail) => (
              <tr key={mail.id} data-testid="outbox-row" data-id={mail.id} data-recipient={mail.recipient} data-kind={mail.kind} data-subject={mail.subject}>
                <td className="whitespace-nowrap">{format.dateTime(mail.createdAt, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Dubai' })}</td>
                <td>{mail.recipient}</td>
                <td>
                  <NextLink href={localizedPath(locale, `/ops/outbox/${mail.id}`)} className="text-primary underline-offset-4 hover:underline">
                    {mail.subject}
                  </NextLink>
                </td>
                <td>{mail.kind}</td>
                <td>{mail.sentAt ? t('sent') : t('kept')}</td>
              </tr>
            ))}
          </tbody>
        </OpsTable>
      )}
      <OpsPager path={path} params={{ q: filters.q, kind: filters.kind, from: filters.from, to: filters.to }} page={filters.page} hasNext={hasNext} />
    </OpsPage>
  );
}
