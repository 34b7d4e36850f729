import { getTranslations } from 'next-intl/server';
import { CatalogNav } from '@/components/ops/catalog/catalog-nav';
import { TourForm } from '@/components/ops/catalog/catalog-forms';
import { OpsPage } from '@/components/ops/ops-page';
import { getDb } from '@/server/db/database';
import { loadCatalogOptions } from '@/server/ops/catalog/catalog-queries';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { requireOpsPage } from '@/server/staff/staff-principal';

export async function generateMetadata() {
  const t = await getTranslations('opsCatalog');
  return { title: t('tours.new'), robots: { index: false } };
}

export default async function NewTourPage({ params }: { params: SiteParams }) {
  const staff = await requireOpsPage('ops:catalog', '/ops/catalog/tours/new');
  const [{ locale }, t] = await Promise.all([resolveSiteParams(params), getTranslations('opsCatalog')]);
  const options = await loadCatalogOptions(await getDb(), staff);
  return (
    <OpsPage title={t('tours.new')} description={t('tours.newHint')} actions={<CatalogNav locale={locale} />}>
      <TourForm cities={options.cities} categories={options.categories} />
    </OpsPage>
  );
}
