import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ForgotPasswordForm } from '@/components/account/forgot-password-form';
import { LocaleLink } from '@/components/i18n/locale-link';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';

export async function generateMetadata({ params }: { params: SiteParams }): Promise<Metadata> {
  const { locale } = await resolveSiteParams(params);
  const t = await getTranslations({ locale, namespace: 'account.forgotPassword' });
  return { title: t('metaTitle'), description: t('lead'), robots: { index: false } };
}

/** Spec §2 "/forgot-password": asks for a link to choose a new password. */
export default async function ForgotPasswordPage({ params }: { params: SiteParams }) {
  await resolveSiteParams(params);
  const t = await getTranslations('account.forgotPassword');
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 md:py-12">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <p className="mt-2 text-muted-foreground">{t('lead')}</p>
      <div className="mt-6 rounded-xl border border-border p-4 shadow-sm sm:p-6">
        <ForgotPasswordForm
          labels={{
            email: t('email'),
            submit: t('submit'),
            submitting: t('submitting'),
            sentTitle: t('sentTitle'),
            sentText: t.raw('sentText') as string,
          }}
        />
      </div>
      <p className="mt-4 text-sm">
        <LocaleLink href="/sign-in" className="text-primary hover:underline">
          {t('backToSignIn')}
        </LocaleLink>
      </p>
    </div>
  );
}
