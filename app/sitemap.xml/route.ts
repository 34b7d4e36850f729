import { LOCALES } from '@/i18n/locales';
import { getSitemapEntries } from '@/server/catalog/queries';
import { NotFound } from '@/server/errors';
import { PUBLIC, runRoute } from '@/server/http/run-route';
import { absoluteUrl } from '@/server/hosts/seo';
import { variantOfRequest, widgetHostOfRequest } from '@/server/hosts/request-host';
import { loadWidgetSite } from '@/server/widgets/sites/widget-site';
import { widgetSitemapXml } from '@/server/widgets/sites/widget-site-seo';

// Per host: each white-label lists its own URLs. The catalogue read behind it is cached.
export const dynamic = 'force-dynamic';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Every public page in both languages, with hreflang alternates (spec: sitemap.xml). */
export const GET = runRoute({
  permission: PUBLIC,
  run: async (_input, { request }) => {
    const widgetHost = widgetHostOfRequest(request);
    if (widgetHost !== null) {
      // A widget's domain lists its own site, not the portal's pages.
      const site = await loadWidgetSite(widgetHost);
      if (!site) throw new NotFound();
      return xmlResponse(widgetSitemapXml(site));
    }
    const variant = variantOfRequest(request);
    const entries = await getSitemapEntries();
    const pages: { path: string; lastModified?: string }[] = [
      { path: '/' },
      { path: '/terms-of-use' },
      { path: '/privacy-policy' },
      ...entries.countries.map((slug) => ({ path: `/${slug}` })),
      ...entries.cities.map((slug) => ({ path: `/city/${slug}` })),
      ...entries.tours.map((tour) => ({ path: `/tour/${tour.slug}`, lastModified: tour.updatedAt })),
    ];
    const urls = pages.flatMap(({ path, lastModified }) =>
      LOCALES.map((locale) => {
        const alternates = LOCALES.map(
          (language) => `<xhtml:link rel="alternate" hreflang="${language}" href="${escapeXml(absoluteUrl(variant, language, path))}"/>`,
        ).join('');
        const modified = lastModified ? `<lastmod>${lastModified}</lastmod>` : '';
        return `<url><loc>${escapeXml(absoluteUrl(variant, locale, path))}</loc>${modified}${alternates}</url>`;
      }),
    );
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
    return xmlResponse(xml);
  },
});

function xmlResponse(xml: string): Response {
  return new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
}
