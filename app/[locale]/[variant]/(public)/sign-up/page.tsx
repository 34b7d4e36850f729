import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SignUpForm } from '@/components/account/sign-up-form';
import { LocaleLink } from '@/components/i18n/locale-link';
import { allowedFormats } from '@/shared/files/file-rules';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';

export async function generateMetadata({ params }: { params: SiteParams }): Promise<Metadata> {
  const { locale } = await resolveSiteParams(params);
  const t = await getTranslations({ locale, namespace: 'account.signUp' });
  return { title: t('metaTitle'), description: t('metaDescription') };
}

/** Spec §2 "/sign-up": an agency registers; it books once verified and approved. */
export default async function SignUpPage({ params }: { params: SiteParams }) {
  await resolveSiteParams(params);
  const [t, errors, files] = await Promise.all([getTranslations('account.signUp'), getTranslations('account.errors'), getTranslations('files')]);
  // The trade licence and the VAT certificate take the same formats.
  const formats = allowedFormats('tradeLicence');
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 md:py-12">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <p className="mt-2 text-muted-foreground">{t('lead')}</p>
      <div className="mt-6 rounded-xl border border-border p-4 shadow-sm sm:p-6">
        <SignUpForm
          accept={formats.accept}
          labels={{
            name: t('name'),
            nameHint: t('nameHint'),
            email: t('email'),
            emailHint: t('emailHint'),
            contactPhone: t('contactPhone'),
            contactPhoneHint: t('contactPhoneHint'),
            companyName: t('companyName'),
            companyNameHint: t('companyNameHint'),
            documents: t('documents'),
            tradeLicence: t('tradeLicence'),
            tradeLicenceExpiry: t('tradeLicenceExpiry'),
            tradeLicenceExpiryHint: t('tradeLicenceExpiryHint'),
            vatCertificate: t('vatCertificate'),
            fileHint: t('fileHint', { list: formats.list }),
            tooLarge: files('tooLarge'),
            download: files('download'),
            invalid: errors('invalid'),
            submit: t('submit'),
            submitting: t('submitting'),
            sentTitle: t('sentTitle'),
            sentText: t.raw('sentText') as string,
            sentApproval: t('sentApproval'),
          }}
        />
      </div>
      <p className="mt-4 text-sm">
        {t('haveAccount')}{' '}
        <LocaleLink href="/sign-in" className="text-primary hover:underline">
          {t('signIn')}
        </LocaleLink>
      </p>
    </div>
  );
}
