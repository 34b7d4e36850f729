import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AgentChanges } from '@/components/agents/agent-changes';
import { AgentList, agentFormLabels } from '@/components/agents/agent-list';
import { AgentNoticeProvider } from '@/components/agents/agent-notice';
import { NewAgentPanel } from '@/components/agents/new-agent-panel';
import { RolesTable } from '@/components/auth/roles-table';
import { listAgencyAgents, listAgentChanges } from '@/server/agents/agent-queries';
import { requirePageAccess } from '@/server/auth/principal';
import { getDb } from '@/server/db/database';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';

export async function generateMetadata({ params }: { params: SiteParams }): Promise<Metadata> {
  const { locale } = await resolveSiteParams(params);
  const t = await getTranslations({ locale, namespace: 'agents' });
  return { title: t('title'), robots: { index: false } };
}

/** Spec §2 "Agents" (admins): the agency's agents with create, edit, delete and restore, the user-roles table and the recent changes. */
export default async function AgentsPage({ params }: { params: SiteParams }) {
  const { locale } = await resolveSiteParams(params);
  const principal = await requirePageAccess('/agents');
  const db = await getDb();
  const [agents, changes, formLabels, t] = await Promise.all([
    listAgencyAgents(db, principal),
    listAgentChanges(db, principal),
    agentFormLabels(),
    getTranslations('agents'),
  ]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 md:py-10">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <p className="mt-1 text-muted-foreground">{t('lead')}</p>

      <AgentNoticeProvider>
        <NewAgentPanel
          labels={{
            ...formLabels,
            open: t('create.open'),
            title: t('create.title'),
            lead: t('create.lead'),
            submit: t('create.submit'),
            submitting: t('create.submitting'),
            cancel: t('create.cancel'),
            dismiss: t('dismissNotice'),
          }}
        />

        <section aria-labelledby="agents-title" className="mt-8">
          <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4">
            <h2 id="agents-title" className="text-lg font-semibold">
              {t('listTitle', { agency: principal.agencyName })}
            </h2>
            <p className="text-sm text-muted-foreground" data-testid="agent-count">
              {t('count', { count: agents.length })}
            </p>
          </div>
          <AgentList agents={agents} currentUserId={principal.userId} />
        </section>
      </AgentNoticeProvider>

      <section aria-labelledby="roles-title" className="mt-12">
        <h2 id="roles-title" className="text-lg font-semibold">
          {t('rolesTitle')}
        </h2>
        <p className="mt-1 mb-4 text-sm text-muted-foreground">{t('rolesLead')}</p>
        <RolesTable />
      </section>

      <section aria-labelledby="changes-title" className="mt-12">
        <h2 id="changes-title" className="text-lg font-semibold">
          {t('history.title')}
        </h2>
        <p className="mt-1 mb-4 text-sm text-muted-foreground">{t('history.lead')}</p>
        <AgentChanges changes={changes} locale={locale} />
      </section>
    </div>
  );
}
