import { getTranslations } from 'next-intl/server';
import type { AgentRow } from '@/server/agents/agent-queries';
import { AGENT_FIELDS } from '@/shared/agents/agent-schema';
import { ROLES } from '@/shared/auth/permissions';
import { cn } from '@/components/ui/cn';
import { AgentActions } from './agent-actions';
import type { AgentActionsLabels, AgentFormLabels } from './agent-labels';
import { AgentStatusBadge } from './agent-status-badge';

/** The agency's agents as cards: one column on phones, the details side by side on wider screens. */
export async function AgentList({ agents, currentUserId }: { agents: AgentRow[]; currentUserId: string }) {
  const t = await getTranslations();
  const formLabels = await agentFormLabels();
  const labels: AgentActionsLabels = {
    edit: { ...formLabels, open: t('agents.edit.open'), submit: t('agents.edit.submit'), submitting: t('agents.edit.submitting'), cancel: t('agents.edit.cancel') },
    delete: { open: t('agents.delete.open'), confirm: t('agents.delete.confirm'), confirming: t('agents.delete.confirming'), cancel: t('agents.delete.keep') },
    restore: { open: t('agents.restore.open'), confirm: t('agents.restore.confirm'), confirming: t('agents.restore.confirming'), cancel: t('agents.restore.cancel') },
    resend: { submit: t('agents.resend.submit'), submitting: t('agents.resend.submitting') },
    dismiss: t('agents.dismissNotice'),
  };

  return (
    <ul className="grid gap-3">
      {agents.map((agent) => {
        const headingId = `agent-${agent.id}-heading`;
        const isSelf = agent.id === currentUserId;
        const details = [
          { label: t('agents.fields.email'), value: agent.email, className: 'break-all' },
          { label: t('agents.fields.phone'), value: agent.phone },
          { label: t('agents.fields.role'), value: t(`roles.${agent.role}`) },
          { label: t('agents.fields.jobTitle'), value: agent.jobTitle },
        ];
        return (
          <li key={agent.id}>
            <article aria-labelledby={headingId} className={cn('rounded-xl border border-border p-4 xs:p-5', agent.status === 'deleted' && 'bg-muted/40')}>
              <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
                <h3 id={headingId} tabIndex={-1} className="min-w-0 text-base font-semibold break-words outline-none focus-visible:ring-3 focus-visible:ring-primary/40">
                  {agent.name}
                  {isSelf ? <span className="ml-2 rounded-full bg-primary/10 px-2 py-0.5 align-middle text-xs font-medium text-primary">{t('agents.you')}</span> : null}
                </h3>
                <AgentStatusBadge status={agent.status} label={t(`agents.status.${agent.status}`)} />
              </div>
              <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm md:grid-cols-2 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.2fr)]">
                {details.map(({ label, value, className }) => (
                  <div key={label} className="min-w-0">
                    <dt className="text-xs text-muted-foreground">{label}</dt>
                    <dd className={cn(className, !value && 'text-muted-foreground')}>{value || t('agents.notSet')}</dd>
                  </div>
                ))}
              </dl>
              <AgentActions
                agent={agent}
                isSelf={isSelf}
                headingId={headingId}
                labels={labels}
                sentences={{
                  editTitle: t('agents.edit.title', { name: agent.name }),
                  deleteQuestion: t('agents.delete.question', { name: agent.name }),
                  restoreQuestion: t('agents.restore.question', { name: agent.name }),
                }}
              />
            </article>
          </li>
        );
      })}
    </ul>
  );
}

/** The field texts both agent forms share. */
export async function agentFormLabels(): Promise<Omit<AgentFormLabels, 'submit' | 'submitting' | 'cancel'>> {
  const t = await getTranslations();
  return {
    fields: Object.fromEntries(AGENT_FIELDS.map((field) => [field, t(`agents.fields.${field}`)])) as AgentFormLabels['fields'],
    hints: { name: t('agents.hints.name'), email: t('agents.hints.email'), phone: t('agents.hints.phone') },
    roles: Object.fromEntries(ROLES.map((role) => [role, t(`roles.${role}`)])) as AgentFormLabels['roles'],
  };
}
