import { placePage } from '@/components/catalog/place-page';
import { getCountryPage } from '@/server/catalog/queries';

// Nothing is rendered at build time (no database there); each page renders on first request
// and is then cached until its catalogue tag is revalidated.
export function generateStaticParams() {
  return [];
}

export const revalidate = 3600;

const page = placePage('country', getCountryPage);

export const generateMetadata = page.generateMetadata;
export default page.PlacePageView;
