import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { CataloguePlaceholder } from '@/components/portal/catalogue-placeholder';
import { findCity } from '@/server/catalog/queries';
import { resolveSiteParams } from '@/server/sites/site-params';

export const dynamic = 'force-dynamic';

type Params = Promise<{ locale: string; variant: string; city: string }>;

export default async function CityPage({ params }: { params: Params }) {
  const [{ locale }, { city: slug }] = await Promise.all([resolveSiteParams(params), params]);
  const city = await findCity(slug, locale);
  if (!city) notFound();
  const t = await getTranslations('home');
  return <CataloguePlaceholder title={city.name} heroImage={city.heroImage} notice={t('placeComingLater')} />;
}
