import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ApiKeysSection } from '@/components/api-keys/api-keys-section';
import { apiKeysSectionTexts } from '@/components/api-keys/api-keys-section-texts';
import { AuditTrail } from '@/components/audit/audit-trail';
import { CompanyForm, type CompanyFormLabels } from '@/components/agencies/company-form';
import { COMPANY_SECTIONS } from '@/components/agencies/company-sections';
import { localizedPath } from '@/i18n/locales';
import { loadCompanySettings } from '@/server/agencies/company-queries';
import { COMPANY_FILE_FIELDS, COMPANY_LOGO_FIELD, COMPANY_TEXT_FIELDS, type CompanyField } from '@/shared/agencies/company-schema';
import { listApiKeys } from '@/server/api-access/api-keys';
import { listAuditTrail } from '@/server/audit/audit-queries';
import { requirePageAccess } from '@/server/auth/principal';
import { getDb } from '@/server/db/database';
import { dubaiToday } from '@/shared/availability/rules';
import { allowedFormats } from '@/shared/files/file-rules';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { WebhookSection } from '@/components/webhooks/webhook-section';
import { listWebhookEndpoints } from '@/server/webhooks/webhook-queries';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const HISTORY_PAGE_SIZE = 20;

export async function generateMetadata({ params }: { params: SiteParams }): Promise<Metadata> {
  const { locale } = await resolveSiteParams(params);
  const t = await getTranslations({ locale, namespace: 'company' });
  return { title: t('metaTitle'), robots: { index: false } };
}

/** Spec §2 "Company settings" (admins): the agency's details form, its API keys, its webhook endpoints and its change history (`?historyBefore=<entry id>` pages back). */
export default async function CompanySettingsPage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  const { locale } = await resolveSiteParams(params);
  const { historyBefore } = await searchParams;
  const before = typeof historyBefore === 'string' ? historyBefore : null;
  const principal = await requirePageAccess('/my-agencies', before ? `?historyBefore=${encodeURIComponent(before)}` : '');
  const db = await getDb();
  const [settings, history, webhookEndpoints, t, files, apiKeys] = await Promise.all([
    loadCompanySettings(db, principal),
    listAuditTrail(db, principal, { limit: HISTORY_PAGE_SIZE, before }),
    listWebhookEndpoints(db, principal),
    getTranslations('company'),
    getTranslations('files'),
    listApiKeys(db, principal),
  ]);
  const apiKeyTexts = await apiKeysSectionTexts(apiKeys, locale);

  const labels: CompanyFormLabels = {
    sections: keyed(COMPANY_SECTIONS.map((section) => section.key), (key) => t(`sections.${key}`)),
    fields: keyed<CompanyField, string>([...COMPANY_TEXT_FIELDS, ...COMPANY_FILE_FIELDS, COMPANY_LOGO_FIELD], (field) => t(`fields.${field}`)),
    hints: {
      trn: t('hints.trn'),
      bankIban: t('hints.bankIban'),
      bankSwift: t('hints.bankSwift'),
      logo: t('hints.logo', { list: allowedFormats('agencyLogo').list }),
      ...keyed(COMPANY_FILE_FIELDS, (field) => t('hints.file', { list: allowedFormats(field).list })),
    },
    currentFile: {
      ...keyed(COMPANY_FILE_FIELDS, (field) => {
        const file = settings.files[field];
        return file ? files('current', { name: file.name }) : undefined;
      }),
      logo: settings.logo ? files('current', { name: settings.logo.name }) : undefined,
    },
    logoPreview: t('logoPreview'),
    removeLogo: t('removeLogo'),
    tooLarge: files('tooLarge'),
    download: files('download'),
    save: t('save'),
    saving: t('saving'),
    saved: t('saved'),
    savedNoChanges: t('savedNoChanges'),
    chooseFilesAgain: t('chooseFilesAgain'),
    licenceExpired: t('warnings.licenceExpired'),
  };
  const pagePath = localizedPath(locale, '/my-agencies');

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 md:py-10">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <p className="mt-1 text-muted-foreground">{t('lead')}</p>

      <div className="mt-6">
        <CompanyForm
          values={settings.values}
          files={keyed(COMPANY_FILE_FIELDS, (field) => {
            const file = settings.files[field];
            return file && { href: file.href, name: file.name };
          })}
          logo={settings.logo && { href: settings.logo.href, name: settings.logo.name }}
          labels={labels}
          today={dubaiToday(new Date())}
        />
      </div>

      <ApiKeysSection keys={apiKeys} texts={apiKeyTexts.texts} labels={apiKeyTexts.labels} />
      <WebhookSection endpoints={webhookEndpoints} locale={locale} />

      <section id="history" aria-labelledby="history-title" className="mt-12 scroll-mt-20">
        <h2 id="history-title" className="text-lg font-semibold">
          {t('history.title')}
        </h2>
        <p className="text-muted-foreground">{t('history.lead')}</p>
        <AuditTrail
          page={history}
          locale={locale}
          olderHref={history.nextBefore ? `${pagePath}?historyBefore=${history.nextBefore}#history` : null}
          newestHref={before ? `${pagePath}#history` : null}
        />
      </section>
    </div>
  );
}

/** A record with one value per key. */
function keyed<Key extends string, Value>(keys: readonly Key[], value: (key: Key) => Value): Record<Key, Value> {
  return Object.fromEntries(keys.map((key) => [key, value(key)])) as Record<Key, Value>;
}
