import { getTranslations } from 'next-intl/server';
import { DEFAULT_LOCALE } from '@/i18n/locales';
import { WidgetSiteNotFound } from '@/components/widget-sites/widget-site-not-found';
import { widgetSiteRender } from '@/server/widgets/sites/site-render-context';
import { loadWidgetSite } from '@/server/widgets/sites/widget-site';

/** Status 404: a path the site does not have, or a domain no widget serves (in the visitor's language). */
export default async function WidgetSiteNotFoundPage() {
  const render = widgetSiteRender();
  const site = render ? await loadWidgetSite(render.host) : null;
  const t = await getTranslations({ locale: site?.locale ?? render?.locale ?? DEFAULT_LOCALE, namespace: 'widgetSites' });
  return <WidgetSiteNotFound site={site} t={t} />;
}
