import NextLink from 'next/link';
import { getTranslations } from 'next-intl/server';
import { CatalogNav } from '@/components/ops/catalog/catalog-nav';
import { OpsPage, OpsTable } from '@/components/ops/ops-page';
import { OpsPager } from '@/components/ops/ops-pager';
import { OpsSearch, OpsSearchInput } from '@/components/ops/ops-search';
import { localizedPath } from '@/i18n/locales';
import { getDb } from '@/server/db/database';
import { listConsoleTours } from '@/server/ops/catalog/catalog-queries';
import { parseCatalogListQuery } from '@/server/ops/catalog/list-query';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { requireOpsPage } from '@/server/staff/staff-principal';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata() {
  const t = await getTranslations('opsCatalog');
  return { title: t('title'), robots: { index: false } };
}

/** The tours, searched by slug or title, paged in SQL. */
export default async function OpsCatalogPage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  const staff = await requireOpsPage('ops:catalog', '/ops/catalog');
  const [{ locale }, query, t, common] = await Promise.all([resolveSiteParams(params), searchParams.then(parseCatalogListQuery), getTranslations('opsCatalog'), getTranslations('ops.common')]);
  const { tours, hasNext } = await listConsoleTours(await getDb(), staff, query);
  return (
    <OpsPage title={t('title')} actions={<CatalogNav locale={locale} />}>
      <OpsSearch submitLabel={common('search')}>
        <OpsSearchInput name="q" label={t('tours.search')} defaultValue={query.q} maxLength={100} />
      </OpsSearch>
      {tours.length === 0 ? (
        <p>{query.q ? common('noMatches') : common('empty')}</p>
      ) : (
        <OpsTable caption={t('tours.caption')}>
          <thead>
            <tr>
              <th>{t('fields.titleEn')}</th>
              <th>{t('fields.slug')}</th>
              <th>{t('fields.city')}</th>
              <th>{t('tours.state')}</th>
            </tr>
          </thead>
          <tbody>
            {tours.map((tour) => (
              <tr key={tour.id}>
                <td>
                  <NextLink href={localizedPath(locale, `/ops/catalog/tours/${tour.id}`)} className="font-medium text-primary underline-offset-4 hover:underline">
                    {tour.title[locale]}
                  </NextLink>
                </td>
                <td>{tour.slug}</td>
                <td>{tour.city[locale]}</td>
                <td>
                  {tour.isActive ? t('tours.active') : t('tours.inactive')}
                  {tour.isFeatured ? ` · ${t('fields.isFeatured')}` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </OpsTable>
      )}
      <OpsPager path={localizedPath(locale, '/ops/catalog')} params={{ q: query.q || undefined }} page={query.page} hasNext={hasNext} />
    </OpsPage>
  );
}
