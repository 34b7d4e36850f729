import type { Metadata } from 'next';
import { StaticImage } from '@/components/ui/static-image';
import { getTranslations } from 'next-intl/server';
import { SearchForm } from '@/components/catalog/search-form';
import { TourGrid } from '@/components/catalog/tour-card';
import { LocaleLink } from '@/components/i18n/locale-link';
import { getHomeData } from '@/server/catalog/queries';
import { pageMetadata } from '@/server/hosts/seo';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { VARIANT_FEATURES } from '@/shared/sites/site-variants';

export const revalidate = 3600;

export async function generateMetadata({ params }: { params: SiteParams }): Promise<Metadata> {
  const { locale, variant } = await resolveSiteParams(params);
  const t = await getTranslations({ locale, namespace: 'meta' });
  return { ...pageMetadata({ variant, locale, path: '/', title: t('title'), description: t('description') }), title: { absolute: t('title') } };
}

export default async function HomePage({ params }: { params: SiteParams }) {
  const { locale, variant } = await resolveSiteParams(params);
  const features = VARIANT_FEATURES[variant];
  const [t, home, data] = await Promise.all([getTranslations('home'), getTranslations('catalog.home'), getHomeData()]);
  const topDestinations = data.cities.filter((city) => city.isTopDestination);
  // Without search (second variant), a category opens its section on the home country's page.
  const homeCountry = data.cities[0]?.countrySlug ?? 'uae';
  const categoryHref = (slug: string) =>
    features.search ? { pathname: '/search', query: { category: slug } } : { pathname: `/${homeCountry}`, hash: slug };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <section className="rounded-2xl bg-primary px-5 py-8 text-primary-foreground md:px-10 md:py-10">
        <h1 className="max-w-3xl text-3xl font-semibold md:text-4xl">{t('title')}</h1>
        {/* A host without search invites to browse what the home page lists instead. */}
        <p className="mt-3 max-w-2xl text-primary-foreground/85">{t(features.search ? 'lead' : 'leadBrowse')}</p>
        {features.search ? (
          <div className="mt-6">
            <SearchForm locale={locale} categories={data.categories} cities={data.cities} />
          </div>
        ) : null}
      </section>

      {features.topDestinations ? (
        <section aria-labelledby="top-destinations" className="mt-10" data-testid="top-destinations">
          <h2 id="top-destinations" className="text-xl font-semibold">
            {home('topDestinations')}
          </h2>
          <ul className="mt-4 grid grid-cols-2 gap-4 lg:grid-cols-4">
            {topDestinations.map((city) => (
              <li key={city.slug}>
                <LocaleLink href={`/city/${city.slug}`} className="group relative block overflow-hidden rounded-xl">
                  <StaticImage
                    src={city.heroImage}
                    alt=""
                    width={640}
                    height={400}
                    sizes="(min-width: 960px) 280px, 50vw"
                    className="aspect-[16/10] w-full object-cover transition-transform group-hover:scale-105"
                  />
                  <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/70 to-transparent px-4 pt-8 pb-3 font-semibold text-white">
                    {city.name[locale]}
                  </span>
                </LocaleLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {/* Featured tours are the catalogue's own promotion, on every host: without search and top
          destinations (second variant) they are the way into the tours. */}
      {data.featured.length > 0 ? (
        <section aria-labelledby="featured-tours" className="mt-10" data-testid="promo">
          <h2 id="featured-tours" className="text-xl font-semibold">
            {home('featured')}
          </h2>
          <div className="mt-4">
            <TourGrid tours={data.featured} locale={locale} currency={features.defaultCurrency} />
          </div>
        </section>
      ) : null}

      <section aria-labelledby="categories" className="mt-10">
        <h2 id="categories" className="text-xl font-semibold">
          {home('categories')}
        </h2>
        <ul className="mt-4 flex flex-wrap gap-2">
          {data.categories.map((category) => (
            <li key={category.slug}>
              <LocaleLink
                href={categoryHref(category.slug)}
                className="inline-block rounded-full border border-border px-4 py-2 text-sm hover:border-primary hover:text-primary"
              >
                {category.name[locale]}
              </LocaleLink>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
