import { Search } from 'lucide-react';
import Image from 'next/image';
import { getTranslations } from 'next-intl/server';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Link } from '@/i18n/navigation';
import { listTopDestinations, searchTours } from '@/server/catalog/queries';
import { resolveSiteParams, type SiteParams } from '@/server/sites/site-params';
import { VARIANT_FEATURES } from '@/server/sites/site-variants';

// Reads the catalogue per request until the catalogue issue makes it static (the build never
// touches the database).
export const dynamic = 'force-dynamic';

export default async function HomePage({
  params,
  searchParams,
}: {
  params: SiteParams;
  searchParams: Promise<{ q?: string }>;
}) {
  const [{ locale, variant }, { q }] = await Promise.all([resolveSiteParams(params), searchParams]);
  const features = VARIANT_FEATURES[variant];
  const query = q?.trim().slice(0, 100) ?? '';
  const [t, results, destinations] = await Promise.all([
    getTranslations('home'),
    features.search && query ? searchTours(query, locale) : null,
    features.topDestinations ? listTopDestinations(locale) : null,
  ]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <section className="rounded-2xl bg-primary px-6 py-10 text-primary-foreground md:px-10">
        <h1 className="max-w-3xl text-3xl font-semibold md:text-4xl">{t('title')}</h1>
        <p className="mt-3 max-w-2xl text-primary-foreground/85">{t('lead')}</p>
        {features.search ? (
          <form role="search" action="" className="mt-6 flex max-w-2xl flex-col gap-2 xs:flex-row" data-testid="tour-search">
            <label htmlFor="q" className="sr-only">
              {t('searchLabel')}
            </label>
            <Input
              id="q"
              name="q"
              defaultValue={query}
              placeholder={t('searchPlaceholder')}
              className="h-12 bg-background text-foreground"
            />
            <Button type="submit" size="lg" variant="outline" className="bg-background text-foreground">
              <Search aria-hidden />
              {t('searchSubmit')}
            </Button>
          </form>
        ) : null}
      </section>

      {results ? (
        <section aria-labelledby="results-title" className="mt-10">
          <h2 id="results-title" className="text-xl font-semibold">
            {t('searchResults', { query })}
          </h2>
          {results.length === 0 ? (
            <p className="mt-3 text-muted-foreground">{t('noResults', { query })}</p>
          ) : (
            <ul className="mt-4 grid gap-3 md:grid-cols-2">
              {results.map((tour) => (
                <li key={tour.slug} className="rounded-xl border border-border p-4">
                  <Link href={`/tour/${tour.slug}`} className="font-medium text-primary hover:underline">
                    {tour.title}
                  </Link>
                  <p className="text-sm text-muted-foreground">{tour.city}</p>
                  <p className="mt-1 text-sm">{tour.summary}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}

      <p role="status" className="mt-10 rounded-xl border border-dashed border-border bg-muted p-6">
        {t('catalogueSoon')}
      </p>

      {destinations ? (
        <section aria-labelledby="top-destinations" className="mt-10" data-testid="top-destinations">
          <h2 id="top-destinations" className="text-xl font-semibold">
            {t('topDestinations')}
          </h2>
          <ul className="mt-4 grid grid-cols-1 gap-4 xs:grid-cols-2 lg:grid-cols-4">
            {destinations.map((city) => (
              <li key={city.slug}>
                <Link href={`/city/${city.slug}`} className="group block overflow-hidden rounded-xl border border-border">
                  <Image
                    src={city.heroImage}
                    alt=""
                    width={640}
                    height={400}
                    sizes="(min-width: 960px) 25vw, (min-width: 430px) 50vw, 100vw"
                    className="aspect-[16/10] w-full object-cover transition-transform group-hover:scale-105"
                  />
                  <span className="block px-4 py-3 font-medium">{city.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
