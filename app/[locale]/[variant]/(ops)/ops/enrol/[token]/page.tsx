import { getTranslations } from 'next-intl/server';
import { StaffEnrolmentForm } from '@/components/ops/staff/staff-enrolment-form';
import { localizedPath } from '@/i18n/locales';
import { getDb } from '@/server/db/database';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { openEnrolment } from '@/server/staff/staff-enrolment';

export async function generateMetadata() {
  const t = await getTranslations('opsEnrol');
  return { title: t('title'), robots: { index: false } };
}

/** A staff member's one-time enrolment link: their own password and authenticator (the secret is shown to them alone). */
export default async function StaffEnrolmentPage({ params }: { params: Promise<Awaited<SiteParams> & { token: string }> }) {
  const [{ locale }, { token }, t] = await Promise.all([resolveSiteParams(params), params, getTranslations('opsEnrol')]);
  const enrolment = await openEnrolment(await getDb(), token);
  if (!enrolment) {
    return (
      <main id="main" className="mx-auto grid max-w-md gap-4 px-4 py-16">
        <h1 className="text-2xl font-semibold">{t('invalidTitle')}</h1>
        <p className="text-sm text-muted-foreground">{t('invalidBody')}</p>
      </main>
    );
  }
  return (
    <main id="main" className="mx-auto grid max-w-md gap-4 px-4 py-16">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <p className="text-sm text-muted-foreground">{t('intro', { name: enrolment.name })}</p>
      <p className="text-sm font-medium">{enrolment.email}</p>
      {/* eslint-disable-next-line @next/next/no-img-element -- a data URL made on the server; nothing to optimise */}
      <img src={enrolment.qrDataUrl} alt={t('qr')} width={200} height={200} />
      <div className="grid gap-1 text-sm">
        <p>{t('secret')}</p>
        <p className="font-mono break-all" data-testid="totp-secret">
          {enrolment.totpSecret}
        </p>
      </div>
      <StaffEnrolmentForm
        token={token}
        signInHref={localizedPath(locale, '/ops/sign-in')}
        labels={{
          password: t('password'),
          passwordHint: t('passwordHint'),
          code: t('code'),
          codeHint: t('codeHint'),
          submit: t('submit'),
          submitting: t('submitting'),
          doneTitle: t('doneTitle'),
          doneBody: t('doneBody'),
          signIn: t('signIn'),
        }}
      />
    </main>
  );
}
