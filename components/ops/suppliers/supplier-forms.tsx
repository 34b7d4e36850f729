import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { OpsField, OpsForm, OpsSelect } from '@/components/ops/ops-form';
import type { Locale } from '@/i18n/locales';
import {
  acceptProductChangesAction,
  addSupplierAction,
  publishProductAction,
  replaceSupplierKeyAction,
  saveOptionMappingAction,
  saveProductMappingAction,
  syncSupplierAction,
} from '@/server/ops/suppliers/supplier-actions';
import type { ProductOfferView, ProductView } from '@/server/ops/suppliers/supplier-queries';
import { SUPPLIER_CAPABILITIES, SUPPLIER_CURRENCIES } from '@/server/ops/suppliers/supplier-schemas';
import { formatMoney } from '@/shared/money/money';

// The supplier section's forms: server components laying out OpsForm fields (client) with their
// texts. The API key is typed into a password field and never rendered back: a page knows only its hint.

function Pair({ children }: { children: ReactNode }) {
  return <div className="grid gap-3 md:grid-cols-2">{children}</div>;
}

export async function AddSupplierForm() {
  const t = await getTranslations('ops.suppliers.add');
  return (
    <OpsForm action={addSupplierAction} submitLabel={t('submit')} pendingLabel={t('pending')} successMessage={t('done')}>
      <p className="text-sm text-muted-foreground">{t('intro')}</p>
      <Pair>
        <OpsField name="name" label={t('name')} required maxLength={200} autoComplete="off" />
        <OpsField name="baseUrl" label={t('baseUrl')} hint={t('baseUrlHint')} type="url" required maxLength={500} autoComplete="off" inputMode="url" />
        <OpsField name="apiKey" label={t('apiKey')} hint={t('apiKeyHint')} type="password" required maxLength={500} autoComplete="off" />
        <OpsSelect name="currency" label={t('currency')} hint={t('currencyHint')} options={SUPPLIER_CURRENCIES.map((code) => ({ value: code, label: code }))} defaultValue="AED" />
      </Pair>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t('capabilities')}</legend>
        {SUPPLIER_CAPABILITIES.map((capability) => (
          <label key={capability} className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="capabilities" value={capability} defaultChecked className="size-4" />
            {capability === 'octo/pricing' ? t('pricing') : t('content')}
          </label>
        ))}
      </fieldset>
    </OpsForm>
  );
}

export async function ReplaceKeyForm({ supplierId }: { supplierId: string }) {
  const t = await getTranslations('ops.suppliers.key');
  return (
    <OpsForm action={replaceSupplierKeyAction} submitLabel={t('submit')} pendingLabel={t('pending')} successMessage={t('done')} submitVariant="outline" resetOnSuccess>
      <input type="hidden" name="supplierId" value={supplierId} />
      <OpsField name="apiKey" id="replace-api-key" label={t('newKey')} hint={t('newKeyHint')} type="password" required maxLength={500} autoComplete="off" />
    </OpsForm>
  );
}

export async function SyncSupplierForm({ supplierId }: { supplierId: string }) {
  const t = await getTranslations('ops.suppliers.sync');
  return (
    <OpsForm action={syncSupplierAction} submitLabel={t('submit')} pendingLabel={t('pending')} successMessage={t('done')}>
      <input type="hidden" name="supplierId" value={supplierId} />
    </OpsForm>
  );
}

export async function ProductMappingForm({ product, locale }: { product: ProductView; locale: Locale }) {
  const t = await getTranslations('ops.suppliers.product');
  const margin = product.margin;
  return (
    <OpsForm action={saveProductMappingAction} submitLabel={t('save')} pendingLabel={t('saving')} successMessage={t('saved')}>
      <input type="hidden" name="productId" value={product.id} />
      <p className="text-sm text-muted-foreground">{t('mappingIntro')}</p>
      <Pair>
        <OpsField name="titleEn" label={t('titleEn')} defaultValue={product.tour.title.en} required maxLength={200} />
        <OpsField name="titleRu" label={t('titleRu')} defaultValue={product.tour.title.ru} required maxLength={200} lang="ru" />
        <OpsSelect name="cityId" label={t('city')} options={product.cities.map((city) => ({ value: city.id, label: city.name[locale] }))} defaultValue={product.tour.cityId} />
        <OpsSelect
          name="categoryId"
          label={t('category')}
          options={[{ value: '', label: t('noCategory') }, ...product.categories.map((category) => ({ value: category.id, label: category.name[locale] }))]}
          defaultValue={product.tour.categoryId ?? ''}
        />
        <OpsField name="netMarkupPercent" label={t('netMarkup')} defaultValue={margin ? String(margin.netMarkupPercent) : ''} inputMode="decimal" required />
        <OpsSelect
          name="retail"
          label={t('retail')}
          options={[
            { value: 'supplier', label: t('retailSupplier') },
            { value: 'markup', label: t('retailMarkup') },
          ]}
          defaultValue={margin?.retail ?? 'supplier'}
        />
        <OpsField name="retailMarkupPercent" label={t('retailMarkupPercent')} hint={t('retailMarkupHint')} defaultValue={margin ? String(margin.retailMarkupPercent) : ''} inputMode="decimal" />
      </Pair>
    </OpsForm>
  );
}

function money(fils: number | null, locale: Locale, none: string): string {
  return fils === null ? none : formatMoney(fils, 'AED', locale);
}

export async function OptionMappingForm({ productId, offer, locale }: { productId: string; offer: ProductOfferView; locale: Locale }) {
  const t = await getTranslations('ops.suppliers.product');
  const choices = offer.unitChoices.map((unit) => ({ value: unit.id, label: unit.type ? `${unit.title} (${unit.type})` : unit.title }));
  const optional = [{ value: '', label: t('noUnit') }, ...choices];
  const none = t('noPrice');
  const field = (name: string) => `${name}-${offer.id}`;
  return (
    <OpsForm action={saveOptionMappingAction} submitLabel={t('saveOption')} pendingLabel={t('saving')} successMessage={t('saved')} submitVariant="outline">
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="offerId" value={offer.id} />
      <p className="text-sm" data-testid="offer-prices">
        {t('prices', {
          adult: money(offer.pricePerAdult, locale, none),
          child: money(offer.pricePerChild, locale, none),
          retailAdult: money(offer.recPricePerAdult, locale, none),
          retailChild: money(offer.recPricePerChild, locale, none),
        })}
      </p>
      <Pair>
        <OpsField name="nameEn" id={field('nameEn')} label={t('nameEn')} defaultValue={offer.name.en} required maxLength={200} />
        <OpsField name="nameRu" id={field('nameRu')} label={t('nameRu')} defaultValue={offer.name.ru} required maxLength={200} lang="ru" />
        <OpsSelect name="unitAdult" id={field('unitAdult')} label={t('unitAdult')} options={choices} defaultValue={offer.units?.adult ?? ''} />
        <OpsSelect name="unitChild" id={field('unitChild')} label={t('unitChild')} options={optional} defaultValue={offer.units?.child ?? ''} />
        <OpsSelect name="unitInfant" id={field('unitInfant')} label={t('unitInfant')} options={optional} defaultValue={offer.units?.infant ?? ''} />
      </Pair>
    </OpsForm>
  );
}

export async function PublishProductForm({ productId, republish }: { productId: string; republish: boolean }) {
  const t = await getTranslations('ops.suppliers.product');
  return (
    <OpsForm action={publishProductAction} submitLabel={republish ? t('republish') : t('publish')} pendingLabel={t('publishing')} successMessage={t('publishedDone')}>
      <input type="hidden" name="productId" value={productId} />
      <p className="text-sm text-muted-foreground">{t('publishIntro')}</p>
    </OpsForm>
  );
}

export async function AcceptChangesForm({ productId }: { productId: string }) {
  const t = await getTranslations('ops.suppliers.product');
  return (
    <OpsForm action={acceptProductChangesAction} submitLabel={t('accept')} pendingLabel={t('accepting')} successMessage={t('accepted')}>
      <input type="hidden" name="productId" value={productId} />
    </OpsForm>
  );
}
