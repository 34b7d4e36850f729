import NextLink from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { z } from 'zod';
import { AgencyActivity, type AgencyActivityData, type AgencyTab, AGENCY_TABS } from '@/components/ops/agencies/agency-activity';
import { AgencyDecisions } from '@/components/ops/agencies/agency-decisions';
import { AgencyStatusBadge } from '@/components/ops/agencies/agency-status-badge';
import { aed, dubaiDate, monthName } from '@/components/ops/agencies/ops-format';
import { OpsPage, OpsTable } from '@/components/ops/ops-page';
import { OpsFacts } from '@/components/ops/ops-facts';
import { localizedPath } from '@/i18n/locales';
import { getDb } from '@/server/db/database';
import { isDomainError } from '@/server/errors';
import { listAgencyAudit, listAgencyBookings, listAgencyStatement, loadOpsAgency } from '@/server/ops/agencies/agency-detail';
import { pageSchema } from '@/server/ops/agencies/agency-schemas';
import { findOverdueInvoice } from '@/server/ledger/invoice-payments';
import { listInvoices } from '@/server/credit/issue-invoices';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { requireOpsPage } from '@/server/staff/staff-principal';
import { can } from '@/shared/auth/permissions';
import { AgencyReplaysPanel } from '@/components/telemetry/replay/agency-replays-panel';
import { loadAgencyReplaySummary } from '@/server/telemetry/replay/replay-store';
import { replayRetentionDays } from '@/server/telemetry/replay/replay-settings';

export async function generateMetadata() {
  const t = await getTranslations('opsAgencies');
  return { title: t('title'), robots: { index: false } };
}

const idSchema = z.uuid();

/** One agency for the operator: company, documents, agents, funds, decisions, then its activity one list at a time. */
export default async function OpsAgencyPage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: string; variant: string; id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { id } = await params;
  const staff = await requireOpsPage('ops:agencies', `/ops/agencies/${id}`);
  const agencyId = idSchema.safeParse(id);
  if (!agencyId.success) notFound();
  const [{ locale }, t, raw] = await Promise.all([resolveSiteParams(params as SiteParams), getTranslations('opsAgencies'), searchParams]);
  const tab: AgencyTab = AGENCY_TABS.find((name) => name === raw.tab) ?? 'statement';
  const page = pageSchema.parse(Array.isArray(raw.page) ? raw.page[0] : raw.page);
  const db = await getDb();
  const loaded = await loadOpsAgency(db, staff, agencyId.data).catch((error: unknown) => {
    if (isDomainError(error, 'notFound')) notFound();
    throw error;
  });
  const { agency, documents, agents } = loaded;
  const [overdue, activity, replays] = await Promise.all([
    findOverdueInvoice(db, agency.agencyId, new Date()),
    loadActivity(tab, agency.agencyId, page),
    loadAgencyReplaySummary(db, agency.agencyId),
  ]);
  const profile: [string, string][] = [
    [t('detail.trn'), agency.trn ?? t('detail.notGiven')],
    [t('detail.licence'), agency.tradeLicenceNumber ?? t('detail.notGiven')],
    [t('detail.licenceExpiry'), agency.tradeLicenceExpiry ? dubaiDate(agency.tradeLicenceExpiry, locale) : t('detail.notGiven')],
    [t('detail.address'), agency.address ?? t('detail.notGiven')],
    [t('detail.contactPhone'), agency.contactPhone ?? t('detail.notGiven')],
    [t('detail.signatory'), agency.signatoryName ?? t('detail.notGiven')],
    [
      t('detail.contract'),
      agency.contractValidFrom && agency.contractValidTo ? `${dubaiDate(agency.contractValidFrom, locale)} – ${dubaiDate(agency.contractValidTo, locale)}` : t('detail.notGiven'),
    ],
    [t('detail.signedUp'), dubaiDate(agency.createdAt, locale)],
  ];
  if (agency.statusReason) profile.push([t('detail.statusReason'), agency.statusReason]);
  return (
    <OpsPage
      title={agency.name}
      actions={
        <NextLink href={localizedPath(locale, '/ops/agencies')} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t('detail.back')}
        </NextLink>
      }
    >
      <div className="flex flex-wrap items-center gap-2">
        <AgencyStatusBadge status={agency.status} />
      </div>
      {overdue ? (
        <p role="status" className="rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {t('detail.overdueNotice', { month: monthName(overdue.month, locale), amount: aed(overdue.amountMinor, locale), dueOn: dubaiDate(overdue.dueOn, locale) })}
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="agency-profile" className="grid gap-2 rounded-xl border border-border p-4">
          <h2 id="agency-profile" className="font-semibold">
            {t('detail.profile')}
          </h2>
          <OpsFacts facts={profile.map(([label, value]) => ({ label, value }))} />
        </section>
        <section aria-labelledby="agency-funds" className="grid content-start gap-2 rounded-xl border border-border p-4">
          <h2 id="agency-funds" className="font-semibold">
            {t('detail.funds')}
          </h2>
          <OpsFacts
            facts={[
              { label: t('detail.balance'), value: aed(agency.balanceMinor, locale), testId: 'agency-balance', numeric: true },
              { label: t('detail.creditLimit'), value: aed(agency.creditLimitMinor, locale), testId: 'agency-credit-limit', numeric: true },
              { label: t('detail.available'), value: aed(agency.balanceMinor + agency.creditLimitMinor, locale), numeric: true },
              { label: t('detail.paymentTerms'), value: t('detail.days', { days: agency.paymentTermsDays }) },
            ]}
          />
        </section>
      </div>
      <section aria-labelledby="agency-documents" className="grid gap-2">
        <h2 id="agency-documents" className="font-semibold">
          {t('detail.documents')}
        </h2>
        {documents.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('detail.noDocuments')}</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {documents.map((document) => (
              <li key={document.fileId}>
                <a href={`/api/ops/files/${document.fileId}`} download className="font-medium text-primary underline-offset-4 hover:underline">
                  {t('detail.download', { name: document.originalName })}
                </a>{' '}
                <span className="text-muted-foreground">
                  ({document.purpose}, {Math.ceil(document.sizeBytes / 1024)} KB, {dubaiDate(document.createdAt, locale)})
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="agency-agents" className="grid gap-2">
        <h2 id="agency-agents" className="font-semibold">
          {t('detail.agents')}
        </h2>
        <OpsTable caption={t('detail.agents')}>
          <thead>
            <tr>
              <th scope="col">{t('detail.agentName')}</th>
              <th scope="col">{t('detail.agentEmail')}</th>
              <th scope="col">{t('detail.agentRole')}</th>
              <th scope="col">{t('detail.agentStatus')}</th>
            </tr>
          </thead>
          <tbody>
            {agents.map((agent) => (
              <tr key={agent.userId}>
                <td>{agent.name}</td>
                <td>{agent.email}</td>
                <td>{t(`roles.${agent.role}`)}</td>
                <td>{t(`agentStatuses.${agent.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </OpsTable>
      </section>
      <AgencyDecisions agency={agency} />
      {/* Replays are the telemetry section's (ops:telemetry): a role without it sees no panel whose actions it could not run. */}
      {can(staff.role, 'ops:telemetry') ? <AgencyReplaysPanel agencyId={agency.agencyId} summary={replays} locale={locale} defaultRetentionDays={replayRetentionDays()} /> : null}
      <AgencyActivity agencyId={agency.agencyId} page={page} locale={locale} data={activity} />
    </OpsPage>
  );
}

async function loadActivity(tab: AgencyTab, agencyId: string, page: number): Promise<AgencyActivityData> {
  const db = await getDb();
  switch (tab) {
    case 'statement':
      return { tab, ...(await listAgencyStatement(db, agencyId, page)) };
    case 'bookings':
      return { tab, ...(await listAgencyBookings(db, agencyId, page)) };
    case 'invoices':
      return { tab, ...(await listInvoices(db, { agencyId, page })) };
    case 'audit':
      return { tab, ...(await listAgencyAudit(db, agencyId, page)) };
  }
}
