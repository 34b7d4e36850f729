import NextLink from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { z } from 'zod';
import { dubaiDateTime } from '@/components/ops/agencies/ops-format';
import { OpsFacts } from '@/components/ops/ops-facts';
import { OpsPage, OpsTable } from '@/components/ops/ops-page';
import { ReplaceKeyForm, SyncSupplierForm } from '@/components/ops/suppliers/supplier-forms';
import { supplierHealthTexts } from '@/components/ops/suppliers/supplier-status';
import { localizedPath } from '@/i18n/locales';
import { getDb } from '@/server/db/database';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { loadSupplier } from '@/server/ops/suppliers/supplier-queries';
import { requireOpsPage } from '@/server/staff/staff-principal';

export async function generateMetadata() {
  const t = await getTranslations('ops.suppliers');
  return { title: t('title'), robots: { index: false } };
}

const idSchema = z.uuid();

/** One supplier: its connection and key hint, "sync now", and its imported products with what to review. */
export default async function OpsSupplierPage({ params }: { params: Promise<{ locale: string; variant: string; id: string }> }) {
  const { id } = await params;
  const staff = await requireOpsPage('ops:suppliers', `/ops/suppliers/${id}`);
  if (!idSchema.safeParse(id).success) notFound();
  const [{ locale }, t] = await Promise.all([resolveSiteParams(params as SiteParams), getTranslations('ops.suppliers')]);
  const loaded = await loadSupplier(await getDb(), staff, id);
  if (!loaded) notFound();
  const { supplier, products } = loaded;
  const health = await supplierHealthTexts(supplier, locale);
  return (
    <OpsPage title={supplier.name} description={t('title')}>
      <OpsFacts
        facts={[
          { label: t('facts.baseUrl'), value: <span className="break-all">{supplier.baseUrl}</span> },
          { label: t('facts.currency'), value: supplier.currency },
          { label: t('facts.capabilities'), value: supplier.capabilities.length > 0 ? supplier.capabilities.join(', ') : t('facts.none') },
          { label: t('key.heading'), value: t('key.current', { hint: supplier.apiKeyHint }), testId: 'supplier-key-hint' },
          { label: t('list.connection'), value: health.connection, testId: 'supplier-connection' },
          { label: t('list.breaker'), value: health.breaker, testId: 'supplier-breaker' },
          { label: t('list.errorRate'), value: health.errorRate, numeric: true },
          { label: t('list.lastSync'), value: health.lastSync, testId: 'supplier-last-sync' },
          { label: t('list.products'), value: t('productCounts', supplier.products) },
        ]}
      />
      <section aria-labelledby="supplier-products" className="grid gap-3">
        <h2 id="supplier-products" className="text-lg font-semibold">
          {t('sync.heading')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('sync.intro')}</p>
        <SyncSupplierForm supplierId={supplier.id} />
        {products.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('products.empty')}</p>
        ) : (
          <OpsTable caption={t('sync.heading')}>
            <thead>
              <tr>
                <th scope="col">{t('products.title')}</th>
                <th scope="col">{t('products.status')}</th>
                <th scope="col">{t('products.changes')}</th>
                <th scope="col">{t('products.synced')}</th>
              </tr>
            </thead>
            <tbody>
              {products.map((product) => (
                <tr key={product.id} data-testid="supplier-product" data-status={product.status}>
                  <td>
                    <NextLink href={localizedPath(locale, `/ops/suppliers/${supplier.id}/products/${product.id}`)} className="font-medium text-primary underline-offset-4 hover:underline">
                      {product.title}
                    </NextLink>
                  </td>
                  <td>{t(`status.${product.status}`)}</td>
                  <td>{product.changes.map((change) => t(`changes.${change}` as never)).join(', ')}</td>
                  <td>{dubaiDateTime(product.syncedAt, locale)}</td>
                </tr>
              ))}
            </tbody>
          </OpsTable>
        )}
      </section>
      <section aria-labelledby="supplier-key" className="grid gap-3 rounded-xl border border-border p-4">
        <h2 id="supplier-key" className="text-lg font-semibold">
          {t('key.heading')}
        </h2>
        <ReplaceKeyForm supplierId={supplier.id} />
      </section>
    </OpsPage>
  );
}
