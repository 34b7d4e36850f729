import NextLink from 'next/link';
import { getTranslations } from 'next-intl/server';
import { dubaiDateTime } from '@/components/ops/agencies/ops-format';
import { OpsFacts } from '@/components/ops/ops-facts';
import { OpsForm } from '@/components/ops/ops-form';
import { OpsPage } from '@/components/ops/ops-page';
import { ReplayCheckbox } from '@/components/telemetry/replay/replay-forms';
import { formatBytes } from '@/components/telemetry/replay/replay-format';
import { ReplayPlayer, type ReplayPlayerLabels } from '@/components/telemetry/replay/replay-player';
import { localizedPath } from '@/i18n/locales';
import { getDb } from '@/server/db/database';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { requireOpsPage } from '@/server/staff/staff-principal';
import { deleteReplaySessionAction } from '@/server/telemetry/replay/replay-actions';
import { loadReplaySessionView, loadReplayTimeline } from '@/server/telemetry/replay/replay-store';
import { REPLAY_SESSION_ID } from '@/shared/telemetry/replay';

export async function generateMetadata() {
  const t = await getTranslations('opsReplay');
  return { title: t('title'), robots: { index: false } };
}

const TIMELINE_KINDS = ['page_view', 'page_view_performance', 'event', 'exception', 'metric', 'dependency', 'trace'] as const;

/** One recorded session: the player, the session's facts, and its telemetry and errors beside it (a row seeks the player). */
export default async function OpsReplayPage({ params }: { params: Promise<{ locale: string; variant: string; sessionId: string }> }) {
  const { sessionId: rawId } = await params;
  const sessionId = decodeURIComponent(rawId);
  await requireOpsPage('ops:telemetry', `/ops/telemetry/replays/${encodeURIComponent(sessionId)}`);
  const [{ locale }, t] = await Promise.all([resolveSiteParams(params as SiteParams), getTranslations('opsReplay')]);
  const db = await getDb();
  const session = REPLAY_SESSION_ID.test(sessionId) ? await loadReplaySessionView(db, sessionId) : null;
  const back = (
    <NextLink href={localizedPath(locale, '/ops/telemetry/replays')} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
      {t('back')}
    </NextLink>
  );
  if (!session) {
    return (
      <OpsPage title={t('title')} actions={back}>
        <p role="status" className="text-sm text-muted-foreground" data-testid="replay-not-found">
          {t('notFound')}
        </p>
      </OpsPage>
    );
  }
  const timeline = await loadReplayTimeline(db, sessionId);
  const labels: ReplayPlayerLabels = {
    region: t('player.region'),
    loading: t('player.loading'),
    failed: t('player.failed'),
    retry: t('player.retry'),
    noEvents: t('player.noEvents'),
    play: t('player.play'),
    pause: t('player.pause'),
    position: t('player.position'),
    speed: t('player.speed'),
    skipInactive: t('player.skipInactive'),
    keyboardHint: t('player.keyboardHint'),
    timelineTitle: t('timeline.title'),
    timelineEmpty: t('timeline.empty'),
    seek: t('timeline.seek', { time: '{time}' }),
    beforeRecording: t('timeline.beforeRecording'),
    errorsOnly: t('timeline.errorsOnly'),
    kinds: Object.fromEntries(TIMELINE_KINDS.map((kind) => [kind, t(`timeline.kinds.${kind}`)])),
  };
  return (
    <OpsPage title={t('title')} description={t('description')} actions={back}>
      <OpsFacts
        facts={[
          { label: t('started'), value: dubaiDateTime(session.startedAt, locale) },
          { label: t('lastEvent'), value: dubaiDateTime(session.lastEventAt, locale) },
          { label: t('agent'), value: session.authUser ?? t('anonymous') },
          { label: t('agency'), value: session.agencyName ?? '—' },
          { label: t('host'), value: `${session.host} · ${session.locale ?? '—'}` },
          { label: t('entryPath'), value: session.entryPath ?? '—' },
          { label: t('size'), value: `${formatBytes(session.bytes, locale)} · ${t('chunks', { count: session.chunkCount })} · ${t('events', { count: session.eventCount })}` },
          { label: t('endedReason'), value: t(`ended.${session.endedReason ?? 'open'}`) },
        ]}
      />
      <ReplayPlayer
        eventsUrl={`/api/ops/telemetry/replays/${encodeURIComponent(sessionId)}`}
        labels={labels}
        timeline={timeline.map((item) => ({
          id: item.id,
          at: item.occurredAt.getTime(),
          kind: item.kind,
          name: item.name,
          message: item.message,
          path: item.path,
          isError: item.kind === 'exception' || (item.severity ?? 0) >= 3,
        }))}
      />
      <section aria-labelledby="replay-delete" className="grid max-w-md gap-2 rounded-xl border border-border p-4">
        <h2 id="replay-delete" className="font-semibold">
          {t('deleteOne')}
        </h2>
        <OpsForm action={deleteReplaySessionAction} submitLabel={t('deleteOne')} pendingLabel={t('deletingOne')} successMessage={t('deletedOne')} submitVariant="outline">
          <input type="hidden" name="sessionId" value={sessionId} />
          <ReplayCheckbox id="replay-delete-one-confirm" name="confirm" label={t('deleteOneConfirm')} />
        </OpsForm>
      </section>
    </OpsPage>
  );
}
