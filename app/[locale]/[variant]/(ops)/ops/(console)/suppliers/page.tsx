import NextLink from 'next/link';
import { getTranslations } from 'next-intl/server';
import { OpsPage, OpsTable } from '@/components/ops/ops-page';
import { AddSupplierForm } from '@/components/ops/suppliers/supplier-forms';
import { supplierHealthTexts } from '@/components/ops/suppliers/supplier-status';
import { localizedPath } from '@/i18n/locales';
import { getDb } from '@/server/db/database';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { listSuppliers } from '@/server/ops/suppliers/supplier-queries';
import { requireOpsPage } from '@/server/staff/staff-principal';

export async function generateMetadata() {
  const t = await getTranslations('ops.suppliers');
  return { title: t('title'), robots: { index: false } };
}

/** The suppliers (operator admin only): each one's connection, breaker, error rate, last sync and products; and adding one. */
export default async function OpsSuppliersPage({ params }: { params: SiteParams }) {
  const staff = await requireOpsPage('ops:suppliers', '/ops/suppliers');
  const [{ locale }, t] = await Promise.all([resolveSiteParams(params), getTranslations('ops.suppliers')]);
  const suppliers = await listSuppliers(await getDb(), staff);
  const health = await Promise.all(suppliers.map((supplier) => supplierHealthTexts(supplier, locale)));
  return (
    <OpsPage title={t('title')} description={t('description')}>
      {suppliers.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('list.empty')}</p>
      ) : (
        <OpsTable caption={t('title')}>
          <thead>
            <tr>
              <th scope="col">{t('list.name')}</th>
              <th scope="col">{t('list.baseUrl')}</th>
              <th scope="col">{t('list.connection')}</th>
              <th scope="col">{t('list.breaker')}</th>
              <th scope="col">{t('list.errorRate')}</th>
              <th scope="col">{t('list.lastSync')}</th>
              <th scope="col">{t('list.products')}</th>
            </tr>
          </thead>
          <tbody>
            {suppliers.map((supplier, index) => (
              <tr key={supplier.id} data-testid="supplier-row" data-name={supplier.name}>
                <td>
                  <NextLink href={localizedPath(locale, `/ops/suppliers/${supplier.id}`)} className="font-medium text-primary underline-offset-4 hover:underline">
                    {supplier.name}
                  </NextLink>
                </td>
                <td className="break-all">{supplier.baseUrl}</td>
                <td>{health[index]?.connection}</td>
                <td>{health[index]?.breaker}</td>
                <td className="tabular-nums">{health[index]?.errorRate}</td>
                <td>{health[index]?.lastSync}</td>
                <td>{t('productCounts', supplier.products)}</td>
              </tr>
            ))}
          </tbody>
        </OpsTable>
      )}
      <section aria-labelledby="supplier-add" className="grid gap-3 rounded-xl border border-border p-4">
        <h2 id="supplier-add" className="text-lg font-semibold">
          {t('add.heading')}
        </h2>
        <AddSupplierForm />
      </section>
    </OpsPage>
  );
}
