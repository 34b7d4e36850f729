import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { SearchForm } from '@/components/catalog/search-form';
import { TourGrid } from '@/components/catalog/tour-card';
import { buttonVariants } from '@/components/ui/button';
import { LocaleLink } from '@/components/i18n/locale-link';
import { AnalyticsMarker } from '@/components/telemetry/analytics-marker';
import { getSearchFilters, searchTours } from '@/server/catalog/queries';
import { MAX_SEARCH_PAGES, parseTourSearchQuery } from '@/server/catalog/search-schema';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { VARIANT_FEATURES } from '@/shared/sites/site-variants';

// Per request: it reads the session or the query string.
export const dynamic = 'force-dynamic';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: SiteParams }): Promise<Metadata> {
  const { locale } = await resolveSiteParams(params);
  const t = await getTranslations({ locale, namespace: 'catalog.search' });
  return { title: t('metaTitle'), robots: { index: false, follow: true } };
}

export default async function SearchPage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  const [{ locale, variant }, raw] = await Promise.all([resolveSiteParams(params), searchParams]);
  if (!VARIANT_FEATURES[variant].search) notFound();
  // Unknown or malformed filters (a control character, a day off the calendar) are dropped.
  const { search, page } = parseTourSearchQuery(raw);
  const [t, filters, results] = await Promise.all([
    getTranslations('catalog.search'),
    getSearchFilters(),
    searchTours(search, page),
  ]);
  const nextQuery = Object.fromEntries(
    Object.entries({ q: search.text, category: search.category, city: search.city, date: search.date }).filter(([, value]) => value),
  );

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="sr-only">{t('resultsTitle')}</h1>
      <AnalyticsMarker
        event="search"
        properties={{ query: search.text ?? '', category: search.category ?? '', city: search.city ?? '', date: search.date ?? '', results: results.total, page }}
      />
      <div className="rounded-2xl bg-primary p-4 md:p-6">
        <SearchForm locale={locale} categories={filters.categories} cities={filters.cities} values={search} />
      </div>
      <section aria-labelledby="results-count" className="mt-8">
        <h2 id="results-count" className="text-xl font-semibold" aria-live="polite">
          {t('resultsFor', { count: results.total })}
        </h2>
        {results.tours.length === 0 ? (
          <p className="mt-3 text-muted-foreground">{t('noResults')}</p>
        ) : (
          <div className="mt-4" data-testid="search-results">
            <TourGrid tours={results.tours} locale={locale} currency={VARIANT_FEATURES[variant].defaultCurrency} priorityCount={4} />
          </div>
        )}
        {results.hasMore && page < MAX_SEARCH_PAGES ? (
          <div className="mt-6 text-center">
            {/* A link, so it works without JavaScript; hydrated, it navigates in place. */}
            <LocaleLink
              href={{ pathname: '/search', query: { ...nextQuery, page: page + 1 } }}
              scroll={false}
              replace
              className={buttonVariants({ variant: 'outline', size: 'lg' })}
            >
              {t('loadMore')}
            </LocaleLink>
          </div>
        ) : null}
      </section>
    </div>
  );
}
