import { getTranslations } from 'next-intl/server';
import { PromoForm } from '@/components/ops/catalog/catalog-forms';
import { CatalogNav } from '@/components/ops/catalog/catalog-nav';
import { OpsPage } from '@/components/ops/ops-page';
import { OpsPager } from '@/components/ops/ops-pager';
import { OpsSearch, OpsSearchInput } from '@/components/ops/ops-search';
import { localizedPath } from '@/i18n/locales';
import { getDb } from '@/server/db/database';
import { listPromos } from '@/server/ops/catalog/catalog-queries';
import { parseCatalogListQuery } from '@/server/ops/catalog/list-query';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { requireOpsPage } from '@/server/staff/staff-principal';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata() {
  const t = await getTranslations('opsCatalog');
  return { title: t('promos.title'), robots: { index: false } };
}

export default async function CatalogPromosPage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  const staff = await requireOpsPage('ops:catalog', '/ops/catalog/promos');
  const [{ locale }, query, t, common] = await Promise.all([resolveSiteParams(params), searchParams.then(parseCatalogListQuery), getTranslations('opsCatalog'), getTranslations('ops.common')]);
  const { promos, hasNext } = await listPromos(await getDb(), staff, query);
  return (
    <OpsPage title={t('promos.title')} actions={<CatalogNav locale={locale} />}>
      <section aria-labelledby="new-promo" className="grid gap-3 rounded-xl border border-dashed border-border p-4">
        <h2 id="new-promo" className="text-lg font-semibold">
          {t('promos.new')}
        </h2>
        <PromoForm />
      </section>
      <OpsSearch submitLabel={common('search')}>
        <OpsSearchInput name="q" label={t('promos.search')} defaultValue={query.q} maxLength={40} />
      </OpsSearch>
      {promos.length === 0 ? <p>{query.q ? common('noMatches') : common('empty')}</p> : null}
      {promos.map((promo) => (
        <details key={promo.id} className="rounded-lg border p-3">
          <summary className="cursor-pointer font-medium">
            {promo.code} · {t('promos.summary', { percent: promo.percentOff })} {promo.isActive ? '' : `· ${t('tours.inactive')}`}
          </summary>
          <div className="pt-3">
            <PromoForm promo={promo} />
          </div>
        </details>
      ))}
      <OpsPager path={localizedPath(locale, '/ops/catalog/promos')} params={{ q: query.q || undefined }} page={query.page} hasNext={hasNext} />
    </OpsPage>
  );
}
