import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { WidgetSiteLanding } from '@/components/widget-sites/widget-site-landing';
import { loadWidgetSite } from '@/server/widgets/sites/widget-site';

type Params = Promise<{ host: string; visitorLocale: string }>;

export const revalidate = 3600;

/** The site's one page: its offers as its type shows them, its contacts, partners and footer. */
export default async function WidgetSitePage({ params }: { params: Params }) {
  const { host } = await params;
  const site = await loadWidgetSite(host);
  if (!site) notFound();
  setRequestLocale(site.locale);
  const t = await getTranslations({ locale: site.locale, namespace: 'widgetSites' });
  return <WidgetSiteLanding site={site} t={t} />;
}
