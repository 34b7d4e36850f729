import NextLink from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { z } from 'zod';
import { OpsPage } from '@/components/ops/ops-page';
import { ProductChanges } from '@/components/ops/suppliers/product-changes';
import { AcceptChangesForm, OptionMappingForm, ProductMappingForm, PublishProductForm } from '@/components/ops/suppliers/supplier-forms';
import { localizedPath } from '@/i18n/locales';
import { getDb } from '@/server/db/database';
import { isDomainError } from '@/server/errors';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { loadSupplierProduct } from '@/server/ops/suppliers/supplier-queries';
import { requireOpsPage } from '@/server/staff/staff-principal';

export async function generateMetadata() {
  const t = await getTranslations('ops.suppliers');
  return { title: t('title'), robots: { index: false } };
}

const idSchema = z.uuid();

/** One imported product: its tour and margin, each option's units, publishing, and the changes a sync found. */
export default async function OpsSupplierProductPage({ params }: { params: Promise<{ locale: string; variant: string; id: string; productId: string }> }) {
  const { id, productId } = await params;
  const staff = await requireOpsPage('ops:suppliers', `/ops/suppliers/${id}/products/${productId}`);
  if (!idSchema.safeParse(id).success || !idSchema.safeParse(productId).success) notFound();
  const [{ locale }, t] = await Promise.all([resolveSiteParams(params as SiteParams), getTranslations('ops.suppliers')]);
  const product = await loadSupplierProduct(await getDb(), staff, id, productId).catch((error: unknown) => {
    if (isDomainError(error, 'notFound')) notFound();
    throw error;
  });
  // A supplier's image address is linked only when it is a web address (never `javascript:` or `data:`).
  const photos = product.snapshot.images.filter((url) => URL.canParse(url) && ['https:', 'http:'].includes(new URL(url).protocol));
  const changes = product.changes.map((change) => t(`changes.${change}` as never)).join(', ');
  return (
    <OpsPage title={product.tour.title[locale]} description={t('product.statusLine', { status: t(`status.${product.status}`) })}>
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <NextLink href={localizedPath(locale, `/ops/suppliers/${product.supplierId}`)} className="text-primary underline-offset-4 hover:underline">
          {t('product.back', { name: product.supplierName })}
        </NextLink>
        <NextLink href={localizedPath(locale, `/ops/catalog/tours/${product.tour.id}`)} className="text-primary underline-offset-4 hover:underline">
          {t('product.editInCatalogue')}
        </NextLink>
      </div>
      {product.status === 'withdrawn' ? (
        <p role="status" className="rounded-lg border border-border bg-muted px-3 py-2 text-sm">
          {t('product.withdrawn')}
        </p>
      ) : null}
      {product.status === 'changed' ? (
        <section aria-labelledby="product-review" className="grid gap-3 rounded-xl border border-primary/40 p-4">
          <h2 id="product-review" className="text-lg font-semibold">
            {t('product.review')}
          </h2>
          <p className="text-sm">{t('product.reviewIntro', { changes })}</p>
          {product.pending ? <ProductChanges kept={product.snapshot} found={product.pending} locale={locale} /> : null}
          <AcceptChangesForm productId={product.id} />
        </section>
      ) : null}
      <section aria-labelledby="product-mapping" className="grid gap-3">
        <h2 id="product-mapping" className="text-lg font-semibold">
          {t('product.mapping')}
        </h2>
        <ProductMappingForm product={product} locale={locale} />
      </section>
      {product.offers.map((offer) => (
        <section key={offer.id} aria-labelledby={`option-${offer.id}`} className="grid gap-3 rounded-xl border border-border p-4" data-testid="supplier-option">
          <h2 id={`option-${offer.id}`} className="text-lg font-semibold">
            {t('product.option', { name: offer.optionTitle ?? offer.name[locale] })}
          </h2>
          <p className="text-sm text-muted-foreground">
            {offer.isActive ? t('product.active') : t('product.inactive')}
            {offer.pricingProblem ? ` · ${t(`pricing.${offer.pricingProblem}`, { option: offer.name[locale] })}` : ''}
          </p>
          <OptionMappingForm productId={product.id} offer={offer} locale={locale} />
        </section>
      ))}
      {photos.length > 0 ? (
        <section aria-labelledby="product-photos" className="grid gap-2">
          <h2 id="product-photos" className="text-lg font-semibold">
            {t('product.photos')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('product.photosIntro')}</p>
          <ul className="grid gap-1 text-sm">
            {photos.map((url, index) => (
              <li key={url} className="break-all">
                <a href={url} target="_blank" rel="noopener noreferrer" className="text-primary underline underline-offset-4">
                  {t('product.photo', { number: index + 1 })}
                </a>{' '}
                <span className="text-muted-foreground">{url}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {product.status === 'draft' || product.status === 'published' ? (
        <section aria-labelledby="product-publish" className="grid gap-3 rounded-xl border border-border p-4">
          <h2 id="product-publish" className="text-lg font-semibold">
            {t('product.publish')}
          </h2>
          <PublishProductForm productId={product.id} republish={product.status === 'published'} />
        </section>
      ) : null}
    </OpsPage>
  );
}
