import { X } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';
import { type Locale, localizeHref } from '@/i18n/locales';
import { cn } from '@/components/ui/cn';
import type { Category, Place } from '@/server/catalog/queries';
import type { SearchFacets } from '@/server/catalog/search';
import {
  DURATION_BAND_KEYS,
  effectiveSort,
  PRICE_BAND_KEYS,
  PRICE_BANDS,
  SEARCH_SORTS,
  searchQuery,
  type TourSearch,
} from '@/shared/catalog/search-filters';
import { type DisplayCurrency, formatAedAs } from '@/shared/money/money';

// The search page's filters and sorts as links: each is the URL of the search with that value, so
// they work before JavaScript, can be shared, and the back button undoes one. Each value says how
// many results it would give with the other filters as they are. Plain anchors, a page load each
// (the page is rendered per request either way): a client navigation started by keyboard focus
// (LocaleLink prefetches on focus) and Enter at once kept the old results under the new URL.

type FilterKey = 'category' | 'city' | 'price' | 'duration';

/** The search page's URL with this search, in the page's language. */
function searchHref(locale: Locale, search: TourSearch): string {
  return localizeHref(locale, { pathname: '/search', query: searchQuery(search) });
}
type Option = { value: string; label: string; count: number };

const linkClass =
  'flex items-center justify-between gap-3 rounded-md px-2 py-1.5 text-sm hover:bg-muted focus-visible:ring-3 focus-visible:ring-primary/25 focus-visible:outline-none';

export async function SearchFilters({
  search,
  facets,
  categories,
  cities,
  locale,
  currency,
}: {
  search: TourSearch;
  facets: SearchFacets;
  categories: Category[];
  cities: Place[];
  locale: Locale;
  currency: DisplayCurrency;
}) {
  const t = await getTranslations('catalogSearch');
  const money = (fils: number | null) => (fils === null ? '' : formatAedAs(fils, currency, locale));
  const groups: { key: FilterKey; title: string; options: Option[] }[] = [
    {
      key: 'category',
      title: t('category'),
      options: categories.map((category) => ({ value: category.slug, label: category.name[locale], count: facets.category[category.slug] ?? 0 })),
    },
    {
      key: 'city',
      title: t('city'),
      options: cities.map((city) => ({ value: city.slug, label: city.name[locale], count: facets.city[city.slug] ?? 0 })),
    },
    {
      key: 'price',
      title: t('price'),
      options: PRICE_BAND_KEYS.map((band) => {
        const [from, below] = PRICE_BANDS[band];
        const shape = from === null ? 'under' : below === null ? 'over' : 'range';
        return { value: band, label: t(`priceBand.${shape}`, { from: money(from), below: money(below) }), count: facets.price[band] };
      }),
    },
    {
      key: 'duration',
      title: t('duration'),
      options: DURATION_BAND_KEYS.map((band) => ({ value: band, label: t(`durationBand.${band}`), count: facets.duration[band] })),
    },
  ];
  const active = groups.filter((group) => search[group.key]).length;

  const panel = (idPrefix: string) => (
    <div className="grid gap-6">
      {active > 0 ? (
        <a
          href={searchHref(locale, { text: search.text, country: search.country, date: search.date, sort: search.sort })}
          className="text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('clearFilters')}
        </a>
      ) : null}
      {groups.map((group) => (
        <section key={group.key} aria-labelledby={`${idPrefix}-${group.key}`}>
          <h3 id={`${idPrefix}-${group.key}`} className="mb-1 text-sm font-semibold">
            {group.title}
          </h3>
          <ul className="grid gap-0.5" data-filter={group.key}>
            {search[group.key] ? (
              <li>
                <a href={searchHref(locale, { ...search, [group.key]: undefined })} className={cn(linkClass, 'text-muted-foreground')}>
                  <span className="flex items-center gap-1">
                    <X aria-hidden className="size-4" />
                    {t('clearFilter', { filter: group.title })}
                  </span>
                </a>
              </li>
            ) : null}
            {group.options
              .filter((option) => option.count > 0 || search[group.key] === option.value)
              .map((option) => {
                const selected = search[group.key] === option.value;
                return (
                  <li key={option.value}>
                    <a
                      href={searchHref(locale, { ...search, [group.key]: option.value })}
                      aria-current={selected ? 'true' : undefined}
                      data-value={option.value}
                      className={cn(linkClass, selected && 'bg-primary/10 font-semibold text-primary')}
                    >
                      <span>{option.label}</span>
                      <span className="text-muted-foreground tabular-nums" data-testid="filter-count">
                        <span className="sr-only">{t('count', { count: option.count })}</span>
                        <span aria-hidden>{option.count}</span>
                      </span>
                    </a>
                  </li>
                );
              })}
          </ul>
        </section>
      ))}
    </div>
  );

  return (
    <>
      {/* Phones and tablets: folded under one summary; wide screens: always open beside the results. */}
      <details className="rounded-xl border border-border p-3 lg:hidden" data-testid="search-filters-folded">
        <summary className="cursor-pointer text-sm font-semibold">{active > 0 ? t('filtersActive', { count: active }) : t('filters')}</summary>
        <div className="mt-3">{panel('filters-folded')}</div>
      </details>
      <aside aria-label={t('filters')} className="hidden lg:block" data-testid="search-filters">
        {panel('filters')}
      </aside>
    </>
  );
}

export async function SearchSorts({ search, locale }: { search: TourSearch; locale: Locale }) {
  const t = await getTranslations('catalogSearch');
  const current = effectiveSort(search);
  const sorts = SEARCH_SORTS.filter((sort) => sort !== 'relevance' || search.text);
  return (
    <nav aria-label={t('sortBy')} className="flex flex-wrap items-center gap-2 text-sm" data-testid="search-sorts">
      <span className="text-muted-foreground">{t('sortBy')}:</span>
      {sorts.map((sort) => (
        <a
          key={sort}
          href={searchHref(locale, { ...search, sort })}
          aria-current={sort === current ? 'true' : undefined}
          className={cn(
            'rounded-full border px-3 py-1 focus-visible:ring-3 focus-visible:ring-primary/25 focus-visible:outline-none',
            sort === current ? 'border-primary bg-primary/10 font-semibold text-primary' : 'border-border hover:border-primary',
          )}
        >
          {t(`sort.${sort}`)}
        </a>
      ))}
    </nav>
  );
}
