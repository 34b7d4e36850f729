import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/locales';
import type { TourCard as TourCardData } from '@/server/catalog/queries';
import type { DisplayCurrency } from '@/shared/money/money';
import { TourGrid } from '../tour-card';

/** Other tours of the same city, those sharing its categories first (never the tour itself). */
export async function RelatedTours({ tours, locale, currency }: { tours: TourCardData[]; locale: Locale; currency: DisplayCurrency }) {
  if (tours.length === 0) return null;
  const t = await getTranslations('catalog.tour');
  return (
    <section aria-labelledby="related-tours" className="mt-12" data-testid="related-tours">
      <h2 id="related-tours" className="text-xl font-semibold">
        {t('related')}
      </h2>
      <div className="mt-4">
        <TourGrid tours={tours} locale={locale} currency={currency} />
      </div>
    </section>
  );
}
