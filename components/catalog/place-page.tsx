import type { Metadata } from 'next';
import { StaticImage } from '@/components/ui/static-image';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/locales';
import { LocaleLink } from '@/components/i18n/locale-link';
import type { PlacePage } from '@/server/catalog/queries';
import { absoluteUrl, pageMetadata } from '@/server/hosts/seo';
import { resolveSiteParams } from '@/server/hosts/variant-params';
import { type Variant, VARIANT_FEATURES } from '@/shared/sites/site-variants';
import { Breadcrumbs, breadcrumbJsonLd, type Crumb } from './breadcrumbs';
import { JsonLd } from './json-ld';
import { placeSections } from './place-sections';
import { TourGrid } from './tour-card';

/** Cards per category on a country or city page: two rows on a wide screen. */
const PLACE_SECTION_CARDS = 8;

type PlaceParams = Promise<{ locale: string; variant: string; slug: string }>;

/**
 * Country and city pages: the tours of a place by category (each tour once), under a hero image. Rendered on
 * first request and then served from cache until the catalogue changes.
 */
export function placePage(kind: 'country' | 'city', load: (slug: string) => Promise<PlacePage | null>) {
  const pathOf = (slug: string) => (kind === 'country' ? `/${slug}` : `/city/${slug}`);

  async function generateMetadata({ params }: { params: PlaceParams }): Promise<Metadata> {
    const [{ locale, variant }, { slug }] = await Promise.all([resolveSiteParams(params), params]);
    const page = await load(slug);
    if (!page) return {};
    const t = await getTranslations({ locale, namespace: 'catalog.place' });
    const name = page.place.name[locale];
    return pageMetadata({
      variant,
      locale,
      path: pathOf(slug),
      title: t('toursIn', { place: name }),
      description: t('metaDescription', { place: name }),
      image: page.place.heroImage,
    });
  }

  async function PlacePageView({ params }: { params: PlaceParams }) {
    const [{ locale, variant }, { slug }] = await Promise.all([resolveSiteParams(params), params]);
    const page = await load(slug);
    if (!page) notFound();
    return <PlaceView page={page} kind={kind} locale={locale} variant={variant} path={pathOf(slug)} />;
  }

  return { generateMetadata, PlacePageView };
}

async function PlaceView({
  page,
  kind,
  locale,
  variant,
  path,
}: {
  page: PlacePage;
  kind: 'country' | 'city';
  locale: Locale;
  variant: Variant;
  path: string;
}) {
  const [t, ts] = await Promise.all([getTranslations('catalog'), getTranslations('catalogSearch')]);
  const name = page.place.name[locale];
  // Each tour once; a long category shows its first cards and links to all of them in the search
  // (a host without the search shows them all).
  const sections = placeSections(page.categories, page.tours, VARIANT_FEATURES[variant].search ? PLACE_SECTION_CARDS : Infinity);
  const crumbs: Crumb[] = [
    { name: t('tour.home'), href: '/' },
    ...(kind === 'city' ? [{ name: page.country.name[locale], href: `/${page.country.slug}` }] : []),
    { name, href: path },
  ];
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <JsonLd data={breadcrumbJsonLd(crumbs, (href) => absoluteUrl(variant, locale, href))} />
      <Breadcrumbs items={crumbs} label={t('tour.home')} />
      <div className="relative mt-4 overflow-hidden rounded-2xl">
        <StaticImage
          src={page.place.heroImage}
          alt=""
          width={1600}
          height={1000}
          priority
          fetchPriority="high"
          sizes="(min-width: 1200px) 1152px, 100vw"
          className="aspect-[12/5] w-full object-cover"
        />
        <h1 className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/70 to-transparent px-6 pt-16 pb-5 text-3xl font-semibold text-white md:text-4xl">
          {t('place.toursIn', { place: name })}
        </h1>
      </div>

      {page.cities.length > 0 ? (
        <nav aria-label={t('place.cities')} className="mt-6">
          <ul className="flex flex-wrap gap-2">
            {page.cities.map((city) => (
              <li key={city.slug}>
                <LocaleLink href={`/city/${city.slug}`} className="inline-block rounded-full border border-border px-4 py-2 text-sm hover:border-primary hover:text-primary">
                  {city.name[locale]}
                </LocaleLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      {page.tours.length === 0 ? <p className="mt-8 text-muted-foreground">{t('place.empty')}</p> : null}
      {sections.map((section, index) => {
        const id = section.category?.slug ?? 'other';
        return (
          <section key={id} id={section.category?.slug} aria-labelledby={`category-${id}`} className="mt-10 scroll-mt-20">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <h2 id={`category-${id}`} className="text-xl font-semibold">
                {section.category ? section.category.name[locale] : t('place.otherTours')}
              </h2>
              {section.category && section.total > section.tours.length ? (
                <LocaleLink
                  href={{ pathname: '/search', query: { [kind]: page.place.slug, category: section.category.slug } }}
                  className="text-sm font-medium text-primary underline-offset-4 hover:underline"
                  aria-label={ts('seeAllIn', { category: section.category.name[locale], place: name })}
                  data-testid="see-all"
                >
                  {ts('seeAll', { count: section.total })}
                </LocaleLink>
              ) : null}
            </div>
            <div className="mt-4">
              <TourGrid tours={section.tours} locale={locale} currency={VARIANT_FEATURES[variant].defaultCurrency} priorityCount={index === 0 ? 2 : 0} />
            </div>
          </section>
        );
      })}
    </div>
  );
}
