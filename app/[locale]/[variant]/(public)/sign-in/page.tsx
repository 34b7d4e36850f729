import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SignInForm } from '@/components/auth/sign-in-form';
import { localizedPath } from '@/i18n/locales';
import { LocaleLink } from '@/components/i18n/locale-link';
import { safeCallbackUrl } from '@/server/auth/callback-url';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';

// Per request: it reads the session or the query string.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: SiteParams }): Promise<Metadata> {
  const { locale } = await resolveSiteParams(params);
  const t = await getTranslations({ locale, namespace: 'auth' });
  return { title: t('submit'), robots: { index: false } };
}

export default async function SignInPage({
  params,
  searchParams,
}: {
  params: SiteParams;
  searchParams: Promise<{ callbackUrl?: string; error?: string; code?: string; notice?: string }>;
}) {
  const [{ locale }, query] = await Promise.all([resolveSiteParams(params), searchParams]);
  const t = await getTranslations('auth');
  const notices = await getTranslations('account.signInNotice');
  const errors = await getTranslations('errors');
  // Without a page to go back to, an agency user lands on their dashboard (docs/dashboard.md).
  const callbackUrl = safeCallbackUrl(query.callbackUrl, localizedPath(locale, '/dashboard'));
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="text-2xl font-semibold">{t('signInTitle')}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{t('signInLead')}</p>
      {/* After a password is set through a link from an e-mail (server/account/account-actions.ts). */}
      {query.notice === 'passwordSet' || query.notice === 'approvalPending' ? (
        <div role="status" className="mt-4 rounded-lg border border-primary/30 bg-primary/5 p-3 text-sm">
          <p>{notices('passwordSet')}</p>
          {query.notice === 'approvalPending' ? <p className="mt-1">{notices('approvalPending')}</p> : null}
        </div>
      ) : null}
      {query.error === 'SessionRequired' ? (
        <p role="status" className="mt-4 rounded-lg border border-primary/30 bg-primary/5 p-3 text-sm">
          {t('sessionRequired')}
        </p>
      ) : null}
      {/* Auth.js's own sign-in endpoint sends a failed sign-in here with its code. */}
      {query.code === 'maintenance' ? (
        <p role="alert" className="mt-4 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          {errors('maintenance')}
        </p>
      ) : null}
      <div className="mt-6 rounded-xl border border-border p-6 shadow-sm">
        <SignInForm
          callbackUrl={callbackUrl}
          locale={locale}
          labels={{
            email: t('email'),
            password: t('password'),
            submit: t('submit'),
            submitting: t('submitting'),
          }}
        />
        <div className="mt-4 flex flex-wrap justify-between gap-2 text-sm">
          <LocaleLink className="text-primary hover:underline" href="/forgot-password">
            {t('forgotPassword')}
          </LocaleLink>
          <span>
            {t('noAccount')}{' '}
            <LocaleLink className="text-primary hover:underline" href="/sign-up">
              {t('signUp')}
            </LocaleLink>
          </span>
        </div>
      </div>
    </div>
  );
}
