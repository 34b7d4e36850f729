import { Search } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { localizedPath, type Locale } from '@/i18n/locales';
import type { Category, Place, TourSearch } from '@/server/catalog/queries';

const selectClass =
  'h-11 w-full rounded-lg border border-input bg-background px-3 text-sm text-foreground focus-visible:ring-3 focus-visible:ring-primary/25 focus-visible:outline-none';

/** A plain GET form: it works before (and without) JavaScript. */
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
      <label className="grid gap-1 text-sm font-medium">
        {t('category')}
        <select name="category" defaultValue={values.category ?? ''} className={selectClass}>
          <option value="">{t('any')}</option>
          {categories.map((category) => (
            <option key={category.slug} value={category.slug}>
              {category.name[locale]}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-sm font-medium">
        {t('city')}
        <select name="city" defaultValue={values.city ?? ''} className={selectClass}>
          <option value="">{t('any')}</option>
          {cities.map((city) => (
            <option key={city.slug} value={city.slug}>
              {city.name[locale]}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-sm font-medium">
        {t('date')}
        <Input name="date" type="date" defaultValue={values.date} className="h-11" />
      </label>
      <Button type="submit" size="lg" className="h-11">
        <Search aria-hidden />
        {t('submit')}
      </Button>
    </form>
  );
}
