import { Search } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { localizedPath, type Locale } from '@/i18n/locales';
import type { Category, Place } from '@/server/catalog/queries';
import type { TourSearch } from '@/shared/catalog/search-filters';

const selectClass =
  'h-11 w-full rounded-lg border border-input bg-background px-3 text-sm text-foreground focus-visible:ring-3 focus-visible:ring-primary/25 focus-visible:outline-none';

/**
 * The search form: a plain GET form to `/search`, so it works before (and without) JavaScript and its
 * URL can be shared. The filters it has no field for (country, price, duration, sort) go along unchanged.
 */
export async function SearchForm({
  locale,
  categories,
  cities,
  values = {},
}: {
  locale: Locale;
  categories: Category[];
  cities: Place[];
  values?: TourSearch;
}) {
  const t = await getTranslations('catalog.search');
  return (
    <form role="search" action={localizedPath(locale, '/search')} className="grid gap-3 rounded-xl bg-background p-4 text-foreground shadow-sm md:grid-cols-[2fr_1fr_1fr_1fr_auto] md:items-end">
      <label className="grid gap-1 text-sm font-medium">
        {t('text')}
        <Input name="q" defaultValue={values.text} placeholder={t('textPlaceholder')} className="h-11" maxLength={100} />
      </label>
      <PlaceSelect name="category" label={t('category')} anyLabel={t('any')} places={categories} value={values.category} locale={locale} />
      <PlaceSelect name="city" label={t('city')} anyLabel={t('any')} places={cities} value={values.city} locale={locale} />
      <label className="grid gap-1 text-sm font-medium">
        {t('date')}
        <Input name="date" type="date" defaultValue={values.date} className="h-11" />
      </label>
      {(['country', 'price', 'duration', 'sort'] as const).map((name) =>
        values[name] ? <input key={name} type="hidden" name={name} value={values[name]} /> : null,
      )}
      <Button type="submit" size="lg" className="h-11">
        <Search aria-hidden />
        {t('submit')}
      </Button>
    </form>
  );
}

/** A filter over named places (categories, cities), with "any" first. */
function PlaceSelect({
  name,
  label,
  anyLabel,
  places,
  value,
  locale,
}: {
  name: string;
  label: string;
  anyLabel: string;
  places: Place[];
  value: string | undefined;
  locale: Locale;
}) {
  return (
    <label className="grid gap-1 text-sm font-medium">
      {label}
      <select name={name} defaultValue={value ?? ''} className={selectClass}>
        <option value="">{anyLabel}</option>
        {places.map((place) => (
          <option key={place.slug} value={place.slug}>
            {place.name[locale]}
          </option>
        ))}
      </select>
    </label>
  );
}
