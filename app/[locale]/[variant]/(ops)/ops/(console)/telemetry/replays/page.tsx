import NextLink from 'next/link';
import { getTranslations } from 'next-intl/server';
import { z } from 'zod';
import { dubaiDateTime } from '@/components/ops/agencies/ops-format';
import { OpsPage, OpsTable } from '@/components/ops/ops-page';
import { formatBytes } from '@/components/telemetry/replay/replay-format';
import { localizedPath } from '@/i18n/locales';
import { getDb } from '@/server/db/database';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { requireOpsPage } from '@/server/staff/staff-principal';
import { listReplaySessions } from '@/server/telemetry/replay/replay-store';

export async function generateMetadata() {
  const t = await getTranslations('opsReplay');
  return { title: t('listTitle'), robots: { index: false } };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const filtersSchema = z.object({
  agency: z.uuid().optional().catch(undefined),
  before: z.iso.datetime({ offset: true }).optional().catch(undefined),
});

/** Recorded sessions, newest first, optionally of one agency (its page links here); each opens the player. */
export default async function OpsReplaysPage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  await requireOpsPage('ops:telemetry', '/ops/telemetry/replays');
  const [{ locale }, t, raw] = await Promise.all([resolveSiteParams(params), getTranslations('opsReplay'), searchParams]);
  const filters = filtersSchema.parse({ agency: typeof raw.agency === 'string' ? raw.agency : undefined, before: typeof raw.before === 'string' ? raw.before : undefined });
  const { rows, next } = await listReplaySessions(await getDb(), { agencyId: filters.agency, before: filters.before ? new Date(filters.before) : undefined });
  const path = localizedPath(locale, '/ops/telemetry/replays');
  const kept = filters.agency ? [['agency', filters.agency]] : [];
  return (
    <OpsPage title={t('listTitle')} description={t('listDescription')}>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="replays-empty">
          {filters.agency ? t('emptyAgency') : t('empty')}
        </p>
      ) : (
        <OpsTable caption={t('listTitle')}>
          <thead>
            <tr>
              <th scope="col">{t('started')}</th>
              <th scope="col">{t('agent')}</th>
              <th scope="col">{t('agency')}</th>
              <th scope="col">{t('host')}</th>
              <th scope="col">{t('entryPath')}</th>
              <th scope="col">{t('size')}</th>
              <th scope="col">{t('endedReason')}</th>
              <th scope="col">
                <span className="sr-only">{t('open')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.sessionId} data-testid="replay-row">
                <td className="whitespace-nowrap">{dubaiDateTime(row.startedAt, locale)}</td>
                <td>{row.authUser ?? t('anonymous')}</td>
                <td>{row.agencyName ?? '—'}</td>
                <td>
                  {row.host} · {row.locale ?? '—'}
                </td>
                <td className="break-all">{row.entryPath ?? '—'}</td>
                <td className="whitespace-nowrap">
                  {formatBytes(row.bytes, locale)} · {t('events', { count: row.eventCount })}
                </td>
                <td>{t(`ended.${row.endedReason ?? 'open'}`)}</td>
                <td>
                  <NextLink
                    href={localizedPath(locale, `/ops/telemetry/replays/${encodeURIComponent(row.sessionId)}`)}
                    aria-label={t('openSession', { sessionId: row.sessionId })}
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {t('open')}
                  </NextLink>
                </td>
              </tr>
            ))}
          </tbody>
        </OpsTable>
      )}
      <nav className="flex gap-4 text-sm" aria-label={t('listTitle')}>
        {filters.before ? (
          <NextLink href={`${path}?${new URLSearchParams(kept)}`} className="font-medium text-primary underline-offset-4 hover:underline">
            {t('firstPage')}
          </NextLink>
        ) : null}
        {next ? (
          <NextLink href={`${path}?${new URLSearchParams([...kept, ['before', next.toISOString()]])}`} className="font-medium text-primary underline-offset-4 hover:underline">
            {t('nextPage')}
          </NextLink>
        ) : null}
      </nav>
    </OpsPage>
  );
}
