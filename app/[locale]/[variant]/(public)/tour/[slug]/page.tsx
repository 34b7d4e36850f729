import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { CataloguePlaceholder } from '@/components/portal/catalogue-placeholder';
import { findTour } from '@/server/catalog/queries';
import { resolveSiteParams } from '@/server/sites/site-params';

export const dynamic = 'force-dynamic';

type Params = Promise<{ locale: string; variant: string; slug: string }>;

export default async function TourPage({ params }: { params: Params }) {
  const [{ locale }, { slug }] = await Promise.all([resolveSiteParams(params), params]);
  const tour = await findTour(slug, locale);
  if (!tour) notFound();
  const t = await getTranslations('home');
  return <CataloguePlaceholder title={tour.title} subtitle={`${tour.city} · ${tour.summary}`} notice={t('tourComingLater')} />;
}
