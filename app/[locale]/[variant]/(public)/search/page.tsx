import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { z } from 'zod';
import { SearchForm } from '@/components/catalog/search-form';
import { TourGrid } from '@/components/catalog/tour-card';
import { buttonVariants } from '@/components/ui/button';
import { LocaleLink } from '@/components/i18n/locale-link';
import { getSearchFilters, searchTours } from '@/server/catalog/queries';
import { resolveSiteParams, type SiteParams } from '@/server/sites/site-params';
import { VARIANT_FEATURES } from '@/server/shared/sites/site-variants';

// Per request: it reads the session or the query string.
export const dynamic = 'force-dynamic';

const MAX_PAGES = 20;

// Unknown or malformed filters are dropped rather than failing the page.
const searchSchema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  category: z.string().regex(/^[a-z0-9-]{1,60}$/).optional().catch(undefined),
  city: z.string().regex(/^[a-z0-9-]{1,60}$/).optional().catch(undefined),
  date: z.iso.date().optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(MAX_PAGES).catch(1),
});

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: SiteParams }): Promise<Metadata> {
  const { locale } = await resolveSiteParams(params);
  const t = await getTranslations({ locale, namespace: 'catalog.search' });
  return { title: t('metaTitle'), robots: { index: false, follow: true } };
}

export default async function SearchPage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  const [{ locale, variant }, raw] = await Promise.all([resolveSiteParams(params), searchParams]);
  if (!VARIANT_FEATURES[variant].search) notFound();
  const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;
  const query = searchSchema.parse({
    q: single(raw.q),
    category: single(raw.category),
    city: single(raw.city),
    date: single(raw.date),
    page: single(raw.page) ?? 1,
  });
  const search = { text: query.q, category: query.category, city: query.city, date: query.date };
  const [t, filters, results] = await Promise.all([
    getTranslations('catalog.search'),
    getSearchFilters(),
    searchTours(search, query.page),
  ]);
  const nextQuery = Object.fromEntries(
    Object.entries({ q: query.q, category: query.category, city: query.city, date: query.date }).filter(([, value]) => value),
  );

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="sr-only">{t('resultsTitle')}</h1>
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
        {results.hasMore && query.page < MAX_PAGES ? (
          <div className="mt-6 text-center">
            {/* A link, so it works without JavaScript; hydrated, it navigates in place. */}
            <LocaleLink
              href={{ pathname: '/search', query: { ...nextQuery, page: query.page + 1 } }}
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
