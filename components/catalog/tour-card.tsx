import { Clock } from '@/components/icons/icons';
import { StaticImage } from '@/components/ui/static-image';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/locales';
import { LocaleLink } from '@/components/i18n/locale-link';
import type { TourCard as TourCardData } from '@/server/catalog/queries';
import { type DisplayCurrency, formatAedAs } from '@/shared/money/money';
import { durationParts } from './duration';
import { Price } from './price';

type TourCardProps = {
  tour: TourCardData;
  locale: Locale;
  /** The site's default display currency, in which the price is preformatted (see `Price`). */
  currency: DisplayCurrency;
  priority?: boolean;
};

export async function TourCard({ tour, locale, currency, priority = false }: TourCardProps) {
  const t = await getTranslations('catalog.card');
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-xl border border-border bg-background transition-shadow hover:shadow-md">
      {tour.heroImage ? (
        <StaticImage
          src={tour.heroImage}
          alt=""
          width={640}
          height={400}
          priority={priority}
          sizes="(min-width: 960px) 300px, (min-width: 430px) 50vw, 100vw"
          className="aspect-[16/10] w-full object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col gap-1 p-4">
        <p className="text-xs text-muted-foreground">{tour.city.name[locale]}</p>
        <h3 className="font-semibold leading-snug">
          <LocaleLink href={`/tour/${tour.slug}`} className="after:absolute after:inset-0 focus-visible:underline group-hover:text-primary">
            {tour.title[locale]}
          </LocaleLink>
        </h3>
        <p className="line-clamp-2 text-sm text-muted-foreground">{tour.summary[locale]}</p>
        {/* Two items with a gap, wrapping on narrow cards (the price stays on the right), and a comma
            for screen readers and copied text only: neither runs the duration into the price ("4 hoursfrom"). */}
        <div className="mt-auto flex flex-wrap items-end justify-between gap-x-3 gap-y-1 pt-3 text-sm" data-testid="tour-card-meta">
          <span className="flex items-center gap-1 text-muted-foreground" data-testid="tour-card-duration">
            <Clock aria-hidden className="size-4 shrink-0" />
            {t('duration', durationParts(tour.durationMinutes))}
          </span>
          {tour.fromPrice !== null ? (
            <>
              <span className="sr-only">{t('separator')}</span>
              <span className="ml-auto whitespace-nowrap" data-testid="tour-card-price">
                <span className="text-muted-foreground">{t('from')} </span>
                <Price
                  fils={tour.fromPrice}
                  className="font-semibold"
                  preformatted={{ currency, text: formatAedAs(tour.fromPrice, currency, locale) }}
                />
              </span>
            </>
          ) : null}
        </div>
      </div>
    </article>
  );
}

export async function TourGrid({
  tours,
  priorityCount = 0,
  ...site
}: Omit<TourCardProps, 'tour' | 'priority'> & { tours: TourCardData[]; priorityCount?: number }) {
  return (
    <ul className="grid grid-cols-1 gap-4 xs:grid-cols-2 lg:grid-cols-4">
      {tours.map((tour, index) => (
        <li key={tour.slug} className="relative">
          <TourCard tour={tour} {...site} priority={index < priorityCount} />
        </li>
      ))}
    </ul>
  );
}
