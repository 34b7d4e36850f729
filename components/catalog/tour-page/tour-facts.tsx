import { Accessibility, Check, Clock, Languages, X } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/locales';
import type { TourPage } from '@/server/catalog/queries';
import { durationParts } from '../duration';

/** Duration, languages and accessibility, then what the price includes and leaves out. */
export async function TourFacts({ tour, locale }: { tour: TourPage; locale: Locale }) {
  const t = await getTranslations('catalog');
  const languageNames = new Intl.DisplayNames([locale], { type: 'language' });
  const languages = tour.languages.map((code) => languageNames.of(code) ?? code);
  return (
    <section aria-labelledby="tour-details" className="grid gap-6" data-testid="tour-facts">
      <h2 id="tour-details" className="text-xl font-semibold">
        {t('tour.details')}
      </h2>
      <dl className="grid gap-4 sm:grid-cols-2">
        <Fact icon={<Clock aria-hidden className="size-5" />} term={t('tour.duration')}>
          {t('card.duration', durationParts(tour.durationMinutes))}
        </Fact>
        {languages.length > 0 ? (
          <Fact icon={<Languages aria-hidden className="size-5" />} term={t('tour.languages')}>
            <span data-testid="tour-languages">{languages.join(', ')}</span>
          </Fact>
        ) : null}
        {tour.accessibility ? (
          <Fact icon={<Accessibility aria-hidden className="size-5" />} term={t('tour.accessibility')} wide>
            {tour.accessibility[locale]}
          </Fact>
        ) : null}
      </dl>
      {tour.inclusions.length > 0 || tour.exclusions.length > 0 ? (
        <div className="grid gap-6 sm:grid-cols-2">
          {tour.inclusions.length > 0 ? (
            <div>
              <h3 className="font-semibold">{t('tour.included')}</h3>
              <ul className="mt-2 grid gap-1.5 text-sm" data-testid="tour-inclusions">
                {tour.inclusions.map((item) => (
                  <li key={item.en} className="flex gap-2">
                    <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
                    {item[locale]}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {tour.exclusions.length > 0 ? (
            <div>
              <h3 className="font-semibold">{t('tour.excluded')}</h3>
              <ul className="mt-2 grid gap-1.5 text-sm" data-testid="tour-exclusions">
                {tour.exclusions.map((item) => (
                  <li key={item.en} className="flex gap-2">
                    <X aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                    {item[locale]}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function Fact({ icon, term, wide = false, children }: { icon: React.ReactNode; term: string; wide?: boolean; children: React.ReactNode }) {
  // A term and its value only in each group of the list (what a definition list allows).
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="flex items-center gap-2 text-sm text-muted-foreground">
        <span className="text-primary">{icon}</span>
        {term}
      </dt>
      <dd className="mt-0.5 pl-7 font-medium">{children}</dd>
    </div>
  );
}
