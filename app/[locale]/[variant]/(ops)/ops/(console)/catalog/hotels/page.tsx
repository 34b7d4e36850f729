import { getTranslations } from 'next-intl/server';
import { CatalogNav } from '@/components/ops/catalog/catalog-nav';
import { HotelForm } from '@/components/ops/catalog/hotel-forms';
import { OpsPage } from '@/components/ops/ops-page';
import { OpsPager } from '@/components/ops/ops-pager';
import { OpsSearch, OpsSearchInput, OpsSearchSelect } from '@/components/ops/ops-search';
import { localizedPath } from '@/i18n/locales';
import { getDb } from '@/server/db/database';
import { loadCatalogOptions } from '@/server/ops/catalog/catalog-queries';
import { listHotels } from '@/server/ops/catalog/hotel-admin';
import { parseCatalogListQuery } from '@/server/ops/catalog/list-query';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { requireOpsPage } from '@/server/staff/staff-principal';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata() {
  const t = await getTranslations('opsCatalog');
  return { title: t('hotels.title'), robots: { index: false } };
}

/** Hotels by city, searched by name and paged in SQL; each editable, and a new one. */
export default async function CatalogHotelsPage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  const staff = await requireOpsPage('ops:catalog', '/ops/catalog/hotels');
  const [{ locale }, raw, t, common] = await Promise.all([resolveSiteParams(params), searchParams, getTranslations('opsCatalog'), getTranslations('ops.common')]);
  const query = parseCatalogListQuery(raw);
  const db = await getDb();
  const options = await loadCatalogOptions(db, staff);
  const cityId = options.cities.find((city) => city.id === raw.city)?.id ?? null;
  const { hotels, hasNext } = await listHotels(db, staff, { ...query, cityId });
  return (
    <OpsPage title={t('hotels.title')} actions={<CatalogNav locale={locale} />}>
      <section aria-labelledby="new-hotel" className="grid gap-3 rounded-xl border border-dashed border-border p-4">
        <h2 id="new-hotel" className="text-lg font-semibold">
          {t('hotels.new')}
        </h2>
        <HotelForm cities={options.cities} />
      </section>
      <OpsSearch submitLabel={common('search')}>
        <OpsSearchInput name="q" label={t('hotels.search')} defaultValue={query.q} maxLength={100} />
        <OpsSearchSelect name="city" label={t('fields.city')} defaultValue={cityId ?? undefined} allLabel={common('all')} options={options.cities.map((city) => ({ value: city.id, label: city.name[locale] }))} />
      </OpsSearch>
      {hotels.length === 0 ? <p>{query.q || cityId ? common('noMatches') : common('empty')}</p> : null}
      {hotels.map((hotel) => (
        <details key={hotel.id} className="rounded-lg border p-3">
          <summary className="cursor-pointer font-medium">
            {hotel.name} <span className="text-muted-foreground">· {hotel.city[locale]}</span>
          </summary>
          <div className="pt-3">
            <HotelForm hotel={hotel} cities={options.cities} />
          </div>
        </details>
      ))}
      <OpsPager path={localizedPath(locale, '/ops/catalog/hotels')} params={{ q: query.q || undefined, city: cityId ?? undefined }} page={query.page} hasNext={hasNext} />
    </OpsPage>
  );
}
