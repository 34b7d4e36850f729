import { LOCALES } from '@/i18n/locales';
import { PORTAL_ROUTES } from '@/shared/auth/route-access';
import { PUBLIC, runRoute } from '@/server/http/run-route';
import { publicOrigin } from '@/server/hosts/seo';
import { variantOfRequest, widgetHostOfRequest } from '@/server/hosts/request-host';
import { loadWidgetSite } from '@/server/widgets/sites/widget-site';
import { widgetRobotsTxt } from '@/server/widgets/sites/widget-site-seo';

export const dynamic = 'force-dynamic';

/** Public pages are indexed; the signed-in portal, the API and search results are not. */
export const GET = runRoute({
  permission: PUBLIC,
  run: async (_input, { request }) => {
    const widgetHost = widgetHostOfRequest(request);
    // A widget's domain has its site's rules; one no widget serves keeps crawlers out.
    if (widgetHost !== null) return textResponse(widgetRobotsTxt(await loadWidgetSite(widgetHost)));
    const variant = variantOfRequest(request);
    const privatePaths = ['/api/', '/search', '/sign-in', ...Object.keys(PORTAL_ROUTES)];
    const disallow = privatePaths.flatMap((path) => [path, ...LOCALES.filter((l) => l !== 'en').map((l) => `/${l}${path}`)]);
    const body = ['User-agent: *', 'Allow: /', ...disallow.map((path) => `Disallow: ${path}`), `Sitemap: ${publicOrigin(variant)}/sitemap.xml`, ''].join('\n');
    return textResponse(body);
  },
});

function textResponse(body: string): Response {
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
}
