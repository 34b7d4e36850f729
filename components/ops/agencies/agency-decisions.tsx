import { getTranslations } from 'next-intl/server';
import { OpsField, OpsForm, OpsTextArea } from '@/components/ops/ops-form';
import {
  approveAgencyAction,
  changeAgencyTermsAction,
  reactivateAgencyAction,
  rejectAgencyAction,
  suspendAgencyAction,
} from '@/server/ops/agencies/agency-actions';

type DecisionAgency = { agencyId: string; status: 'pending' | 'active' | 'suspended' | 'rejected'; creditLimitMinor: number; paymentTermsDays: number };

function Panel({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid content-start gap-2 rounded-xl border border-border p-4">
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The decisions the agency's status allows: approve or reject a sign-up, suspend or reactivate, credit and terms. */
export async function AgencyDecisions({ agency }: { agency: DecisionAgency }) {
  const t = await getTranslations('opsAgencies.actions');
  const hidden = <input type="hidden" name="agencyId" value={agency.agencyId} />;
  const terms = (
    <>
      <OpsField name="creditLimit" label={t('creditLimit')} inputMode="decimal" defaultValue={(agency.creditLimitMinor / 100).toFixed(2)} required />
      <OpsField name="paymentTermsDays" label={t('paymentTerms')} inputMode="numeric" defaultValue={String(agency.paymentTermsDays)} required />
    </>
  );
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {agency.status === 'pending' ? (
        <>
          <Panel id="approve-agency" title={t('approveTitle')}>
            <OpsForm action={approveAgencyAction} submitLabel={t('approve')} pendingLabel={t('approving')} successMessage={t('approved')}>
              {hidden}
              {terms}
            </OpsForm>
          </Panel>
          <Panel id="reject-agency" title={t('rejectTitle')}>
            <OpsForm action={rejectAgencyAction} submitLabel={t('reject')} pendingLabel={t('rejecting')} successMessage={t('rejected')} submitVariant="outline">
              {hidden}
              <OpsTextArea name="reason" id="reject-reason" label={t('reason')} maxLength={500} required />
            </OpsForm>
          </Panel>
        </>
      ) : null}
      {agency.status === 'active' || agency.status === 'suspended' ? (
        <Panel id="agency-terms" title={t('termsTitle')}>
          <OpsForm action={changeAgencyTermsAction} submitLabel={t('saveTerms')} pendingLabel={t('savingTerms')} successMessage={t('termsSaved')}>
            {hidden}
            {terms}
          </OpsForm>
        </Panel>
      ) : null}
      {agency.status === 'active' ? (
        <Panel id="suspend-agency" title={t('suspendTitle')}>
          <OpsForm action={suspendAgencyAction} submitLabel={t('suspend')} pendingLabel={t('suspending')} successMessage={t('suspended')} submitVariant="outline">
            {hidden}
            <OpsTextArea name="reason" id="suspend-reason" label={t('reason')} maxLength={500} required />
          </OpsForm>
        </Panel>
      ) : null}
      {agency.status === 'suspended' ? (
        <Panel id="reactivate-agency" title={t('reactivateTitle')}>
          <OpsForm action={reactivateAgencyAction} submitLabel={t('reactivate')} pendingLabel={t('reactivating')} successMessage={t('reactivated')}>
            {hidden}
          </OpsForm>
        </Panel>
      ) : null}
    </div>
  );
}
