import { defaultSiteParams } from '@/server/hosts/variant-params';
import CityPage, { generateMetadata as cityMetadata } from '../../../[locale]/[variant]/(public)/city/[slug]/page';

type Params = Promise<{ slug: string }>;

// As in [locale]/[variant]: rendered on first request, then cached until the city's tag changes.
export function generateStaticParams() {
  return [];
}

export const revalidate = 3600;

export function generateMetadata({ params }: { params: Params }) {
  return cityMetadata({ params: defaultSiteParams(params) });
}

export default function DefaultSiteCityPage({ params }: { params: Params }) {
  return <CityPage params={defaultSiteParams(params)} />;
}
