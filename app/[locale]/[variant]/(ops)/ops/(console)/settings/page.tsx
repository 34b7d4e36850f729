import { getTranslations } from 'next-intl/server';
import { OpsField, OpsForm, OpsTextArea } from '@/components/ops/ops-form';
import { OpsPage } from '@/components/ops/ops-page';
import { getDb } from '@/server/db/database';
import { saveGeneralSettingsAction, saveSiteSettingsAction } from '@/server/ops/settings/settings-actions';
import { loadSettings } from '@/server/settings/settings';
import { VARIANTS } from '@/shared/sites/site-variants';
import { requireOpsPage } from '@/server/staff/staff-principal';

export async function generateMetadata() {
  const t = await getTranslations('opsSettings');
  return { title: t('title'), robots: { index: false } };
}

/** Rates, fees, refund tiers, the deposit account, support contacts and each host's data. */
export default async function OpsSettingsPage() {
  await requireOpsPage('ops:settings', '/ops/settings');
  const [t, common] = await Promise.all([getTranslations('opsSettings'), getTranslations('ops.common')]);
  const settings = await loadSettings(await getDb());
  const form = { submitLabel: common('save'), pendingLabel: common('saving'), successMessage: common('saved') };
  return (
    <OpsPage title={t('title')} description={t('description')}>
      <section aria-labelledby="settings-general" className="grid gap-3 rounded-xl border border-border p-4">
        <h2 id="settings-general" className="text-lg font-semibold">
          {t('general')}
        </h2>
        <OpsForm action={saveGeneralSettingsAction} {...form}>
          <fieldset className="grid gap-3 sm:grid-cols-2">
            <legend className="mb-2 font-medium">{t('rates')}</legend>
            <OpsField name="rubPerAed" label={t('rubPerAed')} hint={t('rubPerAedHint')} inputMode="decimal" defaultValue={settings.rubPerAed} />
            <OpsField name="rubCardFeePercent" label={t('rubCardFeePercent')} inputMode="decimal" defaultValue={settings.rubCardFeePercent} />
            <OpsField name="rubTaxPercent" label={t('rubTaxPercent')} inputMode="decimal" defaultValue={settings.rubTaxPercent} />
            <OpsField name="rubConversionFeePercent" label={t('rubConversionFeePercent')} inputMode="decimal" defaultValue={settings.rubConversionFeePercent} />
            <OpsField name="cardTopUpFeePercent" label={t('cardTopUpFeePercent')} inputMode="decimal" defaultValue={settings.cardTopUpFeePercent} />
          </fieldset>
          <fieldset className="grid gap-3 sm:grid-cols-2">
            <legend className="mb-2 font-medium">{t('refunds')}</legend>
            <OpsField name="refundMoreThan48h" label={t('refundMoreThan48h')} inputMode="decimal" defaultValue={settings.refundTiers.moreThan48h} />
            <OpsField name="refundBetween24hAnd48h" label={t('refundBetween24hAnd48h')} inputMode="decimal" defaultValue={settings.refundTiers.between24hAnd48h} />
            <OpsField name="refundLessThan24h" label={t('refundLessThan24h')} inputMode="decimal" defaultValue={settings.refundTiers.lessThan24h} />
            <OpsField name="refundProcessingFeePercent" label={t('refundProcessingFeePercent')} hint={t('refundProcessingFeePercentHint')} inputMode="decimal" defaultValue={settings.refundProcessingFeePercent} />
          </fieldset>
          <fieldset className="grid gap-3 sm:grid-cols-2">
            <legend className="mb-2 font-medium">{t('bank')}</legend>
            <OpsField name="bankBeneficiary" label={t('bankBeneficiary')} defaultValue={settings.depositBankAccount.beneficiary} />
            <OpsField name="bankName" label={t('bankName')} defaultValue={settings.depositBankAccount.bank} />
            <OpsField name="bankIban" label={t('bankIban')} defaultValue={settings.depositBankAccount.iban} />
            <OpsField name="bankSwift" label={t('bankSwift')} defaultValue={settings.depositBankAccount.swift} />
          </fieldset>
          <fieldset className="grid gap-3 sm:grid-cols-2">
            <legend className="mb-2 font-medium">{t('support')}</legend>
            <OpsField name="supportPhone" label={t('supportPhone')} hint={t('phoneHint')} type="tel" defaultValue={settings.supportPhone} />
            <OpsField name="supportWhatsApp" label={t('supportWhatsApp')} hint={t('phoneHint')} type="tel" defaultValue={settings.supportWhatsApp} />
          </fieldset>
        </OpsForm>
      </section>
      {VARIANTS.map((variant) => {
        const site = settings.sites[variant];
        return (
          <section key={variant} aria-labelledby={`settings-site-${variant}`} className="grid gap-3 rounded-xl border border-border p-4">
            <h2 id={`settings-site-${variant}`} className="text-lg font-semibold">
              {t(`variants.${variant}`)}
            </h2>
            <OpsForm action={saveSiteSettingsAction} {...form}>
              <input type="hidden" name="variant" value={variant} />
              <OpsField id={`${variant}-logo`} name="logo" label={t('logo')} hint={t('logoHint')} defaultValue={site.logo} />
              <OpsTextArea id={`${variant}-aboutEn`} name="aboutEn" label={t('aboutEn')} defaultValue={site.about.en} />
              <OpsTextArea id={`${variant}-aboutRu`} name="aboutRu" label={t('aboutRu')} defaultValue={site.about.ru} />
              <OpsField id={`${variant}-email`} name="email" type="email" label={t('email')} defaultValue={site.email} />
              <OpsField id={`${variant}-addressEn`} name="addressEn" label={t('addressEn')} defaultValue={site.address.en} />
              <OpsField id={`${variant}-addressRu`} name="addressRu" label={t('addressRu')} defaultValue={site.address.ru} />
            </OpsForm>
          </section>
        );
      })}
    </OpsPage>
  );
}
