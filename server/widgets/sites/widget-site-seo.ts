import 'server-only';
import type { Metadata } from 'next';
import { widgetBookPath, widgetSiteTitle } from '@/shared/widgets/widget-site-links';
import type { WidgetSite } from './widget-site';

// A widget site's own SEO on its own domain: its title and description, its canonical URLs,
// sitemap and robots, and nothing of the portal's (no Traveldesk name or icon).

/** Sites are served over HTTPS on the agency's domain, whatever scheme reached this server. */
export function widgetSiteUrl(domain: string, path = '/'): string {
  return `https://${domain}${path}`;
}

export { widgetSiteTitle };

export function widgetSiteMetadata(site: WidgetSite): Metadata {
  const title = widgetSiteTitle(site);
  const description = site.metaDescription || undefined;
  const url = widgetSiteUrl(site.domain);
  const image = site.heroImageUrl ? widgetSiteUrl(site.domain, site.heroImageUrl) : undefined;
  return {
    title,
    description,
    applicationName: site.name,
    alternates: { canonical: url },
    robots: site.noIndex ? { index: false, follow: false } : undefined,
    // An empty list, not none: it keeps the portal's own icon (app/icon.svg) off the agency's site.
    icons: site.logoUrls[0] ? [{ url: site.logoUrls[0] }] : [],
    openGraph: {
      type: 'website',
      url,
      title,
      description,
      siteName: site.name,
      locale: site.locale === 'ru' ? 'ru_RU' : 'en_AE',
      images: image ? [{ url: image }] : undefined,
    },
    twitter: { card: image ? 'summary_large_image' : 'summary', title, description },
  };
}

/** The site is one page: its landing, unless the agency keeps it out of search engines. */
export function widgetSitemapXml(site: WidgetSite): string {
  const urls = site.noIndex ? '' : `<url><loc>${escapeXml(widgetSiteUrl(site.domain))}</loc></url>\n`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}</urlset>\n`;
}

/** Everything disallowed for a no-index site and for a domain no widget serves. */
export function widgetRobotsTxt(site: WidgetSite | null): string {
  if (!site || site.noIndex) return ['User-agent: *', 'Disallow: /', ''].join('\n');
  return ['User-agent: *', 'Allow: /', 'Disallow: /api/', `Disallow: ${widgetBookPath('')}`, `Sitemap: ${widgetSiteUrl(site.domain, '/sitemap.xml')}`, ''].join('\n');
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
