import NextLink from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AvailabilityForm, OfferForm, TourForm } from '@/components/ops/catalog/catalog-forms';
import { CatalogNav } from '@/components/ops/catalog/catalog-nav';
import { TourGallery } from '@/components/ops/catalog/gallery';
import { PickUpTimeForm } from '@/components/ops/catalog/hotel-forms';
import { listTourCityHotels, listTourPickUpTimes } from '@/server/ops/catalog/hotel-admin';
import { MonthSlots } from '@/components/ops/catalog/month-slots';
import { OpsPage } from '@/components/ops/ops-page';
import { localizedPath } from '@/i18n/locales';
import { getDb } from '@/server/db/database';
import { listMonthSlots, loadCatalogOptions, loadConsoleTour } from '@/server/ops/catalog/catalog-queries';
import { parseMonth } from '@/server/ops/catalog/list-query';
import { dubaiToday } from '@/shared/availability/rules';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { requireOpsPage } from '@/server/staff/staff-principal';

type Params = Promise<{ locale: string; variant: string; id: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata() {
  const t = await getTranslations('opsCatalog');
  return { title: t('tours.edit'), robots: { index: false } };
}

/** One tour: its texts, its offers with their prices and terms, and each offer's calendar. */
export default async function ConsoleTourPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { id } = await params;
  const staff = await requireOpsPage('ops:catalog', `/ops/catalog/tours/${id}`);
  const [{ locale }, query, t] = await Promise.all([resolveSiteParams(params as SiteParams), searchParams, getTranslations('opsCatalog')]);
  if (!/^[0-9a-f-]{36}$/.test(id)) notFound();
  const db = await getDb();
  const [loaded, options] = await Promise.all([loadConsoleTour(db, staff, id), loadCatalogOptions(db, staff)]);
  if (!loaded) notFound();
  const month = parseMonth(query.month, dubaiToday(new Date()).slice(0, 7));
  const [slotsByOffer, cityHotels, pickUps] = await Promise.all([
    Promise.all(loaded.offers.map((offer) => listMonthSlots(db, staff, offer.id, month))),
    listTourCityHotels(db, staff, id),
    listTourPickUpTimes(db, staff, id),
  ]);
  return (
    <OpsPage title={loaded.tour.title[locale]} description={loaded.tour.slug} actions={<CatalogNav locale={locale} />}>
      <NextLink href={localizedPath(locale, `/tour/${loaded.tour.slug}`)} className="text-sm text-primary underline-offset-4 hover:underline">
        {t('tours.publicPage')}
      </NextLink>
      <section aria-labelledby="tour-details" className="grid gap-3">
        <h2 id="tour-details" className="text-lg font-semibold">
          {t('tours.details')}
        </h2>
        <TourForm tour={loaded.tour} categoryIds={loaded.categoryIds} cities={options.cities} categories={options.categories} />
      </section>
      <section aria-labelledby="tour-gallery" className="grid gap-3">
        <h2 id="tour-gallery" className="text-lg font-semibold">
          {t('gallery.heading')}
        </h2>
        <TourGallery tourId={loaded.tour.id} photos={loaded.photos} />
      </section>
      {loaded.offers.map((offer, index) => (
        <section key={offer.id} aria-labelledby={`offer-${offer.id}`} className="grid gap-3 rounded-xl border border-border p-4">
          <h2 id={`offer-${offer.id}`} className="text-lg font-semibold">
            {t('offers.heading', { name: offer.name[locale] })}
          </h2>
          <OfferForm tourId={loaded.tour.id} offer={offer} />
          <h3 className="font-medium">{t('availability.heading', { name: offer.name[locale] })}</h3>
          <MonthSlots month={month} slots={slotsByOffer[index] ?? []} perType={offer.stockMode === 'per_type'} path={localizedPath(locale, `/ops/catalog/tours/${id}`)} />
          <AvailabilityForm offerId={offer.id} perType={offer.stockMode === 'per_type'} />
        </section>
      ))}
      <section aria-labelledby="pick-ups" className="grid gap-3">
        <h2 id="pick-ups" className="text-lg font-semibold">
          {t('hotels.pickUps')}
        </h2>
        {pickUps.length > 0 ? (
          <ul className="grid gap-1 text-sm">
            {pickUps.map((row) => (
              <li key={row.id}>
                {row.hotel}: {row.startTime} → {row.pickUpTime}
              </li>
            ))}
          </ul>
        ) : null}
        <PickUpTimeForm tourId={id} hotels={cityHotels} />
      </section>
      <section aria-labelledby="new-offer" className="grid gap-3 rounded-xl border border-border p-4">
        <h2 id="new-offer" className="text-lg font-semibold">
          {t('offers.new')}
        </h2>
        <OfferForm tourId={loaded.tour.id} />
      </section>
    </OpsPage>
  );
}
