import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ChangePasswordForm } from '@/components/account/change-password-form';
import { FormAlert } from '@/components/account/form-alert';
import { SignOutEverywhereForm } from '@/components/account/sign-out-everywhere-form';
import { RolesTable } from '@/components/auth/roles-table';
import { loadAgencyStatus } from '@/server/account/agency-standing';
import { requirePageAccess } from '@/server/auth/principal';
import { getDb } from '@/server/db/database';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';

export async function generateMetadata({ params }: { params: SiteParams }): Promise<Metadata> {
  const { locale } = await resolveSiteParams(params);
  const t = await getTranslations({ locale, namespace: 'portal.pages.account' });
  return { title: t('title'), robots: { index: false } };
}

export default async function MyAccountPage({ params }: { params: SiteParams }) {
  await resolveSiteParams(params);
  const principal = await requirePageAccess('/my-account');
  const [t, agencyStatus] = await Promise.all([getTranslations(), loadAgencyStatus(await getDb(), principal.agencyId)]);
  const profile = [
    [t('portal.account.name'), principal.name],
    [t('portal.account.email'), principal.email],
    [t('portal.account.role'), t(`roles.${principal.role}`)],
    [t('portal.account.agency'), principal.agencyName],
  ] as const;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-2xl font-semibold">{t('portal.pages.account.title')}</h1>
      {agencyStatus === 'pending' ? (
        <div className="mt-4 max-w-xl">
          <FormAlert tone="notice">{t('account.agencyPending')}</FormAlert>
        </div>
      ) : null}
      <dl className="mt-6 grid max-w-xl grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-xl border border-border p-4 sm:p-6">
        {profile.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="password-title" className="mt-10">
        <h2 id="password-title" className="text-xl font-semibold">
          {t('account.changePassword.title')}
        </h2>
        <p className="mt-1 mb-4 text-sm text-muted-foreground">{t('account.changePassword.lead')}</p>
        <div className="max-w-xl rounded-xl border border-border p-4 sm:p-6">
          <ChangePasswordForm
            email={principal.email}
            labels={{
              current: t('account.changePassword.current'),
              new: t('account.changePassword.new'),
              newHint: t('account.changePassword.newHint'),
              confirm: t('account.changePassword.confirm'),
              invalid: t('account.errors.invalid'),
              done: t('account.changePassword.done'),
              submit: t('account.changePassword.submit'),
              submitting: t('account.changePassword.submitting'),
            }}
          />
        </div>
      </section>
      <section aria-labelledby="sessions-title" className="mt-10">
        <h2 id="sessions-title" className="text-xl font-semibold">
          {t('account.signOutEverywhere.title')}
        </h2>
        <p className="mt-1 mb-4 max-w-xl text-sm text-muted-foreground">{t('account.signOutEverywhere.lead')}</p>
        <SignOutEverywhereForm
          labels={{ submit: t('account.signOutEverywhere.submit'), submitting: t('account.signOutEverywhere.submitting') }}
        />
      </section>
      <section aria-labelledby="roles-title" className="mt-10">
        <h2 id="roles-title" className="text-xl font-semibold">
          {t('portal.account.rolesTitle')}
        </h2>
        <p className="mt-1 mb-4 text-sm text-muted-foreground">{t('portal.account.rolesLead')}</p>
        <RolesTable />
      </section>
    </div>
  );
}
