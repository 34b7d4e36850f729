import { getTranslations } from 'next-intl/server';
import { PlaceForm, type PlaceRow } from '@/components/ops/catalog/catalog-forms';
import { CatalogNav } from '@/components/ops/catalog/catalog-nav';
import { OpsPage } from '@/components/ops/ops-page';
import { getDb } from '@/server/db/database';
import { loadCatalogOptions } from '@/server/ops/catalog/catalog-queries';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { requireOpsPage } from '@/server/staff/staff-principal';

export async function generateMetadata() {
  const t = await getTranslations('opsCatalog');
  return { title: t('places.title'), robots: { index: false } };
}

/** Countries, cities and categories (a few dozen rows in all): each editable, and a new one of each. */
export default async function CatalogPlacesPage({ params }: { params: SiteParams }) {
  const staff = await requireOpsPage('ops:catalog', '/ops/catalog/places');
  const [{ locale }, t] = await Promise.all([resolveSiteParams(params), getTranslations('opsCatalog')]);
  const options = await loadCatalogOptions(await getDb(), staff);
  const groups: { kind: 'country' | 'city' | 'category'; rows: PlaceRow[] }[] = [
    { kind: 'country', rows: options.countries },
    { kind: 'city', rows: options.cities },
    { kind: 'category', rows: options.categories },
  ];
  return (
    <OpsPage title={t('places.title')} actions={<CatalogNav locale={locale} />}>
      {groups.map((group) => (
        <section key={group.kind} aria-labelledby={`places-${group.kind}`} className="grid gap-3">
          <h2 id={`places-${group.kind}`} className="text-lg font-semibold">
            {t(`places.kinds.${group.kind}`)}
          </h2>
          {group.rows.map((row) => (
            <details key={row.id} className="rounded-lg border p-3">
              <summary className="cursor-pointer font-medium">
                {row.name[locale]} <span className="text-muted-foreground">({row.slug})</span>
              </summary>
              <div className="pt-3">
                <PlaceForm kind={group.kind} place={row} countries={options.countries} />
              </div>
            </details>
          ))}
          <details className="rounded-lg border border-dashed p-3">
            <summary className="cursor-pointer font-medium">{t(`places.new.${group.kind}`)}</summary>
            <div className="pt-3">
              <PlaceForm kind={group.kind} countries={options.countries} />
            </div>
          </details>
        </section>
      ))}
    </OpsPage>
  );
}
