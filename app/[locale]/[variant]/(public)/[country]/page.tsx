import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { CataloguePlaceholder } from '@/components/portal/catalogue-placeholder';
import { findCountry } from '@/server/catalog/queries';
import { resolveSiteParams } from '@/server/sites/site-params';

export const dynamic = 'force-dynamic';

type Params = Promise<{ locale: string; variant: string; country: string }>;

export default async function CountryPage({ params }: { params: Params }) {
  const [{ locale }, { country: slug }] = await Promise.all([resolveSiteParams(params), params]);
  const country = await findCountry(slug, locale);
  if (!country) notFound();
  const t = await getTranslations('home');
  return <CataloguePlaceholder title={country.name} heroImage={country.heroImage} notice={t('placeComingLater')} />;
}
