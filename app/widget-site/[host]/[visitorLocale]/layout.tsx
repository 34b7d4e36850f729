import type { Metadata, Viewport } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { DemoLabel } from '@/components/shell/demo-label';
import { TelemetryIslands } from '@/components/telemetry/telemetry-islands';
import { toLocale } from '@/i18n/locales';
import { rememberWidgetSiteRender } from '@/server/widgets/sites/site-render-context';
import { loadWidgetSite } from '@/server/widgets/sites/widget-site';
import { widgetSiteMetadata } from '@/server/widgets/sites/widget-site-seo';
import { posthogSettings } from '@/shared/telemetry/posthog-settings';

// A widget's site on its own domain: every page request to a host that is not one of
// the portal's is rewritten here (server/routing/route-rules.ts), as
// `/widget-site/{host}/{the visitor's language}/…`. The visitor's language only picks the language
// of the page telling that no site is served there; a site is in the widget's own language.

type Params = Promise<{ host: string; visitorLocale: string }>;

/**
 * Rendered on a host's first request and then cached, like the portal's public pages: one cached
 * page per host, which keeps its scripts' hashes in the Content-Security-Policy (a page rendered
 * per request would need the proxy's nonce, and the proxy does not run for `/`). The widget's
 * cache tags, collected from its lookup, renew the page when the widget or its tours change.
 */
export function generateStaticParams() {
  return [];
}

export const revalidate = 3600;

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { host, visitorLocale } = await params;
  const site = await loadWidgetSite(host);
  if (site) return widgetSiteMetadata(site);
  const t = await getTranslations({ locale: toLocale(visitorLocale), namespace: 'widgetSites' });
  // No icon either: the portal's own (app/icon.svg) must not show on a stranger's domain.
  return { title: t('notFound.siteTitle'), robots: { index: false, follow: false }, icons: [] };
}

export default async function WidgetSiteLayout({ children, params }: { children: ReactNode; params: Params }) {
  const { host, visitorLocale } = await params;
  const site = await loadWidgetSite(host);
  const locale = site?.locale ?? toLocale(visitorLocale);
  setRequestLocale(locale);
  rememberWidgetSiteRender({ host, locale });
  return (
    <html lang={locale}>
      <body className="font-sans">
        <DemoLabel locale={locale} />
        {children}
        <TelemetryIslands posthog={posthogSettings({ POSTHOG_KEY: process.env.POSTHOG_KEY, POSTHOG_HOST: process.env.POSTHOG_HOST })} />
      </body>
    </html>
  );
}
