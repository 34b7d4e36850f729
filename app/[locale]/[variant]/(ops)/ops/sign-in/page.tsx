import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { StaffSignInForm } from '@/components/ops/staff-sign-in-form';
import { localizedPath } from '@/i18n/locales';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { getStaffPrincipal } from '@/server/staff/staff-principal';

export async function generateMetadata() {
  const t = await getTranslations('ops.signIn');
  return { title: t('title'), robots: { index: false } };
}

export default async function StaffSignInPage({ params, searchParams }: { params: SiteParams; searchParams: Promise<{ callbackUrl?: string | string[] }> }) {
  const [{ locale }, { callbackUrl }] = await Promise.all([resolveSiteParams(params), searchParams]);
  if (await getStaffPrincipal()) redirect(localizedPath(locale, '/ops'));
  const t = await getTranslations('ops.signIn');
  return (
    <main id="main" className="mx-auto grid max-w-md gap-4 px-4 py-16">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <p className="text-sm text-muted-foreground">{t('intro')}</p>
      <StaffSignInForm
        callbackUrl={typeof callbackUrl === 'string' ? callbackUrl : undefined}
        labels={{ email: t('email'), password: t('password'), code: t('code'), codeHint: t('codeHint'), submit: t('submit'), signingIn: t('signingIn') }}
      />
    </main>
  );
}
