import NextLink from 'next/link';
import { getTranslations } from 'next-intl/server';
import { dubaiDateTime } from '@/components/ops/agencies/ops-format';
import { OpsPage, OpsTable } from '@/components/ops/ops-page';
import { mailKindLabel } from '@/components/ops/outbox/mail-kind';
import { OpsPager } from '@/components/ops/ops-pager';
import { OpsSearch, OpsSearchDates, OpsSearchInput, OpsSearchSelect } from '@/components/ops/ops-search';
import { localizedPath } from '@/i18n/locales';
import { getDb } from '@/server/db/database';
import { listOutbox, MAIL_KINDS, parseOutboxFilters } from '@/server/ops/outbox/outbox-queries';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { requireOpsPage } from '@/server/staff/staff-principal';

export async function generateMetadata() {
  const t = await getTranslations('opsOutbox');
  return { title: t('title'), robots: { index: false } };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Every mail the portal wrote, newest first, searchable. */
export default async function OpsOutboxPage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  const staff = await requireOpsPage('ops:outbox', '/ops/outbox');
  const [{ locale }, t, common] = await Promise.all([resolveSiteParams(params), getTranslations('opsOutbox'), getTranslations('ops.common')]);
  const filters = parseOutboxFilters(await searchParams);
  const { rows, hasNext } = await listOutbox(await getDb(), staff, filters);
  const path = localizedPath(locale, '/ops/outbox');
  const kinds = filters.kind && !(MAIL_KINDS as readonly string[]).includes(filters.kind) ? [...MAIL_KINDS, filters.kind] : MAIL_KINDS;
  const filtered = Boolean(filters.q || filters.kind || filters.from || filters.to);
  return (
    <OpsPage title={t('title')} description={t('description')}>
      <OpsSearch action={path} submitLabel={common('search')} reset={filtered ? { href: path, label: common('reset') } : undefined}>
        <OpsSearchInput name="q" label={t('query')} defaultValue={filters.q} />
        <OpsSearchSelect name="kind" label={t('kind')} defaultValue={filters.kind} allLabel={common('all')} options={kinds.map((kind) => ({ value: kind, label: mailKindLabel(t, kind) }))} />
        <OpsSearchDates from={filters.from} to={filters.to} labels={{ from: common('from'), to: common('to') }} />
      </OpsSearch>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{filtered ? common('noMatches') : common('empty')}</p>
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
                <td className="whitespace-nowrap">{dubaiDateTime(mail.createdAt, locale)}</td>
                <td>{mail.recipient}</td>
                <td>
                  <NextLink href={localizedPath(locale, `/ops/outbox/${mail.id}`)} className="text-primary underline-offset-4 hover:underline">
                    {mail.subject}
                  </NextLink>
                </td>
                <td>{mailKindLabel(t, mail.kind)}</td>
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
