import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { SearchForm } from '@/components/catalog/search-form';
import { SearchFilters, SearchSorts } from '@/components/catalog/search-filters';
import { TourGrid } from '@/components/catalog/tour-card';
import { buttonVariants } from '@/components/ui/button';
import { LocaleLink } from '@/components/i18n/locale-link';
import { AnalyticsMarker } from '@/components/telemetry/analytics-marker';
import { localizeHref } from '@/i18n/locales';
import { getSearchFilters } from '@/server/catalog/queries';
import { searchTours } from '@/server/catalog/search';
import { MAX_SEARCH_PAGES, parseTourSearchQuery } from '@/server/catalog/search-schema';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { searchQuery } from '@/shared/catalog/search-filters';
import { VARIANT_FEATURES } from '@/shared/sites/site-variants';

// Per request: it reads the query string (docs/catalogue.md#search).
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
  const [t, ts, filters, results] = await Promise.all([
    getTranslations('catalog.search'),
    getTranslations('catalogSearch'),
    getSearchFilters(),
    searchTours(search, page),
  ]);
  const currency = VARIANT_FEATURES[variant].defaultCurrency;
  const filtered = Boolean(search.category || search.city || search.country || search.price || search.duration || search.date);

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
      <div className="mt-8 grid gap-6 lg:grid-cols-[16rem_1fr]">
        <SearchFilters search={search} facets={results.facets} categories={filters.categories} cities={filters.cities} locale={locale} currency={currency} />
        <section aria-labelledby="results-count" className="min-w-0">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="results-count" className="text-xl font-semibold" aria-live="polite" data-total={results.total}>
              {t('resultsFor', { count: results.total })}
            </h2>
            {results.total > 1 ? <SearchSorts search={search} locale={locale} /> : null}
          </div>
          {results.tours.length > 0 ? (
            <div className="mt-4" data-testid="search-results">
              <TourGrid tours={results.tours} locale={locale} currency={currency} priorityCount={4} />
            </div>
          ) : results.suggestions.length > 0 ? (
            <div className="mt-3" data-testid="search-suggestions">
              <p className="text-muted-foreground">{ts('noMatchFor', { text: search.text ?? '' })}</p>
              <h3 className="mt-4 text-lg font-semibold">{ts('didYouMean')}</h3>
              <div className="mt-3">
                <TourGrid tours={results.suggestions} locale={locale} currency={currency} />
              </div>
            </div>
          ) : (
            <div className="mt-3 grid justify-items-start gap-3">
              <p className="text-muted-foreground">{search.text ? ts('nothingNear') : t('noResults')}</p>
              {filtered ? (
                <a href={localizeHref(locale, { pathname: '/search', query: searchQuery({ text: search.text }) })} className={buttonVariants({ variant: 'outline' })}>
                  {ts('clearFilters')}
                </a>
              ) : null}
            </div>
          )}
          {results.hasMore && page < MAX_SEARCH_PAGES ? (
            <div className="mt-6 text-center">
              {/* A link, so it works without JavaScript; hydrated, it navigates in place. */}
              <LocaleLink
                href={{ pathname: '/search', query: searchQuery(search, { page: page + 1 }) }}
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
    </div>
  );
}
