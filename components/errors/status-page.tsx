import { getLocale, getTranslations } from 'next-intl/server';
import { NotFoundSearch } from '@/components/errors/not-found-search';
import { LocaleLink } from '@/components/i18n/locale-link';
import { localizedPath, toLocale } from '@/i18n/locales';
import type { TourCard } from '@/server/catalog/queries';

/** The 404 and 403 pages share one look; a 404 offers a way on: a tour search and `popular` tours. */
export async function StatusPage({ kind, popular = [] }: { kind: 'notFound' | 'forbidden'; popular?: TourCard[] }) {
  const [t, locale] = await Promise.all([getTranslations('errors'), getLocale().then(toLocale)]);
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="text-5xl font-bold text-primary">{kind === 'notFound' ? '404' : '403'}</p>
      <h1 className="mt-4 text-2xl font-semibold">{t(`${kind}Title`)}</h1>
      <p className="mt-2 text-muted-foreground">{t(`${kind}Text`)}</p>
      {kind === 'notFound' ? (
        <NotFoundSearch
          action={localizedPath(locale, '/search')}
          labels={{ search: t('notFoundSearch'), placeholder: t('notFoundSearchPlaceholder'), submit: t('notFoundSearchSubmit') }}
        />
      ) : null}
      {popular.length > 0 ? (
        <nav aria-labelledby="popular-tours" className="mt-10 text-left">
          <h2 id="popular-tours" className="text-lg font-semibold">
            {t('popularTours')}
          </h2>
          <ul className="mt-3 grid gap-2 rounded-xl border border-border p-4" data-testid="popular-tours">
            {popular.map((tour) => (
              <li key={tour.slug}>
                <LocaleLink href={`/tour/${tour.slug}`} className="font-medium text-primary underline-offset-4 hover:underline">
                  {tour.title[locale]}
                </LocaleLink>
                <span className="text-sm text-muted-foreground"> · {tour.city.name[locale]}</span>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <LocaleLink href="/" className="mt-8 inline-block font-medium text-primary underline">
        {t('backHome')}
      </LocaleLink>
    </div>
  );
}
