import { getTranslations } from 'next-intl/server';
import { formatDisplayDate } from '@/i18n/dates';
import type { Locale } from '@/i18n/locales';
import type { AgentChange } from '@/server/agents/agent-queries';
import { AGENT_FIELDS, type AgentField } from '@/shared/agents/agent-schema';
import { dubaiWallClock } from '@/shared/availability/rules';
import { isRole } from '@/shared/auth/permissions';

/** The audit trail of the agency's agents: who changed which agent, what and when (Asia/Dubai time). */
export async function AgentChanges({ changes, locale }: { changes: AgentChange[]; locale: Locale }) {
  const t = await getTranslations();
  if (changes.length === 0) return <p className="text-sm text-muted-foreground">{t('agents.history.empty')}</p>;

  const show = (field: AgentField, value: unknown) => {
    if (value === null || value === undefined || value === '') return t('agents.notSet');
    if (field === 'role' && isRole(value)) return t(`roles.${value}`);
    return String(value);
  };

  return (
    <ol className="divide-y divide-border rounded-xl border border-border">
      {changes.map((change) => {
        // Delete and restore say it all; an edit lists its fields.
        const fields = change.kind === 'update' ? AGENT_FIELDS.filter((field) => field in change.changes) : [];
        return (
          <li key={change.id} className="grid gap-1 p-4 text-sm">
            <p className="font-medium break-words">
              {t(`agents.history.actions.${change.kind}`, {
                actor: change.actorName ?? t('agents.history.unknownActor'),
                agent: change.agentName,
              })}
            </p>
            <p className="text-muted-foreground">
              <time dateTime={change.at.toISOString()}>{formatDubaiTime(change.at, locale)}</time>
            </p>
            {fields.length > 0 ? (
              <ul className="mt-1 list-disc pl-5 break-words">
                {fields.map((field) => (
                  <li key={field}>
                    {t('agents.history.change', {
                      field: t(`agents.fields.${field}`),
                      from: show(field, change.changes[field]?.from),
                      to: show(field, change.changes[field]?.to),
                    })}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/** Spec §9: 'dd MMM, yy' and 'HH:mm'. */
function formatDubaiTime(instant: Date, locale: Locale): string {
  const wallClock = dubaiWallClock(instant).toISOString();
  const [year, month, day] = wallClock.slice(0, 10).split('-').map(Number) as [number, number, number];
  return `${formatDisplayDate(new Date(year, month - 1, day), locale)} ${wallClock.slice(11, 16)}`;
}
