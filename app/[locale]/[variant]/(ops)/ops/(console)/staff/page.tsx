import { getTranslations } from 'next-intl/server';
import { OpsForm, OpsSelect } from '@/components/ops/ops-form';
import { OpsPage, OpsTable } from '@/components/ops/ops-page';
import { OpsPager } from '@/components/ops/ops-pager';
import { type SecretFormLabels, StaffSecretForm } from '@/components/ops/staff/staff-secret-form';
import { localizedPath } from '@/i18n/locales';
import { getDb } from '@/server/db/database';
import { listStaff } from '@/server/ops/staff/manage-staff';
import { changeStaffRoleAction, createStaffAction, renewStaffCodesAction, resetStaffFactorAction, setStaffStatusAction } from '@/server/ops/staff/staff-actions';
import { STAFF_ROLES } from '@/shared/auth/permissions';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { ENROLMENT_LINK_DAYS } from '@/server/staff/staff-enrolment';
import { requireOpsPage } from '@/server/staff/staff-principal';

export async function generateMetadata() {
  const t = await getTranslations('opsStaff');
  return { title: t('title'), robots: { index: false } };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The console's staff (operator admin only): invite (a one-time enrolment link), change role, disable, reset the second factor. */
export default async function OpsStaffPage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  const staff = await requireOpsPage('ops:staff', '/ops/staff');
  const [{ locale }, t, enrol, roles, common] = await Promise.all([
    resolveSiteParams(params),
    getTranslations('opsStaff'),
    getTranslations('opsEnrol'),
    getTranslations('ops.shell.roles'),
    getTranslations('ops.common'),
  ]);
  const rawPage = Number((await searchParams).page ?? '1');
  const page = Number.isInteger(rawPage) && rawPage >= 1 && rawPage <= 1000 ? rawPage : 1;
  const { rows, hasNext } = await listStaff(await getDb(), staff, page);
  const roleOptions = STAFF_ROLES.map((role) => ({ value: role, label: roles(role) }));
  const secretLabels: SecretFormLabels = { shownOnce: t('shownOnce'), link: enrol('link', { email: '{email}', days: ENROLMENT_LINK_DAYS }), codes: t('codes') };
  return (
    <OpsPage title={t('title')} description={t('description')}>
      <OpsTable caption={t('title')}>
        <thead>
          <tr>
            <th scope="col">{t('name')}</th>
            <th scope="col">{t('email')}</th>
            <th scope="col">{t('role')}</th>
            <th scope="col">{t('status')}</th>
            <th scope="col">{common('actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((member) => {
            const self = member.id === staff.staffId;
            return (
              <tr key={member.id} data-testid="staff-row" data-email={member.email}>
                <td>
                  {member.name}
                  {self ? <span className="ml-1 text-xs text-muted-foreground">({t('you')})</span> : null}
                </td>
                <td>{member.email}</td>
                <td>{roles(member.role)}</td>
                <td>{member.status === 'active' ? t('active') : t('disabled')}</td>
                <td>
                  {self ? (
                    <span className="text-xs text-muted-foreground">{t('selfNote')}</span>
                  ) : (
                    <div className="grid min-w-64 gap-3">
                      <OpsForm action={changeStaffRoleAction} submitLabel={t('changeRole')} pendingLabel={common('saving')} successMessage={t('roleChanged')} submitVariant="outline">
                        <input type="hidden" name="staffId" value={member.id} />
                        <OpsSelect id={`role-${member.id}`} name="role" label={t('role')} options={roleOptions} defaultValue={member.role} />
                      </OpsForm>
                      <OpsForm
                        action={setStaffStatusAction}
                        submitLabel={member.status === 'active' ? t('disable') : t('enable')}
                        pendingLabel={common('saving')}
                        successMessage={member.status === 'active' ? t('disabledDone') : t('enabledDone')}
                        submitVariant="outline"
                      >
                        <input type="hidden" name="staffId" value={member.id} />
                        <input type="hidden" name="status" value={member.status === 'active' ? 'disabled' : 'active'} />
                      </OpsForm>
                      <StaffSecretForm
                        idPrefix={`reset-${member.id}`}
                        action={resetStaffFactorAction}
                        hidden={{ staffId: member.id }}
                        submitLabel={t('resetFactor')}
                        pendingLabel={common('saving')}
                        submitVariant="outline"
                        labels={secretLabels}
                      />
                      <StaffSecretForm
                        idPrefix={`codes-${member.id}`}
                        action={renewStaffCodesAction}
                        hidden={{ staffId: member.id }}
                        submitLabel={t('renewCodes')}
                        pendingLabel={common('saving')}
                        submitVariant="outline"
                        labels={secretLabels}
                      />
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </OpsTable>
      <OpsPager path={localizedPath(locale, '/ops/staff')} params={{}} page={page} hasNext={hasNext} />
      <section aria-labelledby="staff-create" className="grid gap-3 rounded-xl border border-border p-4">
        <h2 id="staff-create" className="text-lg font-semibold">
          {t('create')}
        </h2>
        <StaffSecretForm
          idPrefix="create"
          action={createStaffAction}
          fields={[
            { name: 'name', label: t('name'), autoComplete: 'off' },
            { name: 'email', label: t('email'), type: 'email', autoComplete: 'off' },
            { name: 'role', label: t('role'), options: roleOptions },
          ]}
          submitLabel={t('createSubmit')}
          pendingLabel={common('saving')}
          labels={secretLabels}
        />
      </section>
    </OpsPage>
  );
}
