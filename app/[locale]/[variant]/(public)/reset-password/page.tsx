import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { FormAlert } from '@/components/account/form-alert';
import { ResetPasswordForm } from '@/components/account/reset-password-form';
import { LocaleLink } from '@/components/i18n/locale-link';
import { buttonVariants } from '@/components/ui/button';
import { loadTokenHolder } from '@/server/account/account-queries';
import { getDb } from '@/server/db/database';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';

// Per request: whether the link still works is a database question.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: SiteParams }): Promise<Metadata> {
  const { locale } = await resolveSiteParams(params);
  const t = await getTranslations({ locale, namespace: 'account.resetPassword' });
  // The token is in the URL: it must not travel on to other sites as a referrer.
  return { title: t('metaTitle'), robots: { index: false }, referrer: 'no-referrer' };
}

/**
 * Spec §2 "/reset-password?token=…": where the links of reset, verification and invitation
 * e-mails lead. A link that no longer works says so before any form.
 */
export default async function ResetPasswordPage({ params, searchParams }: { params: SiteParams; searchParams: Promise<{ token?: string | string[] }> }) {
  await resolveSiteParams(params);
  const { token } = await searchParams;
  const t = await getTranslations('account');
  const holder = typeof token === 'string' && token.length <= 200 ? await loadTokenHolder(await getDb(), token) : null;

  if (!holder || typeof token !== 'string') {
    return (
      <div className="mx-auto w-full max-w-md px-4 py-10 md:py-12">
        <h1 className="text-2xl font-semibold">{t('resetPassword.invalidTitle')}</h1>
        <div className="mt-6">
          <FormAlert tone="error">{t('tokenInvalid')}</FormAlert>
        </div>
        <LocaleLink href="/forgot-password" className={buttonVariants({ className: 'mt-6' })}>
          {t('resetPassword.requestNew')}
        </LocaleLink>
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 md:py-12">
      <h1 className="text-2xl font-semibold">{t(`resetPassword.titles.${holder.purpose}`)}</h1>
      <p className="mt-2 break-words text-muted-foreground">{t(`resetPassword.leads.${holder.purpose}`, { email: holder.email })}</p>
      <div className="mt-6 rounded-xl border border-border p-4 shadow-sm sm:p-6">
        <ResetPasswordForm
          token={token}
          email={holder.email}
          labels={{
            password: t('resetPassword.password'),
            passwordHint: t('resetPassword.passwordHint'),
            confirm: t('resetPassword.confirm'),
            invalid: t('errors.invalid'),
            requestNew: t('resetPassword.requestNew'),
            submit: t('resetPassword.submit'),
            submitting: t('resetPassword.submitting'),
          }}
        />
      </div>
    </div>
  );
}
