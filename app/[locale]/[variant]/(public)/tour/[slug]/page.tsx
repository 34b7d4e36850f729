import { Clock } from '@/components/icons/icons';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { getBookingLabels } from '@/components/bookings/picker/get-booking-labels';
import { AgentNotes, AgentTourDetailsProvider } from '@/components/catalog/agent-tour-details';
import { Breadcrumbs, breadcrumbJsonLd, type Crumb } from '@/components/catalog/breadcrumbs';
import { durationParts } from '@/components/catalog/duration';
import { JsonLd } from '@/components/catalog/json-ld';
import { OfferCard } from '@/components/catalog/offer-card';
import { MeetingPoint } from '@/components/catalog/tour-page/meeting-point';
import { RelatedTours } from '@/components/catalog/tour-page/related-tours';
import { TourFacts } from '@/components/catalog/tour-page/tour-facts';
import { TourGallery } from '@/components/catalog/tour-page/tour-gallery';
import { tourJsonLd } from '@/components/catalog/tour-page/tour-json-ld';
import { TourVideo } from '@/components/catalog/tour-page/tour-video';
import { AnalyticsMarker } from '@/components/telemetry/analytics-marker';
import { getTourPage } from '@/server/catalog/queries';
import { getRelatedTours } from '@/server/catalog/related-tours';
import { absoluteUrl, pageMetadata, publicOrigin } from '@/server/hosts/seo';
import { resolveSiteParams } from '@/server/hosts/variant-params';
import { VARIANT_FEATURES } from '@/shared/sites/site-variants';

type Params = Promise<{ locale: string; variant: string; slug: string }>;

// Rendered on first request (never at build: no database there), then cached until the tour's
// catalogue tag is revalidated. Agent rates load in the browser, so the cache holds retail only.
export function generateStaticParams() {
  return [];
}

export const revalidate = 3600;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const [{ locale, variant }, { slug }] = await Promise.all([resolveSiteParams(params), params]);
  const tour = await getTourPage(slug);
  if (!tour) return {};
  return pageMetadata({
    variant,
    locale,
    path: `/tour/${slug}`,
    title: tour.title[locale],
    description: tour.summary[locale],
    image: tour.photos[0]?.url,
  });
}

export default async function TourDetailPage({ params }: { params: Params }) {
  const [{ locale, variant }, { slug }] = await Promise.all([resolveSiteParams(params), params]);
  const tour = await getTourPage(slug);
  if (!tour) notFound();
  const [t, bookingLabels, related] = await Promise.all([getTranslations('catalog'), getBookingLabels(), getRelatedTours(tour.slug)]);
  const currency = VARIANT_FEATURES[variant].defaultCurrency;
  const url = absoluteUrl(variant, locale, `/tour/${tour.slug}`);
  const crumbs: Crumb[] = [
    { name: t('tour.home'), href: '/' },
    { name: tour.country.name[locale], href: `/${tour.country.slug}` },
    { name: tour.city.name[locale], href: `/city/${tour.city.slug}` },
    { name: tour.title[locale], href: `/tour/${tour.slug}` },
  ];

  return (
    <AgentTourDetailsProvider slug={tour.slug}>
      <AnalyticsMarker event="tour_view" properties={{ slug: tour.slug }} />
      <JsonLd data={tourJsonLd(tour, { locale, url, origin: publicOrigin(variant), currency })} />
      <JsonLd data={breadcrumbJsonLd(crumbs, (href) => absoluteUrl(variant, locale, href))} />
      <div className="mx-auto max-w-6xl px-4 py-6">
        <Breadcrumbs items={crumbs} label={t('tour.home')} />
        <header className="mt-4">
          <h1 className="text-3xl font-semibold md:text-4xl">{tour.title[locale]}</h1>
          <p className="mt-2 max-w-3xl text-muted-foreground">{tour.summary[locale]}</p>
          <p className="mt-2 flex items-center gap-1 text-sm">
            <Clock aria-hidden className="size-4" />
            <span className="sr-only">{t('tour.duration')}: </span>
            {t('card.duration', durationParts(tour.durationMinutes))}
          </p>
        </header>
        <TourGallery photos={tour.photos} locale={locale} />

        <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_320px]">
          <div className="grid min-w-0 content-start gap-10">
            <section aria-labelledby="ticket-options">
              <h2 id="ticket-options" className="text-xl font-semibold">
                {t('tour.ticketOptions')}
              </h2>
              <div className="mt-4 grid gap-4">
                {tour.offers.map((offer) => (
                  <OfferCard
                    key={offer.id}
                    offer={offer}
                    locale={locale}
                    currency={currency}
                    tourSlug={tour.slug} bookingLabels={bookingLabels}
                    refundFeePercent={tour.refundFeePercent} />
                ))}
              </div>
            </section>

            <section>
              <p className="leading-relaxed whitespace-pre-line">{tour.description[locale]}</p>
            </section>

            <TourFacts tour={tour} locale={locale} />

            {tour.itinerary.length > 0 ? (
              <section aria-labelledby="itinerary">
                <h2 id="itinerary" className="text-xl font-semibold">
                  {t('tour.itinerary')}
                </h2>
                <ol className="mt-4 grid gap-4 border-l-2 border-primary/30 pl-5">
                  {tour.itinerary.map((step, index) => (
                    <li key={index}>
                      <p className="font-medium">
                        {step.time ? <span className="mr-2 text-primary">{step.time}</span> : null}
                        {step.title[locale]}
                      </p>
                      <p className="text-sm text-muted-foreground">{step.description[locale]}</p>
                    </li>
                  ))}
                </ol>
              </section>
            ) : null}

            <TourVideo tour={tour} locale={locale} />

            {tour.faq.length > 0 ? (
              <section aria-labelledby="faq">
                <h2 id="faq" className="text-xl font-semibold">
                  {t('tour.faq')}
                </h2>
                <div className="mt-4 divide-y divide-border rounded-xl border border-border">
                  {tour.faq.map((item) => (
                    <details key={item.question.en} className="group px-4 py-3">
                      <summary className="cursor-pointer font-medium marker:text-primary">{item.question[locale]}</summary>
                      <p className="mt-2 text-sm text-muted-foreground">{item.answer[locale]}</p>
                    </details>
                  ))}
                </div>
              </section>
            ) : null}
          </div>

          <aside className="grid content-start gap-6">
            <AgentNotes title={t('tour.notesToAgents')} />
            {tour.meetingPoint ? <MeetingPoint point={tour.meetingPoint} locale={locale} /> : null}
            <section aria-labelledby="terms" className="rounded-xl border border-border p-5">
              <h2 id="terms" className="text-lg font-semibold">
                {t('tour.terms')}
              </h2>
              <p className="mt-2 text-sm whitespace-pre-line text-muted-foreground">{tour.terms[locale]}</p>
            </section>
          </aside>
        </div>
        <RelatedTours tours={related} locale={locale} currency={currency} />
      </div>
    </AgentTourDetailsProvider>
  );
}
