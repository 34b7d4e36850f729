import { notFound } from 'next/navigation';

// Any other path on a widget's domain (the portal's pages among them): the site's not-found page,
// cached per path like the portal's unknown country slugs.
export function generateStaticParams() {
  return [];
}

export const revalidate = 3600;

export default function WidgetSiteUnknownPage(): never {
  notFound();
}
