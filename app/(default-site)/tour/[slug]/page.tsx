import { defaultSiteParams } from '@/server/hosts/variant-params';
import TourDetailPage, { generateMetadata as tourMetadata } from '../../../[locale]/[variant]/(public)/tour/[slug]/page';

type Params = Promise<{ slug: string }>;

// As in [locale]/[variant]: rendered on first request, then cached until the tour's tag changes.
export function generateStaticParams() {
  return [];
}

export const revalidate = 3600;

export function generateMetadata({ params }: { params: Params }) {
  return tourMetadata({ params: defaultSiteParams(params) });
}

export default function DefaultSiteTourPage({ params }: { params: Params }) {
  return <TourDetailPage params={defaultSiteParams(params)} />;
}
