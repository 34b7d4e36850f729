import NextLink from 'next/link';
import { getTranslations } from 'next-intl/server';
import { OpsField, OpsForm } from '@/components/ops/ops-form';
import { localizedPath, type Locale } from '@/i18n/locales';
import { deleteAgencyReplaysAction, saveAgencyReplaySettingsAction } from '@/server/telemetry/replay/replay-actions';
import { ReplayCheckbox } from './replay-forms';
import { formatBytes } from './replay-format';

export type AgencyReplaySummary = { sessions: number; bytes: number; optedOut: boolean; retentionDays: number | null };

/**
 * The agency page's replay panel (docs/telemetry.md "## Replay"): how much is recorded, a link to
 * the agency's replays, the opt-out and a shorter retention, and deleting every replay (confirmed
 * by a box, audited).
 */
export async function AgencyReplaysPanel({ agencyId, summary, locale, defaultRetentionDays }: { agencyId: string; summary: AgencyReplaySummary; locale: Locale; defaultRetentionDays: number }) {
  const t = await getTranslations('opsReplay.agencyPanel');
  const hidden = <input type="hidden" name="agencyId" value={agencyId} />;
  return (
    <section aria-labelledby="agency-replays" className="grid content-start gap-3 rounded-xl border border-border p-4" data-testid="agency-replays">
      <h2 id="agency-replays" className="font-semibold">
        {t('title')}
      </h2>
      <p className="text-sm">
        {t('summary', { sessions: summary.sessions, size: formatBytes(summary.bytes, locale) })}{' '}
        {summary.sessions > 0 ? (
          <NextLink
            href={`${localizedPath(locale, '/ops/telemetry/replays')}?${new URLSearchParams({ agency: agencyId })}`}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('view')}
          </NextLink>
        ) : null}
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <OpsForm action={saveAgencyReplaySettingsAction} submitLabel={t('save')} pendingLabel={t('saving')} successMessage={t('saved')} submitVariant="outline">
          {hidden}
          <ReplayCheckbox id="replay-opted-out" name="optedOut" label={t('optedOut')} defaultChecked={summary.optedOut} />
          <OpsField
            name="retentionDays"
            id="replay-retention-days"
            label={t('retentionDays', { days: defaultRetentionDays })}
            inputMode="numeric"
            defaultValue={summary.retentionDays === null ? '' : String(summary.retentionDays)}
          />
        </OpsForm>
        <OpsForm action={deleteAgencyReplaysAction} submitLabel={t('delete')} pendingLabel={t('deleting')} successMessage={t('deleted')} submitVariant="outline" resetOnSuccess>
          {hidden}
          <h3 className="text-sm font-semibold">{t('deleteTitle')}</h3>
          <p className="text-sm text-muted-foreground">{t('deleteHint')}</p>
          <ReplayCheckbox id="replay-delete-confirm" name="confirm" label={t('confirm')} />
        </OpsForm>
      </div>
    </section>
  );
}
